import { DETAIL_COLS, DETAIL_ROWS, type DetailMap } from "@firmament/cards";
import { mulberry32 } from "@firmament/dreams";

/**
 * A synthetic card for tests: a dark, slightly noisy night sky with 3–6 details (soft blobs) of
 * random size, place and tone. Salience is highest on the details; the most salient cell is 1.
 */
export function syntheticDetail(seed: number): DetailMap {
  const random = mulberry32(seed);
  const cols = DETAIL_COLS;
  const rows = DETAIL_ROWS;
  const salience = new Array<number>(cols * rows).fill(0);
  const brightness = new Array<number>(cols * rows).fill(0);
  for (let i = 0; i < cols * rows; i++) {
    salience[i] = 0.05 * random();
    brightness[i] = 0.15 + 0.1 * random();
  }
  const blobs = 3 + Math.floor(random() * 4);
  for (let b = 0; b < blobs; b++) {
    const cx = random() * cols;
    const cy = random() * rows;
    const r = 1.5 + random() * 4;
    const strength = 0.4 + 0.6 * random();
    const tone = random();
    for (let row = 0; row < rows; row++)
      for (let col = 0; col < cols; col++) {
        const d2 = ((col + 0.5 - cx) ** 2 + (row + 0.5 - cy) ** 2) / (r * r);
        const f = Math.exp(-d2);
        const i = row * cols + col;
        salience[i] = Math.max(salience[i] as number, strength * f);
        if (f > 0.3) brightness[i] = tone;
      }
  }
  const max = Math.max(...salience);
  return { cols, rows, salience: salience.map((s) => s / max), brightness };
}

/** A synthetic deck: `size` cards with ids `syn-0` … and their detail maps. */
export function syntheticDeck(size: number, seed = 1): { ids: string[]; detail: (id: string) => DetailMap } {
  const maps = new Map<string, DetailMap>();
  for (let i = 0; i < size; i++) maps.set(`syn-${i}`, syntheticDetail(seed * 100_003 + i));
  return {
    ids: [...maps.keys()],
    detail: (id) => {
      const map = maps.get(id);
      if (!map) throw new Error(`Unknown card ${id}`);
      return map;
    },
  };
}
