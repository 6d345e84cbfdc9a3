import { describe, expect, it } from "vitest";
import { translationProblems } from "../../../i18n/leaves";
import { listing } from "../listing";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";
import { it as italian } from "./it";

describe("Dreams' message catalogues", () => {
  for (const [name, catalogue] of Object.entries({ de, fr, it: italian })) {
    it(`${name} has every English key, non-empty, with the same placeholders`, () => {
      expect(translationProblems(en, catalogue)).toEqual([]);
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
