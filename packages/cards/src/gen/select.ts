/**
 * Keeps the best distinct cards of the candidates: one per family (a subject's variants are one family),
 * every ninth of the card holding a detail, at least MIN_DETAILS distinct details, no two cards whose
 * detail maps are too alike, none a reviewer rejected, and no dealt set of four in which a card has no
 * detail spot of its own; and no furnishing thing on more cards than its cap (`capOfThing`).
 */
import type { CardManifest, DetailMap } from "../types";
import { capOfThing } from "./variety";

/**
 * Two cards are too alike when the cosine similarity of their salience maps exceeds this. Why 0.8
 * (measured on deck 1.5.0, whose detail maps weigh each cell by how much of it an object covers): a card
 * compared with itself shifted by one cell scores 0.89 (median), by two cells — 1/12 of the card's width,
 * about twice the minimum distance between two stars — 0.68 (median) and 0.76 at the 90th percentile, by
 * four cells 0.36. So above 0.8 two cards are more alike than nearly every card and itself nudged by two
 * cells: no star could tell them apart. Kept cards score 0.24 with each other (median pair).
 */
export const SIMILARITY_THRESHOLD = 0.8;
/** Distinct things (by catalog id) a card must show. */
export const MIN_DETAILS = 8;
/**
 * At most this share of a card's detail cells may hold anything (salience > 0.05): a picture with details
 * everywhere gives a star nothing to single out.
 */
export const MAX_SALIENT_SHARE = 0.6;

export function salientShare(d: DetailMap): number {
  return d.salience.filter((v) => v > 0.05).length / d.salience.length;
}

/** Distinct things a card shows. */
export function distinctDetails(m: CardManifest): number {
  return new Set(m.objects.map((o) => o.icon)).size;
}

