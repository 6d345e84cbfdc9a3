import { describe, expect, it } from "vitest";
import { leaves, placeholders } from "../../../i18n/leaves";
import { listing } from "../listing";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";
import { it as italian } from "./it";

describe("Dreams' message catalogues", () => {
  const source = leaves(en);
  for (const [name, catalogue] of Object.entries({ de, fr, it: italian })) {
    it(`${name} has every English key, non-empty, with the same placeholders`, () => {
      const mine = leaves(catalogue);
      expect([...mine.keys()].sort()).toEqual([...source.keys()].sort());
      for (const [key, text] of source) {
        const translated = mine.get(key) ?? "";
        expect(translated.trim().length, key).toBeGreaterThan(0);
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    });
  }

  it("credits the original game, in every language", () => {
    for (const strings of Object.values(listing)) {
      expect(strings.credit).toContain("Olivier Grégoire");
      expect(strings.credit).toContain("Zoch");
      expect(strings.credit).toContain("2016");
    }
  });
});
