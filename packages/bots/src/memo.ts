/**
 * A scan over a round's stars, memoised across decisions. Many per-star quantities (how a god or a
 * mortal of a given policy would have placed each star) depend only on the cards, the parameters and
 * the stars so far — public facts, the same for every seat — so one decision's scan is extended by the
 * next decision star by star instead of being recomputed. Results are identical with or without the
 * memo: it only saves time. Bounded (least recently stored entries are dropped).
 */
export interface ScanState {
  free: Uint8Array;
  nFree: number;
  z: Float64Array;
  total: number[];
  bySeat: number[][];
  out: number[];
}

const LIMIT = 4000;
const cache = new Map<string, ScanState>();

function clone(s: ScanState): ScanState {
  return {
    free: s.free.slice(),
    nFree: s.nFree,
    z: s.z.slice(),
    total: s.total.slice(),
    bySeat: s.bySeat.map((b) => b.slice()),
    out: s.out.slice(),
  };
}

/**
 * Runs `step(state, t)` for every star t in order, starting from the longest prefix already scanned
 * under namespace `ns`. `prefixKeys[t]` identifies the first t stars.
 */
export function scan(
  ns: string,
  prefixKeys: readonly string[],
  init: () => ScanState,
  step: (state: ScanState, t: number) => void,
): number[] {
  const n = prefixKeys.length - 1;
  let from = n;
  let found: ScanState | undefined;
  for (; from >= 0; from--) {
    found = cache.get(`${ns}#${prefixKeys[from]}`);
    if (found) break;
  }
  if (from === n && found) return found.out;
  const state = found ? clone(found) : init();
  for (let t = Math.max(0, from); t < n; t++) step(state, t);
  if (cache.size >= LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(`${ns}#${prefixKeys[n]}`, state);
  return state.out;
}

/** Keys of every prefix of a star list: prefixKeys[t] names the first t stars. */
export function prefixKeys(stars: readonly { seat: number; kind: number; x: number; y: number }[]): string[] {
  const keys = [""];
  let acc = "";
  for (const s of stars) {
    acc += `${s.seat},${s.kind},${s.x},${s.y};`;
    keys.push(acc);
  }
  return keys;
}

/** Empties the memo (tests use it to check that results do not depend on it). */
export function clearMemo(): void {
  cache.clear();
}