export function similarity(a: DetailMap, b: DetailMap): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.salience.length; i++) {
    const x = a.salience[i] as number;
    const y = b.salience[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Which cells of a 3×3 grid hold a salient detail (max salience ≥ level). */
export function coverage3x3(d: DetailMap, level = 0.5): boolean[] {
  const out = new Array<boolean>(9).fill(false);
  for (let r = 0; r < d.rows; r++)
    for (let c = 0; c < d.cols; c++) {
      if ((d.salience[r * d.cols + c] as number) < level) continue;
      out[Math.min(2, Math.floor((r * 3) / d.rows)) * 3 + Math.min(2, Math.floor((c * 3) / d.cols))] = true;
    }
  return out;
}

/** Salience at or above this marks a card's detail spot; below EMPTY a cell counts as empty. */
export const SPOT_LEVEL = 0.5;
export const EMPTY_LEVEL = 0.25;

function bitset(d: DetailMap, level: number): Uint32Array {
  const out = new Uint32Array(Math.ceil(d.salience.length / 32));
  d.salience.forEach((v, i) => {
    if (v >= level) out[i >> 5] = (out[i >> 5] as number) | (1 << (i & 31));
  });
  return out;
}

/**
 * Checks every 4-card set: does each card have a spot of its own — a cell where it has a detail
 * (salience ≥ SPOT_LEVEL) and the other three are empty (< EMPTY_LEVEL)? Returns how many sets fail and,
 * per card, in how many failing sets it lacks its own spot.
 */
export function setsWithoutOwnSpot(
  maps: DetailMap[],
  collect?: { set: number[]; lacking: number[] }[],
): { sets: number; bad: number; perCard: number[] } {
  const n = maps.length;
  const perCard = new Array<number>(n).fill(0);
  const own = ownSpot(maps);
  let bad = 0;
  let sets = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let k = j + 1; k < n; k++)
        for (let l = k + 1; l < n; l++) {
          sets++;
          let ok = true;
          const lacking: number[] = [];
          for (const [x, a, b, c] of [
            [i, j, k, l],
            [j, i, k, l],
            [k, i, j, l],
            [l, i, j, k],
          ] as const)
            if (!own(x, a, b, c)) {
              ok = false;
              lacking.push(x);
              perCard[x] = (perCard[x] as number) + 1;
            }
          if (!ok) {
            bad++;
            collect?.push({ set: [i, j, k, l], lacking });
          }
        }
  return { sets, bad, perCard };
}

/** Whether adding a card to a deck makes any dealt set (containing it) fail the own-spot check. */
/** A test of whether card x has a detail spot where cards a, b and c (indices into `maps`) have nothing. */
function ownSpot(maps: DetailMap[]) {
  const hi = maps.map((m) => bitset(m, SPOT_LEVEL));
  const any = maps.map((m) => bitset(m, EMPTY_LEVEL));
  const words = hi[0]?.length ?? 0;
  return (x: number, a: number, b: number, c: number): boolean => {
    const hx = hi[x] as Uint32Array;
    const aa = any[a] as Uint32Array;
    const bb = any[b] as Uint32Array;
    const cc = any[c] as Uint32Array;
    for (let k = 0; k < words; k++)
      if ((hx[k] as number) & ~((aa[k] as number) | (bb[k] as number) | (cc[k] as number))) return true;
    return false;
  };
}

export function failsWith(card: DetailMap, deck: DetailMap[]): boolean {
  const own = ownSpot([card, ...deck]);
  const n = deck.length + 1;
  for (let j = 1; j < n; j++)
    for (let k = j + 1; k < n; k++)
      for (let l = k + 1; l < n; l++)
        if (!(own(0, j, k, l) && own(j, 0, k, l) && own(k, 0, j, l) && own(l, 0, j, k))) return true;
  return false;
}

export interface SelectInput {
  id: string;
  /** Cards of one family are variants of one picture; at most one is kept. */
  family: string;
  manifest: CardManifest;
  hidden: number;
  /** Its furnishing things (`furnishingOf`): none may be on more kept cards than its cap. */
  furnishing?: string[];
}

export function quality(c: SelectInput): number {
  return 0.25 * Math.min(12, distinctDetails(c.manifest)) - 0.5 * c.hidden;
}

export function selectDeck(
  items: SelectInput[],
  rejected: Record<string, string>,
  min = 96,
  capOf: (thing: string) => number = capOfThing,
): { kept: string[]; rejected: { id: string; reason: string }[]; threshold: number } {
  // best first; a card joins when no reviewer rejected it, it covers every ninth and shows enough
  // details, its family has no card in yet, it is not too like a card already in, and no dealt set of
  // four with it lacks an own spot
  const order = [...items].sort((a, b) => quality(b) - quality(a) || a.id.localeCompare(b.id));
  const kept: SelectInput[] = [];
  const out: { id: string; reason: string }[] = [];
  const families = new Set<string>();
  const things = new Map<string, number>();
  for (const c of order) {
    const full = c.furnishing?.find((t) => (things.get(t) ?? 0) >= capOf(t));
    const reason = full
      ? `${full} already on ${capOf(full)} cards`
      : rejectionOf(c, rejected, kept, families);
    if (reason) {
      out.push({ id: c.id, reason });
      continue;
    }
    kept.push(c);
    families.add(c.family);
    for (const t of c.furnishing ?? []) things.set(t, (things.get(t) ?? 0) + 1);
  }
  if (kept.length < min) throw new Error(`select: only ${kept.length} distinct cards; plan more candidates`);
  kept.sort((a, b) => a.id.localeCompare(b.id));
  return { kept: kept.map((k) => k.id), rejected: out, threshold: SIMILARITY_THRESHOLD };
}

/** Why candidate c may not join the cards kept so far, or null when it may. */
function rejectionOf(
  c: SelectInput,
  rejected: Record<string, string>,
  kept: readonly SelectInput[],
  families: ReadonlySet<string>,
): string | null {
  const why = rejected[c.id];
  if (why) return `review: ${why}`;
  const cov = coverage3x3(c.manifest.detail).filter(Boolean).length;
  if (cov < 9) return `details in ${cov} of 9 cells`;
  if (distinctDetails(c.manifest) < MIN_DETAILS) return `${distinctDetails(c.manifest)} distinct details`;
  const tones = new Set(c.manifest.objects.map((o) => o.tone)).size;
  if (tones < 3) return `details of ${tones} tones, not light, mid and dark`;
  if (salientShare(c.manifest.detail) >= MAX_SALIENT_SHARE) return "details nearly everywhere";
  if (families.has(c.family)) return `family ${c.family} already in`;
  const close = kept.find((k) => similarity(k.manifest.detail, c.manifest.detail) > SIMILARITY_THRESHOLD);
  if (close) return `too like ${close.id}`;
  if (
    failsWith(
      c.manifest.detail,
      kept.map((k) => k.manifest.detail),
    )
  )
    return "no detail spot of its own in some dealt set";
  return null;
}
