import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  CURRENT_EDITION,
  cardImagePath,
  deckEditions,
  deckHash,
  EDITIONS,
  editionOfCard,
  readDeckFile,
  standardDeck,
} from "./deck";
import { entry } from "./gen/catalog";
import { composeCard } from "./gen/compose";
import { iconSource } from "./gen/icons";
import { planDeck } from "./gen/plan";
import {
  coverage3x3,
  distinctDetails,
  MAX_SALIENT_SHARE,
  MIN_DETAILS,
  SIMILARITY_THRESHOLD,
  salientShare,
  setsWithoutOwnSpot,
  similarity,
} from "./gen/select";
import { SUBJECTS } from "./gen/subjects";
import { DECK_SEED, DECK_VERSION, EDITION } from "./gen/version";
import { BOUNDS_FILE, editionPaths, VERSIONS_FILE } from "./paths";
import { DETAIL_COLS, DETAIL_ROWS, LOCALES } from "./types";

const sha = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");
const bounds = JSON.parse(readFileSync(BOUNDS_FILE, "utf8"));
/** Each edition's identity: edition 1 is frozen as it was shipped. */
const IDENTITY: Record<number, { version: string; seed: string }> = {
  1: { version: "1.5.0", seed: "firmament-dreams-v1" },
  2: { version: "2.0.0", seed: "firmament-dreams-v2" },
  3: { version: DECK_VERSION, seed: DECK_SEED },
};

describe("editions", () => {
  it("list every edition with the current one marked, and default to the current one", () => {
    expect(EDITION).toBe(CURRENT_EDITION);
    expect(deckEditions()).toEqual([
      { edition: 1, version: "1.5.0", cards: 97, current: false },
      { edition: 2, version: "2.0.0", cards: 125, current: false },
      { edition: 3, version: DECK_VERSION, cards: standardDeck(3).cards.length, current: true },
    ]);
    expect(standardDeck().edition).toBe(CURRENT_EDITION);
    expect(standardDeck().cards).toBe(standardDeck(CURRENT_EDITION).cards);
    expect(() => standardDeck(4)).toThrow(/cards\/unknown_edition/);
  });

  it("never share a card id, so an id alone tells its edition and finds its image", () => {
    const seen = new Map<string, number>();
    for (const e of EDITIONS)
      for (const c of standardDeck(e).cards) {
        expect(seen.get(c.id), c.id).toBeUndefined();
        seen.set(c.id, e);
        expect(editionOfCard(c.id)).toBe(e);
        expect(cardImagePath(c.id)).toBe(cardImagePath(c.id, e));
        expect(cardImagePath(c.id)).toBe(join(editionPaths(e).cards, `${c.id}.webp`));
      }
    const [one] = standardDeck(1).cards;
    const [two] = standardDeck(2).cards;
    const [three] = standardDeck(3).cards;
    if (!one || !two || !three) throw new Error("empty edition");
    expect(() => cardImagePath(one.id, 2)).toThrow(/cards\/unknown_card/);
    expect(() => cardImagePath(two.id, 1)).toThrow(/cards\/unknown_card/);
    expect(() => cardImagePath(two.id, 3)).toThrow(/cards\/unknown_card/);
    expect(() => cardImagePath(three.id, 2)).toThrow(/cards\/unknown_card/);
    expect(editionOfCard("dream2-999")).toBeNull();
    expect(editionOfCard("dream3-999")).toBeNull();
    expect(editionOfCard("../deck")).toBeNull();
  });
});

