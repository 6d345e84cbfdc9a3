import { describe, expect, it } from "vitest";
import { leaves, translationProblems } from "../../../i18n/leaves";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";
import { it as italian } from "./it";

describe("Dreamers' message catalogues", () => {
  const source = leaves(en);

  it("English has the strings the screen needs, and no empty one", () => {
    expect(source.size).toBeGreaterThan(150);
    for (const [key, text] of source) expect(text.trim().length, key).toBeGreaterThan(0);
  });

  for (const [name, catalogue] of Object.entries({ de, fr, it: italian })) {
    it(`${name} has every English key, non-empty, with the same placeholders`, () => {
      expect(translationProblems(en, catalogue)).toEqual([]);
    });

    it(`${name} keeps a missed sum's number with its word (it wrapped alone on a phone)`, () => {
      for (const text of [en.table.missed, catalogue.table.missed])
        expect(text).toMatch(/\u00a0\{\{diff\}\}/);
    });

    it(`${name} is translated, not copied from English`, () => {
      const mine = leaves(catalogue);
      // Names and bare placeholders may be the same in every language; sentences may not.
      const same = [...source].filter(([key, text]) => mine.get(key) === text && /\s\p{L}{3,}\s/u.test(text));
      expect(same.map(([key]) => key)).toEqual([]);
    });
  }
});
