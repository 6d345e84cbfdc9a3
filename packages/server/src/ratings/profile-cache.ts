import { LRUCache } from "lru-cache";
import type { ProfileRows } from "../store/player-queries";

/** How many players' profiles a process keeps, and for how long at most. */
const PROFILES_KEPT = 5_000;
const PROFILE_TTL_MS = 60_000;

/**
 * The stored part of players' profiles as others see them (counts, ratings, the rating's line, recent
 * games; never the owner's tables now), per account. A match settled in this process drops its
 * players' entries at once; one settled by another process of a cluster shows here within a minute.
 */
export class ProfileCache {
  private readonly rows = new LRUCache<string, ProfileRows>({ max: PROFILES_KEPT, ttl: PROFILE_TTL_MS });

  async get(accountId: string, read: () => Promise<ProfileRows>): Promise<ProfileRows> {
    const kept = this.rows.get(accountId);
    if (kept) return kept;
    const rows = await read();
    this.rows.set(accountId, rows);
    return rows;
  }

  /** These accounts' results or ratings changed (a match settled, an account deleted). */
  forget(accountIds: Iterable<string>): void {
    for (const id of accountIds) this.rows.delete(id);
  }
}