describe.each(EDITIONS.map((e) => [e]))("standard deck, edition %i", (edition) => {
  const deck = readDeckFile(edition);

  it("has at least 96 cards with unique ids, and its committed version and seed", () => {
    const d = standardDeck(edition);
    expect(d.cards.length).toBeGreaterThanOrEqual(96);
    expect(new Set(d.cards.map((c) => c.id)).size).toBe(d.cards.length);
    expect({ version: d.version, seed: d.seed }).toEqual(IDENTITY[edition]);
  });

  it("keeps every object inside the card with a sensible size and a tone", () => {
    for (const c of deck.cards) {
      expect(c.objects.length, c.id).toBeGreaterThanOrEqual(3);
      for (const o of c.objects) {
        expect(o.x).toBeGreaterThanOrEqual(0);
        expect(o.y).toBeGreaterThanOrEqual(0);
        expect(o.x + o.w).toBeLessThanOrEqual(1.0001);
        expect(o.y + o.h).toBeLessThanOrEqual(1.0001);
        expect(o.w).toBeGreaterThan(0);
        expect(o.h).toBeGreaterThan(0);
        expect(["light", "mid", "dark"]).toContain(o.tone);
        expect(o.label.length).toBeGreaterThan(0);
      }
    }
    const tones = deck.cards.flatMap((c) => c.objects.map((o) => o.tone));
    // tone is contrast with the surroundings (±0.1 brightness); on night scenes most things are lit against
    // a dark sky, so light dominates, but every tone must occur and none may swallow the others
    for (const t of ["light", "mid", "dark"]) {
      const share = tones.filter((x) => x === t).length / tones.length;
      expect(share, t).toBeGreaterThan(0.02);
      expect(share, t).toBeLessThan(0.75);
    }
  });

  it("gives every card a 24×36 detail map in 0..1 and alt text in every locale", () => {
    for (const c of deck.cards) {
      expect(c.detail.cols).toBe(DETAIL_COLS);
      expect(c.detail.rows).toBe(DETAIL_ROWS);
      expect(c.detail.salience).toHaveLength(DETAIL_COLS * DETAIL_ROWS);
      expect(c.detail.brightness).toHaveLength(DETAIL_COLS * DETAIL_ROWS);
      expect(Math.max(...c.detail.salience)).toBe(1);
      const all = [...c.detail.salience, ...c.detail.brightness];
      expect(
        all.every((v) => v >= 0 && v <= 1),
        c.id,
      ).toBe(true);
      for (const l of LOCALES) expect(c.alt[l].length, `${c.id} ${l}`).toBeGreaterThan(30);
    }
  });

  it("measures brightness and partial coverage per cell, so star kinds and exact spots carry information", () => {
    for (const c of deck.cards) {
      const b = c.detail.brightness;
      // Night scenes: a dark sky somewhere and light details somewhere else.
      expect(Math.min(...b), c.id).toBeLessThan(0.3);
      expect(Math.max(...b) - Math.min(...b), c.id).toBeGreaterThan(0.4);
      // Salience is graded: only a few cells are at the maximum, most of the card is background.
      const saturated = c.detail.salience.filter((v) => v >= 0.999).length / c.detail.salience.length;
      expect(saturated, c.id).toBeLessThan(0.15);
      expect(salientShare(c.detail), c.id).toBeLessThan(MAX_SALIENT_SHARE);
    }
  });

  it("covers every cell of a 3×3 grid with a salient detail on at least a quarter of the cards", () => {
    const counts = new Array<number>(9).fill(0);
    for (const c of deck.cards)
      coverage3x3(c.detail).forEach((on, i) => {
        if (on) counts[i] = (counts[i] as number) + 1;
      });
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(deck.cards.length / 4);
  });

  it("has no two cards whose detail maps are closer than the threshold", () => {
    let worst = 0;
    for (let i = 0; i < deck.cards.length; i++)
      for (let j = i + 1; j < deck.cards.length; j++)
        worst = Math.max(
          worst,
          similarity(
            (deck.cards[i] as (typeof deck.cards)[0]).detail,
            (deck.cards[j] as (typeof deck.cards)[0]).detail,
          ),
        );
    expect(worst).toBeLessThanOrEqual(SIMILARITY_THRESHOLD);
  });

  it("gives every card of any 4 dealt together a detail spot none of the other three has", () => {
    const r = setsWithoutOwnSpot(deck.cards.map((c) => c.detail));
    expect(r.sets).toBeGreaterThan(3_000_000);
    const lacking = deck.cards.filter((_, i) => (r.perCard[i] as number) > 0).map((c) => c.id);
    expect({ bad: r.bad, lacking }).toEqual({ bad: 0, lacking: [] });
  });

  it("serves valid WebP images of at most 60 KB whose hashes are committed", async () => {
    for (const c of deck.cards) {
      const file = cardImagePath(c.id, edition);
      const bytes = readFileSync(file);
      expect(sha(bytes), c.id).toBe(deck.hashes[c.id]?.webp);
      expect(bytes.length).toBeLessThanOrEqual(60 * 1024);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([deck.width, deck.height]);
    }
    expect(() => cardImagePath("../deck", edition)).toThrow(/unknown_card/);
    expect(() => cardImagePath("dream-999", edition)).toThrow(/unknown_card/);
  });

  it("keeps the SVG source of every card, matching its committed hash", () => {
    for (const c of deck.cards) {
      const committed = gunzipSync(readFileSync(join(editionPaths(edition).svg, `${c.id}.svg.gz`)));
      expect(sha(committed), c.id).toBe(deck.hashes[c.id]?.svg);
    }
  });

  it("records the art of each deck version once: the committed deck matches its version's entry", () => {
    const history = JSON.parse(readFileSync(VERSIONS_FILE, "utf8")) as Record<string, string>;
    expect(history[deck.version]).toBe(deckHash(deck.hashes));
  });
});

