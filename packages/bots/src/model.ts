import type { DetailMap } from "@firmament/cards";
import { CARD_ASPECT, MIN_STAR_DISTANCE, type PlacedStar, type StarKind } from "@firmament/dreams";

/**
 * The bots' picture of a card: the 24×36 detail grid, and per star kind how strongly each cell
 * invites that star. A clear star fits light details, a black star dark ones, a gray star mid tones,
 * with soft compatibility so a star on a salient detail of the "wrong" tone still counts.
 */
export const COLS = 24;
export const ROWS = 36;
export const CELLS = COLS * ROWS;
export const KINDS: readonly StarKind[] = ["clear", "gray", "black"];
const TONE_TARGET = [1, 0.5, 0];
const TONE_WIDTH = 0.3;
const TONE_FLOOR = 0.2;
/** Keeps every cell possible, so one odd star never makes a card impossible. */
const WEIGHT_FLOOR = 1e-3;

export function kindIndex(kind: StarKind): number {
  return kind === "clear" ? 0 : kind === "gray" ? 1 : 2;
}

export function cellCentre(cell: number): { x: number; y: number } {
  return { x: ((cell % COLS) + 0.5) / COLS, y: (Math.floor(cell / COLS) + 0.5) / ROWS };
}

export function cellOf(x: number, y: number): number {
  const col = Math.min(COLS - 1, Math.max(0, Math.floor(x * COLS)));
  const row = Math.min(ROWS - 1, Math.max(0, Math.floor(y * ROWS)));
  return row * COLS + col;
}

/** Cells whose centre a star at (x, y) crowds out (closer than the minimum star distance). */
export function cellsBlockedBy(x: number, y: number): number[] {
  const c = cellOf(x, y);
  const col0 = c % COLS;
  const row0 = Math.floor(c / COLS);
  const out: number[] = [];
  const min2 = MIN_STAR_DISTANCE * MIN_STAR_DISTANCE;
  for (let row = row0 - 2; row <= row0 + 2; row++) {
    if (row < 0 || row >= ROWS) continue;
    for (let col = col0 - 2; col <= col0 + 2; col++) {
      if (col < 0 || col >= COLS) continue;
      const cx = (col + 0.5) / COLS;
      const cy = (row + 0.5) / ROWS;
      const dx = cx - x;
      const dy = (cy - y) * CARD_ASPECT;
      if (dx * dx + dy * dy < min2) out.push(row * COLS + col);
    }
  }
  return out;
}

export interface Powered {
  /** Per kind: weight^β per cell. */
  w: Float64Array[];
  /** Per kind: the sum over all cells. */
  sum: number[];
}

let serials = 0;

export class CardModel {
  /** Tells models apart in memo keys (two decks may reuse a card id). */
  readonly serial = ++serials;
  /** Per kind: salience × tone fit, max 1, floored. */
  readonly base: Float64Array[];
  /** Per kind: log of base. */
  readonly logBase: Float64Array[];
  private readonly powered = new Map<number, Powered>();

  constructor(detail: DetailMap) {
    const { salience, brightness } = resample(detail);
    this.base = TONE_TARGET.map((target) => {
      const w = new Float64Array(CELLS);
      let max = 0;
      for (let c = 0; c < CELLS; c++) {
        const d = ((brightness[c] as number) - target) / TONE_WIDTH;
        const fit = TONE_FLOOR + (1 - TONE_FLOOR) * Math.exp(-d * d);
        const v = (salience[c] as number) * fit;
        w[c] = v;
        if (v > max) max = v;
      }
      for (let c = 0; c < CELLS; c++) w[c] = max > 0 ? Math.max(WEIGHT_FLOOR, (w[c] as number) / max) : 1;
      return w;
    });
    this.logBase = this.base.map((w) => w.map((v) => Math.log(v)));
  }

  pow(beta: number): Powered {
    let p = this.powered.get(beta);
    if (!p) {
      const w = this.base.map((b) => {
        const out = new Float64Array(CELLS);
        for (let c = 0; c < CELLS; c++) out[c] = (b[c] as number) ** beta;
        return out;
      });
      p = { w, sum: w.map((a) => a.reduce((s, v) => s + v, 0)) };
      this.powered.set(beta, p);
    }
    return p;
  }
}

const models = new WeakMap<DetailMap, CardModel>();

/** Memoised per DetailMap object: pass the same object for a card to keep decisions cheap. */
export function cardModel(detail: DetailMap): CardModel {
  let m = models.get(detail);
  if (!m) {
    m = new CardModel(detail);
    models.set(detail, m);
  }
  return m;
}

