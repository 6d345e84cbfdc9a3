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

describe("Dreamers' message catalogues", () => {
  const source = leaves(en);

  it("English has the strings the screen needs, and no empty one", () => {
    expect(source.size).toBeGreaterThan(150);
    for (const [key, text] of source) expect(text.trim().length, key).toBeGreaterThan(0);
  });

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

    it(`${name} is translated, not copied from English`, () => {
      const mine = leaves(catalogue);
      // Names and bare placeholders may be the same in every language; sentences may not.
      const same = [...source].filter(([key, text]) => mine.get(key) === text && /\s\p{L}{3,}\s/u.test(text));
      expect(same.map(([key]) => key)).toEqual([]);
    });
  }
});