describe("the current edition (made by today's generator)", () => {
  const deck = readDeckFile(EDITION);

  it("gives every card a scene of its own: one family per card, its subject, never another card's", () => {
    const families = deck.cards.map((c) => c.family);
    expect(families.every((f) => typeof f === "string" && f.length > 0)).toBe(true);
    expect(new Set(families).size).toBe(deck.cards.length);
    const subjects = new Set(SUBJECTS.map((s) => s.icon));
    for (const c of deck.cards) {
      expect(subjects.has(c.family as string), c.id).toBe(true);
      // the alt text says the scene, naming the subject first
      const [one, many] = entry(c.family as string).en;
      expect(c.alt.en.includes(one) || c.alt.en.includes(many), c.id).toBe(true);
      // the subject is seen on its card and on no other
      expect(
        c.objects.some((o) => o.icon === `fluent-emoji-flat:${c.family}`),
        c.id,
      ).toBe(true);
      for (const d of deck.cards)
        if (d !== c)
          expect(
            d.objects.some((o) => o.icon === `fluent-emoji-flat:${c.family}`),
            `${c.family} on ${d.id}`,
          ).toBe(false);
    }
  });

  it("is rich: every card shows at least 8 distinct things of all three tones and a detail in every ninth", () => {
    for (const c of deck.cards) {
      expect(distinctDetails(c), c.id).toBeGreaterThanOrEqual(MIN_DETAILS);
      expect(new Set(c.objects.map((o) => o.tone)).size, c.id).toBe(3);
      expect(coverage3x3(c.detail).filter(Boolean).length, c.id).toBe(9);
    }
  });

  it("is frozen: regenerating every card's SVG gives the committed sources (bump DECK_VERSION when art changes)", () => {
    const plans = new Map(planDeck(DECK_SEED).map((p) => [p.id, p]));
    const icons = iconSource(bounds);
    for (const c of deck.cards) {
      const plan = plans.get(c.id);
      expect(plan, c.id).toBeDefined();
      if (!plan) continue;
      expect(plan.subject).toBe(c.family);
      const svg = composeCard(plan, icons).svg;
      const committed = gunzipSync(readFileSync(join(editionPaths(EDITION).svg, `${c.id}.svg.gz`))).toString(
        "utf8",
      );
      if (svg !== committed)
        throw new Error(
          `${c.id}: the composer's output changed; bump DECK_VERSION and run npm run deck:build`,
        );
      // no duplicate ids, and every reference resolves
      const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, c.id).toBe(ids.length);
      const idSet = new Set(ids);
      for (const m of svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g))
        expect(idSet.has(m[1]), `${c.id} ${m[1]}`).toBe(true);
    }
  });

  it("is deterministic: the same plan gives identical SVG text and identical rendered bytes", async () => {
    const plan = planDeck(DECK_SEED)[2];
    if (!plan) throw new Error("no plan");
    const icons = iconSource(bounds);
    const a = composeCard(plan, icons).svg;
    const b = composeCard(planDeck(DECK_SEED)[2] as typeof plan, icons).svg;
    expect(a).toBe(b);
    const ra = await sharp(Buffer.from(a)).raw().toBuffer();
    const rb = await sharp(Buffer.from(b)).raw().toBuffer();
    expect(sha(ra)).toBe(sha(rb));
  });
});