function clamp01(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

/** Any grid size to 24×36 (nearest cell); malformed values count as 0 salience, mid brightness. */
function resample(detail: DetailMap): { salience: Float64Array; brightness: Float64Array } {
  const salience = new Float64Array(CELLS);
  const brightness = new Float64Array(CELLS).fill(0.5);
  const cols = Number.isInteger(detail?.cols) && detail.cols > 0 ? detail.cols : 0;
  const rows = Number.isInteger(detail?.rows) && detail.rows > 0 ? detail.rows : 0;
  const sal = Array.isArray(detail?.salience) ? detail.salience : [];
  const bri = Array.isArray(detail?.brightness) ? detail.brightness : [];
  if (cols === 0 || rows === 0) return { salience: salience.fill(1), brightness };
  for (let row = 0; row < ROWS; row++) {
    const r = Math.min(rows - 1, Math.floor(((row + 0.5) * rows) / ROWS));
    for (let col = 0; col < COLS; col++) {
      const k = Math.min(cols - 1, Math.floor(((col + 0.5) * cols) / COLS));
      const i = r * cols + k;
      salience[row * COLS + col] = clamp01(sal[i]);
      brightness[row * COLS + col] = i < bri.length ? clamp01(bri[i]) : 0.5;
    }
  }
  return { salience, brightness };
}

export interface StarInfo {
  seat: number;
  kind: number;
  cell: number;
  x: number;
  y: number;
  blocks: number[];
}

export function starInfos(stars: readonly PlacedStar[]): StarInfo[] {
  return stars.map((s) => ({
    seat: s.seat,
    kind: kindIndex(s.kind),
    cell: cellOf(s.x, s.y),
    x: s.x,
    y: s.y,
    blocks: cellsBlockedBy(s.x, s.y),
  }));
}

/**
 * One pass over the stars in order for a pointing sharpness β: the probability of each star under each
 * card (`P_i(c) = (1−α)·w_i(c)^β/Z + α/|free|`, renormalised over cells still free when it was placed),
 * and the free cells and normalisers after the last star.
 */
export interface Sweep {
  beta: number;
  /** probs[t * 4 + i]: star t under card i. */
  probs: Float64Array;
  free: Uint8Array;
  nFree: number;
  /** z[i * 3 + k]. */
  z: Float64Array;
}

export function sweep(
  cards: readonly CardModel[],
  stars: readonly StarInfo[],
  beta: number,
  alpha: number,
): Sweep {
  const pw = cards.map((c) => c.pow(beta));
  const z = new Float64Array(12);
  for (let i = 0; i < 4; i++) for (let k = 0; k < 3; k++) z[i * 3 + k] = (pw[i] as Powered).sum[k] as number;
  const free = new Uint8Array(CELLS).fill(1);
  let nFree = CELLS;
  const probs = new Float64Array(stars.length * 4);
  for (let t = 0; t < stars.length; t++) {
    const s = stars[t] as StarInfo;
    for (let i = 0; i < 4; i++) {
      const w = ((pw[i] as Powered).w[s.kind] as Float64Array)[s.cell] as number;
      const zz = Math.max(1e-12, z[i * 3 + s.kind] as number);
      probs[t * 4 + i] = (1 - alpha) * Math.min(1, w / zz) + alpha / Math.max(1, nFree);
    }
    for (const c of s.blocks) {
      if (!free[c]) continue;
      free[c] = 0;
      nFree--;
      for (let i = 0; i < 4; i++) {
        const p = pw[i] as Powered;
        for (let k = 0; k < 3; k++)
          z[i * 3 + k] = (z[i * 3 + k] as number) - ((p.w[k] as Float64Array)[c] as number);
      }
    }
  }
  return { beta, probs, free, nFree, z };
}

/** Per card i and kind k, the probability of each cell now (0 where not free): index [i * 3 + k]. */
export function cellProbs(cards: readonly CardModel[], sw: Sweep, alpha: number): Float64Array[] {
  const out: Float64Array[] = [];
  const u = alpha / Math.max(1, sw.nFree);
  for (let i = 0; i < 4; i++) {
    const p = (cards[i] as CardModel).pow(sw.beta);
    for (let k = 0; k < 3; k++) {
      const w = p.w[k] as Float64Array;
      const zz = Math.max(1e-12, sw.z[i * 3 + k] as number);
      const a = new Float64Array(CELLS);
      for (let c = 0; c < CELLS; c++) a[c] = sw.free[c] ? (1 - alpha) * ((w[c] as number) / zz) + u : 0;
      out.push(a);
    }
  }
  return out;
}

export function normaliseLog(logs: number[]): number[] {
  const max = Math.max(...logs);
  const e = logs.map((l) => Math.exp(l - max));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

export function logSumExp(logs: readonly number[]): number {
  const max = Math.max(...logs);
  if (!Number.isFinite(max)) return max;
  let s = 0;
  for (const l of logs) s += Math.exp(l - max);
  return max + Math.log(s);
}
