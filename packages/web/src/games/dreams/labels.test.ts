import { crowdingStar, MIN_STAR_DISTANCE, mulberry32, type PlacedStar } from "@firmament/dreams";
import { describe, expect, it } from "vitest";
import { LABEL_BOX, type LabelMetrics, labelClutter, type Offset, type Point, placeLabels } from "./labels";
import { SAMPLE_STARS } from "./sample";

/** The firmament on a 390 px wide phone, and on a desktop. */
const PHONE: LabelMetrics = { width: 170, height: 255, glyph: 18, ...LABEL_BOX };
const DESKTOP: LabelMetrics = { ...PHONE, width: 430, height: 645, glyph: 22 };

const px = (stars: readonly { x: number; y: number }[], m: LabelMetrics): Point[] =>
  stars.map((s) => ({ x: s.x * m.width, y: s.y * m.height }));
const texts = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
/** Where every number used to go: always above right of its star. */
const upperRight = (n: number, m: LabelMetrics): Offset[] =>
  texts(n).map((t) => ({
    dx: m.glyph * 0.2 + (t.length * m.digitWidth + m.labelPadding) / 2,
    dy: -(m.glyph * 0.2 + m.labelHeight / 2),
  }));

/** A crowded sky: up to 18 stars as the engine allows them (never closer than the minimum distance). */
function crowdedSky(seed: number, count: number, spread: number): PlacedStar[] {
  const random = mulberry32(seed);
  const stars: PlacedStar[] = [];
  for (let tries = 0; stars.length < count && tries < 10_000; tries++) {
    const x = 0.5 + (random() - 0.5) * spread;
    const y = 0.5 + (random() - 0.5) * spread;
    if (!crowdingStar(stars, x, y)) stars.push({ seat: stars.length % 6, kind: "clear", x, y });
  }
  return stars;
}

describe("star number placement", () => {
  it("keeps the number above right of a star with room around it", () => {
    const offsets = placeLabels([{ x: 90, y: 130 }], ["1"], PHONE);
    expect(offsets).toEqual(upperRight(1, PHONE));
  });

  it("moves numbers off the sky's edges", () => {
    const corner = placeLabels([{ x: 178, y: 3 }], ["1"], PHONE);
    const clutter = labelClutter([{ x: 178, y: 3 }], ["1"], corner, PHONE);
    expect(clutter.outside).toBe(0);
  });

  it("no two numbers of the sample constellation overlap, on any sky from a small phone to a desktop", () => {
    const skies = Array.from({ length: 60 }, (_, i) => 120 + i * 7).map((width) => ({
      ...PHONE,
      width,
      height: width * 1.5,
      glyph: width < 260 ? 18 : 22,
    }));
    for (const m of [PHONE, DESKTOP, ...skies]) {
      const stars = px(SAMPLE_STARS, m);
      const offsets = placeLabels(stars, texts(stars.length), m);
      const clutter = labelClutter(stars, texts(stars.length), offsets, m);
      expect(clutter.labels).toBe(0);
      expect(clutter.outside).toBe(0);
      const before = labelClutter(stars, texts(stars.length), upperRight(stars.length, m), m);
      expect(clutter.labels + clutter.stars).toBeLessThanOrEqual(before.labels + before.stars);
    }
    // On the phone, numbers always above right used to cover each other.
    const phone = px(SAMPLE_STARS, PHONE);
    expect(labelClutter(phone, texts(12), upperRight(12, PHONE), PHONE).labels).toBeGreaterThan(0);
  });

  it("in crowded skies of 18 stars, numbers cover far less than always above right", () => {
    let before = 0;
    let after = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const sky = crowdedSky(seed, 18, 0.45);
      expect(sky).toHaveLength(18);
      const stars = px(sky, PHONE);
      const offsets = placeLabels(stars, texts(18), PHONE);
      const placed = labelClutter(stars, texts(18), offsets, PHONE);
      const old = labelClutter(stars, texts(18), upperRight(18, PHONE), PHONE);
      expect(placed.outside).toBe(0);
      expect(placed.labels).toBeLessThanOrEqual(old.labels);
      before += old.labels;
      after += placed.labels;
    }
    expect(after).toBeLessThan(before * 0.25);
  });
});

describe("the sample round", () => {
  it("is a constellation the engine would allow", () => {
    SAMPLE_STARS.forEach((star, i) => {
      expect(star.x).toBeGreaterThanOrEqual(0);
      expect(star.y).toBeLessThanOrEqual(1);
      expect(crowdingStar(SAMPLE_STARS.slice(0, i), star.x, star.y), `star ${i + 1}`).toBeUndefined();
    });
    expect(MIN_STAR_DISTANCE).toBeGreaterThan(0);
  });
});
