import { describe, expect, it } from "vitest";
import { isReservedName, nameKey } from "./names";

describe("account name skeletons", () => {
  it("give look-alikes, other cases, accents and spacing one key", () => {
    const alice = nameKey("Alice Moon");
    for (const same of [
      "alice moon",
      "ALICEMOON",
      "Аlice Moon",
      "A1ice Moon",
      "AIice M0on",
      "Alicé Moon",
      "alice_moon",
      "Ａｌｉｃｅ Moon",
    ])
      expect(nameKey(same), same).toBe(alice);
  });

  it("map Greek and Cyrillic look-alikes and letter pairs read as one", () => {
    expect(nameKey("ΡΟΜΑ")).toBe(nameKey("poma"));
    expect(nameKey("Маrк")).toBe(nameKey("mark"));
    expect(nameKey("modern")).toBe(nameKey("modem"));
    expect(nameKey("vvolf")).toBe(nameKey("wolf"));
  });

  it("keep different names apart", () => {
    expect(nameKey("Alice")).not.toBe(nameKey("Alicia"));
    expect(nameKey("Bob")).not.toBe(nameKey("Rob"));
  });

  it("reserve the site's and the bots' names in any form", () => {
    for (const name of ["admin", "ADMlN", "Firmament", "system", "0rion", "Deleted Player"])
      expect(isReservedName(name), name).toBe(true);
    expect(isReservedName("Adminah")).toBe(false);
  });
});
