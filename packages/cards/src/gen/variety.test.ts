import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readDeckFile } from "../deck";
import { BOUNDS_FILE } from "../paths";
import { composeCard } from "./compose";
import { iconSource } from "./icons";
import { planDeck } from "./plan";
import { SUBJECTS } from "./subjects";
import {
  capOfThing,
  furnishingOf,
  MAX_CARDS_PER_SCENERY,
  MAX_CARDS_PER_THING,
  SCENERY,
  thingCounts,
} from "./variety";
import { DECK_SEED, EDITION } from "./version";

describe("the current edition's furnishing", () => {
  const deck = readDeckFile(EDITION);
  const plans = new Map(planDeck(DECK_SEED).map((p) => [p.id, p]));
  const icons = iconSource(JSON.parse(readFileSync(BOUNDS_FILE, "utf8")));

  it(`puts no prop, cloud or plant on more than ${MAX_CARDS_PER_THING} cards, no scenery shape on more than ${MAX_CARDS_PER_SCENERY}`, () => {
    const things = deck.cards.map((c) => {
      const plan = plans.get(c.id);
      if (!plan) throw new Error(`${c.id} is not planned`);
      return furnishingOf(c, composeCard(plan, icons).objects);
    });
    const counts = thingCounts(things);
    expect(counts.length).toBeGreaterThan(40);
    expect(counts.filter(([t, n]) => n > capOfThing(t))).toEqual([]);
    // only the few scenery shapes drawn in code have the higher cap; clouds are not among them
    expect(counts.filter(([t, n]) => n > MAX_CARDS_PER_THING && !SCENERY.has(t))).toEqual([]);
    expect(SCENERY.has("shape:cloud")).toBe(false);
    // every card is still furnished, not emptied to stay under the cap
    for (const [i, t] of things.entries()) expect(t.length, deck.cards[i]?.id).toBeGreaterThanOrEqual(3);
  });

  it("shows each hero's reflection or shadow on its own card only, and never as a prop", () => {
    for (const s of SUBJECTS.filter((x) => x.other)) {
      const on = deck.cards.filter((c) => c.objects.some((o) => o.icon === `fluent-emoji-flat:${s.other}`));
      expect(
        on.every((c) => c.family === s.icon),
        `${s.other} on ${on.map((c) => c.id)}`,
      ).toBe(true);
    }
  });
});

describe("counting things per card", () => {
  it("counts a thing once per card and sorts the most repeated first", () => {
    expect(thingCounts([["a", "b", "a"], ["b"], ["c", "b"]])).toEqual([
      ["b", 3],
      ["a", 1],
      ["c", 1],
    ]);
  });

  it("counts what is visible and placed as furnishing, not the hero or the moon", () => {
    const manifest = {
      id: "x",
      objects: ["fluent-emoji-flat:cat", "shape:cloud", "shape:full-moon", "fluent-emoji-flat:goose"].map(
        (icon) => ({
          icon,
          label: icon,
          x: 0,
          y: 0,
          w: 0.1,
          h: 0.1,
          tone: "mid" as const,
        }),
      ),
      detail: { cols: 0, rows: 0, salience: [], brightness: [] },
      alt: { en: "", de: "", fr: "", it: "" },
    };
    const placed = [
      { icon: "fluent-emoji-flat:cat", role: "hero" as const },
      { icon: "shape:cloud", role: "prop" as const },
      { icon: "shape:full-moon", role: "moon" as const },
      { icon: "fluent-emoji-flat:goose", role: "prop" as const },
      { icon: "fluent-emoji-flat:otter", role: "prop" as const },
    ];
    expect(furnishingOf(manifest, placed)).toEqual(["fluent-emoji-flat:goose", "shape:cloud"]);
  });
});
