import { describe, expect, it } from "vitest";
import { rng } from "../rng";
import { DETAIL_COLS, DETAIL_ROWS } from "../types";
import { fft } from "./fft";
import { computeDetailMap, peaks } from "./saliency";
import { type Blob, blobImage } from "./testimages";

const COLORS: [number, number, number][] = [
  [250, 210, 80],
  [240, 90, 110],
  [90, 220, 200],
  [245, 245, 235],
  [160, 110, 250],
];

function scene(seed: string, n: number): Blob[] {
  const r = rng(seed);
  const blobs: Blob[] = [];
  while (blobs.length < n) {
    const b: Blob = {
      x: r.range(0.15, 0.85),
      y: r.range(0.12, 0.88),
      r: r.range(0.045, 0.08),
      color: r.pick(COLORS),
    };
    // keep blobs apart so each is its own detail
    if (blobs.every((o) => Math.hypot(o.x - b.x, (o.y - b.y) * 1.5) > 0.3)) blobs.push(b);
  }
  return blobs;
}

describe("fft", () => {
  it("inverts itself and matches a direct DFT", () => {
    const n = 16;
    const r = rng("fft");
    const re = Float64Array.from({ length: n }, () => r.range(-1, 1));
    const im = new Float64Array(n);
    const orig = Float64Array.from(re);
    const dftRe = new Float64Array(n);
    for (let k = 0; k < n; k++)
      for (let t = 0; t < n; t++)
        dftRe[k] = (dftRe[k] as number) + (orig[t] as number) * Math.cos((-2 * Math.PI * k * t) / n);
    fft(re, im);
    for (let k = 0; k < n; k++) expect(re[k]).toBeCloseTo(dftRe[k] as number, 9);
    fft(re, im, true);
    for (let k = 0; k < n; k++) expect(re[k]).toBeCloseTo(orig[k] as number, 9);
  });
});

describe("custom detail maps", () => {
  it("puts the map's strongest peaks within 0.05 of the centres of known salient blobs", () => {
    for (let s = 0; s < 12; s++) {
      const n = 1 + (s % 3);
      const blobs = scene(`blobs${s}`, n);
      const map = computeDetailMap(blobImage(400, 600, blobs, `bg${s}`));
      expect(map.cols).toBe(DETAIL_COLS);
      expect(map.rows).toBe(DETAIL_ROWS);
      const top = peaks(map, n);
      expect(top).toHaveLength(n);
      const used = new Set<number>();
      for (const p of top) {
        let best = -1;
        let dist = Number.POSITIVE_INFINITY;
        blobs.forEach((b, i) => {
          const d = Math.hypot(p.x - b.x, p.y - b.y);
          if (!used.has(i) && d < dist) {
            dist = d;
            best = i;
          }
        });
        expect(dist, `scene ${s}: peak ${p.x.toFixed(3)},${p.y.toFixed(3)}`).toBeLessThanOrEqual(0.05);
        used.add(best);
      }
    }
  });

  it("keeps salience low on a plain background and reports brightness per cell", () => {
    const map = computeDetailMap(
      blobImage(400, 600, [{ x: 0.3, y: 0.7, r: 0.07, color: [250, 250, 240] }], "plain"),
    );
    const cell = (x: number, y: number) =>
      Math.floor(y * DETAIL_ROWS) * DETAIL_COLS + Math.floor(x * DETAIL_COLS);
    expect(map.salience[cell(0.3, 0.7)]).toBeGreaterThan(0.8);
    expect(map.salience[cell(0.8, 0.2)]).toBeLessThan(0.3);
    expect(map.brightness[cell(0.3, 0.7)]).toBeGreaterThan(0.85);
    expect(map.brightness[cell(0.8, 0.2)]).toBeLessThan(0.35);
  });
});
