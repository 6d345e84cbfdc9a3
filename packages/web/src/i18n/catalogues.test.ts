import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";
import { it as italian } from "./it";
import { leaves, placeholders } from "./leaves";

describe("message catalogues", () => {
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
});
