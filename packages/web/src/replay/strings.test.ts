import { describe, expect, it } from "vitest";
import { leaves, placeholders } from "../i18n/leaves";
import { REPLAY_STRINGS } from "./strings";

describe("replay strings", () => {
  const source = leaves(REPLAY_STRINGS.en);
  for (const language of ["de", "fr", "it"] as const)
    it(`${language} has every English key, non-empty, with the same placeholders`, () => {
      const mine = leaves(REPLAY_STRINGS[language]);
      expect([...mine.keys()].sort()).toEqual([...source.keys()].sort());
      for (const [key, text] of source) {
        expect((mine.get(key) ?? "").trim().length, key).toBeGreaterThan(0);
        expect(placeholders(mine.get(key) ?? ""), key).toEqual(placeholders(text));
      }
    });
});
