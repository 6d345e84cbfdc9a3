import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";
import { it as italian } from "./it";
import { translationProblems } from "./leaves";

describe("message catalogues", () => {
  for (const [name, catalogue] of Object.entries({ de, fr, it: italian })) {
    it(`${name} has every English key, non-empty, with the same placeholders`, () => {
      expect(translationProblems(en, catalogue)).toEqual([]);
    });
  }
});
