import {
  type LeaderboardResponse,
  type PlayerGameStats,
  type PlayerProfile,
  type PlayerRating,
  RATING_RULES,
} from "@firmament/protocol";
import { fail, type Outcome } from "../outcome";
import type { ProfileRows } from "../store/player-queries";
import type { Store } from "../store/types";
import { displayRating } from "./model";
import type { ProfileCache } from "./profile-cache";

const DAY_MS = 86_400_000;
const RECENT_MATCHES = 20;
const HISTORY_POINTS = 100;

/**
 * A player's profile as `viewerAccountId` may see it: counts and ratings for everyone; the game history
 * (recent matches, the rating's line) unless the player hides it from others; on their own profile the
 * tables they sit at now.
 */
export async function profileOf(
  store: Store,
  cache: ProfileCache,
  name: string,
  viewerAccountId: string | null,
): Promise<Outcome<PlayerProfile>> {
  const account = await store.accountByName(name);
  if (!account) return fail("player/unknown", "There is no player with that name.", 404);
  const own = viewerAccountId === account.id;
  const withHistory = own || account.historyPublic;
  const ask = { withHistory: true, recentLimit: RECENT_MATCHES, historyLimit: HISTORY_POINTS };
  // the owner reads it fresh (with their tables now); others share one kept copy
  const rows = own
    ? await store.playerProfile(account.id, { ...ask, withTables: true })
    : await cache.get(account.id, () => store.playerProfile(account.id, { ...ask, withTables: false }));
  return {
    ok: true,
    value: {
      name: account.name,
      createdAt: account.createdAt,
      historyPublic: account.historyPublic,
      own,
      games: gameStats(rows, withHistory),
      recent: withHistory ? rows.recent : null,
      tables: own ? rows.tables.map((t) => tableOf(t)) : null,
    },
  };
}

function ratingOf(r: { mu: number; sigma: number; games: number }): PlayerRating {
  return {
    rating: displayRating(r),
    mu: r.mu,
    sigma: r.sigma,
    games: r.games,
    provisional: r.games < RATING_RULES.provisionalGames,
  };
}

function gameStats(rows: ProfileRows, withHistory: boolean): PlayerGameStats[] {
  const kinds = [...new Set([...rows.stats.map((s) => s.kind), ...rows.ratings.map((r) => r.kind)])].sort();
  return kinds.map((game) => {
    const stats = rows.stats.find((s) => s.kind === game);
    const rating = rows.ratings.find((r) => r.kind === game);
    return {
      game,
      played: stats?.played ?? 0,
      won: stats?.won ?? 0,
      rating: rating ? ratingOf(rating) : null,
      history: withHistory
        ? rows.history.filter((h) => h.kind === game).map((h) => ({ at: h.at, rating: displayRating(h) }))
        : [],
    };
  });
}

function tableOf(t: { code: string; config: string; status: string }) {
  const config = JSON.parse(t.config) as { game: string };
  return {
    code: t.code,
    game: config.game,
    status: t.status === "lobby" ? ("lobby" as const) : ("playing" as const),
  };
}

/** A game's leaderboard now: the top players with enough rated games in the last 90 days. */
export async function leaderboardOf(store: Store, game: string, now: number): Promise<LeaderboardResponse> {
  const rows = await store.leaderboard(game, now - RATING_RULES.leaderboardDays * DAY_MS, {
    minGames: RATING_RULES.leaderboardGames,
    limit: RATING_RULES.leaderboardSize,
  });
  return {
    game,
    entries: rows.map((r, index) => ({
      place: index + 1,
      name: r.name,
      rating: displayRating(r),
      games: r.games,
    })),
  };
}
