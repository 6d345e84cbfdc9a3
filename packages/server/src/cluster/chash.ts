import { crc32 } from "node:zlib";

/**
 * The consistent hash nginx's `hash <key> consistent` uses (ketama, as in Cache::Memcached::Fast), so
 * that every process computes, for a table code, the process nginx routes the table's clients to.
 *
 * Each server (its name as written in the `server` line: "host:port") puts 160 points per unit of
 * weight on a ring of 32-bit CRC-32 values: the first is crc32(host "\0" port <0 as 4 bytes>), each
 * next one the same with the previous point's value (little-endian) instead of 0. Points are sorted
 * and equal values kept once. A key goes to the server of the first point ≥ crc32(key), wrapping to
 * the first point; when that server is down nginx tries the next point's server, and so on (20 tries
 * at most, then round-robin). An empty key is not hashed (round-robin).
 */
const POINTS_PER_WEIGHT = 160;
/** nginx gives up walking the ring after this many points and falls back to round-robin. */
const MAX_TRIES = 20;

interface Point {
  hash: number;
  server: string;
}

export class ConsistentHash {
  private readonly points: Point[];

  /** `servers`: "host:port" names exactly as nginx's `server` lines write them, all of weight 1. */
  constructor(readonly servers: readonly string[]) {
    const all: Point[] = [];
    for (const server of servers) for (const hash of serverPoints(server)) all.push({ hash, server });
    all.sort((a, b) => a.hash - b.hash);
    // nginx keeps one point per value (the order of equal points after its sort is unspecified)
    this.points = all.filter((p, i) => i === 0 || p.hash !== all[i - 1]?.hash);
  }

  /**
   * The server nginx sends `key` to when the servers in `up` (default: all) are the ones it can
   * reach; null for an empty key, no server up, or a key whose first 20 points all belong to servers
   * that are down (nginx then picks round-robin).
   */
  pick(key: string, up: ReadonlySet<string> | null = null): string | null {
    if (key === "" || this.points.length === 0) return null;
    let index = this.firstPointAtOrAfter(crc32(key) >>> 0);
    for (let tries = 0; tries <= MAX_TRIES; tries++, index++) {
      const server = (this.points[index % this.points.length] as Point).server;
      if (up === null || up.has(server)) return server;
    }
    return null;
  }

  private firstPointAtOrAfter(hash: number): number {
    let low = 0;
    let high = this.points.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const point = (this.points[middle] as Point).hash;
      if (hash > point) low = middle + 1;
      else if (hash < point) high = middle;
      else return middle;
    }
    return low;
  }
}

/** A server's points: the host and port split at the last colon followed only by digits. */
function serverPoints(server: string): number[] {
  const colon = server.lastIndexOf(":");
  const hasPort = colon >= 0 && /^\d*$/.test(server.slice(colon + 1));
  const host = hasPort ? server.slice(0, colon) : server;
  const port = hasPort ? server.slice(colon + 1) : "";
  const base = crc32(Buffer.concat([Buffer.from(host), Buffer.from([0]), Buffer.from(port)]));
  const points: number[] = [];
  const previous = Buffer.alloc(4);
  for (let i = 0; i < POINTS_PER_WEIGHT; i++) {
    const hash = crc32(previous, base) >>> 0;
    points.push(hash);
    previous.writeUInt32LE(hash, 0);
  }
  return points;
}
