/** Seeded numbers for tests and tools, never for a game's secrets. */

/** A source of numbers in [0, 1). */
export type Random = () => number;

/** A seeded Random for tests and tools (mulberry32); never used for a game's secrets. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 64 hex digits from a Random: a valid game seed for tests. */
export function testSeed(random: Random): string {
  let out = "";
  for (let i = 0; i < 8; i++)
    out += Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0");
  return out;
}

export function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}
