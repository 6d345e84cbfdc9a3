import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";
import { it as italian } from "./it";

function leaves(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out.set(path, child);
    else for (const [k, v] of leaves(child, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

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

  it("credits the original game and says this is unofficial, in every language", () => {
    for (const catalogue of [en, de, fr, italian]) {
      expect(catalogue.credits.game).toContain("Olivier Grégoire");
      expect(catalogue.credits.game).toContain("Zoch");
      expect(catalogue.credits.game).toContain("2016");
    }
  });
});
