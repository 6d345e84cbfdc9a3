import { describe, expect, it } from "vitest";
import { shortcutOf } from "../../components/shortcuts";
import { REGION_KEYS, REGIONS } from "./shortcuts";

describe("Dreams' table shortcuts", () => {
  it("gives every region its own key, and the firmament's keys (1 2 3) stay the firmament's", () => {
    expect(new Set(Object.values(REGION_KEYS)).size).toBe(REGIONS.length);
    for (const region of REGIONS)
      expect(
        shortcutOf(
          { key: REGION_KEYS[region], ctrlKey: false, altKey: false, metaKey: false },
          null,
          REGION_KEYS,
        ),
      ).toBe(region);
    for (const key of ["1", "2", "3", "?"]) expect(Object.values(REGION_KEYS)).not.toContain(key);
  });
});
