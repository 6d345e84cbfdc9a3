import { describe, expect, it } from "vitest";
import { shortcutOf } from "../../components/shortcuts";
import { en } from "./i18n/en";
import { REGION_KEYS, REGIONS } from "./shortcuts";

const press = (key: string) => ({ key, ctrlKey: false, altKey: false, metaKey: false });

describe("Dreamers' table shortcuts", () => {
  it("gives every region its own key, each named in the help", () => {
    expect(new Set(Object.values(REGION_KEYS)).size).toBe(REGIONS.length);
    for (const region of REGIONS) {
      expect(shortcutOf(press(REGION_KEYS[region]), { tagName: "BUTTON" }, REGION_KEYS)).toBe(region);
      expect(en.shortcuts[`region_${region}`]).toBeTruthy();
    }
    expect(shortcutOf(press("?"), { tagName: "BUTTON" }, REGION_KEYS)).toBe("help");
  });

  it("leaves Enter and Space to the focused button", () => {
    for (const key of ["Enter", " ", "Tab"])
      expect(shortcutOf(press(key), { tagName: "BUTTON" }, REGION_KEYS)).toBeNull();
  });
});
