import type { PlayerMatch } from "@firmament/protocol";
import type { Kysely } from "kysely";
import { nameKey } from "../accounts/names";
import { displayRating } from "../ratings/model";
import type { DB } from "./schema";

/** An account as profiles and leaderboards see it. */
export interface AccountRow {
  id: string;
  name: string;
  historyPublic: boolean;
  createdAt: number;
}

/** How account names are compared: the accounts' look-alike key (accounts/names.ts), the one source. */
export const accountNameKey = nameKey;

/** Inserts an account row (tests, the benchmark; the accounts routes create the real ones). */
export async function addAccount(db: Kysely<DB>, account: AccountRow): Promise<void> {
  await db
    .insertInto("accounts")
    .values({
      id: account.id,
      name: account.name,
      name_key: accountNameKey(account.name),
      history_public: account.historyPublic ? 1 : 0,
      created_at: account.createdAt,
      deleted_at: null,
    })
    .execute();
}

export async function accountByName(db: Kysely<DB>, name: string): Promise<AccountRow | null> {
  const row = await db
    .selectFrom("accounts")
    .select(["id", "name", "history_public", "created_at"])
    .where("name_key", "=", accountNameKey(name))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row || row.name === null) return null;
  return {
    id: row.id,
    name: row.name,
    historyPublic: Number(row.history_public) === 1,
    createdAt: Number(row.created_at),
  };
}

/** What a profile is built from; `history` and `recent` only when asked for. */
export interface ProfileRows {
  stats: Array<{ kind: string; played: number; won: number }>;
  ratings: Array<{ kind: string; mu: number; sigma: number; games: number }>;
  history: Array<{ kind: string; at: number; mu: number; sigma: number }>;
  recent: PlayerMatch[];
  tables: Array<{ code: string; config: string; status: string }>;
}

export interface ProfileAsk {
  withHistory: boolean;
  withTables: boolean;
  recentLimit: number;
  historyLimit: number;
}

export async function playerProfile(
  db: Kysely<DB>,
  accountId: string,
  ask: ProfileAsk,
): Promise<ProfileRows> {
  // independent reads, asked at once (PostgreSQL answers them on several connections)
  const [stats, ratings, recent, tables] = await Promise.all([
    db
      .selectFrom("player_results")
      .select((eb) => ["kind", eb.fn.countAll<number>().as("played"), eb.fn.sum<number>("won").as("won")])
      .where("account_id", "=", accountId)
      .groupBy("kind")
      .execute(),
    db
      .selectFrom("ratings")
      .select(["kind", "mu", "sigma", "games"])
      .where("account_id", "=", accountId)
      .execute(),
    ask.withHistory ? recentMatches(db, accountId, ask.recentLimit) : [],
    ask.withTables ? currentTables(db, accountId) : [],
  ]);
  const history = ask.withHistory
    ? await ratingHistory(
        db,
        accountId,
        ratings.map((r) => r.kind),
        ask.historyLimit,
      )
    : [];
  return {
    stats: stats.map((s) => ({ kind: s.kind, played: Number(s.played), won: Number(s.won ?? 0) })),
    ratings: ratings.map((r) => ({
      kind: r.kind,
      mu: Number(r.mu),
      sigma: Number(r.sigma),
      games: Number(r.games),
    })),
    history,
    recent,
    tables,
  };
}

/** Each game's most recent rated matches, oldest first. */
async function ratingHistory(db: Kysely<DB>, accountId: string, kinds: string[], limit: number) {
  const perKind = await Promise.all(
    kinds.map(async (kind) => {
      const rows = await db
        .selectFrom("player_results")
        .select(["finished_at", "mu", "sigma"])
        .where("account_id", "=", accountId)
        .where("kind", "=", kind)
        .where("rated", "=", 1)
        .orderBy("finished_at", "desc")
        .limit(limit)
        .execute();
      return rows
        .reverse()
        .map((r) => ({ kind, at: Number(r.finished_at), mu: Number(r.mu), sigma: Number(r.sigma) }));
    }),
  );
  return perKind.flat();
}

async function recentMatches(
  db: Kysely<DB>,
  accountId: string,
  limit: number,
): Promise<ProfileRows["recent"]> {
  const rows = await db
    .selectFrom("player_results")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("finished_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    code: r.table_code,
    match: r.match,
    game: r.kind,
    finishedAt: Number(r.finished_at),
    place: r.place,
    players: r.players,
    won: Number(r.won) === 1,
    rated: Number(r.rated) === 1,
    abandoned: Number(r.abandoned) === 1,
    ratingAfter:
      r.mu === null || r.sigma === null ? null : displayRating({ mu: Number(r.mu), sigma: Number(r.sigma) }),
  }));
}

/** The tables the account sits at now: the few not over (an index of their own), each with its seat. */
async function currentTables(db: Kysely<DB>, accountId: string): Promise<ProfileRows["tables"]> {
  return db
    .selectFrom("tables as t")
    .select(["t.code", "t.config", "t.status"])
    .where("t.status", "in", ["lobby", "playing"])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("seats as s")
          .select("s.seat")
          .whereRef("s.table_code", "=", "t.code")
          .where("s.account_id", "=", accountId),
      ),
    )
    .orderBy("t.created_at", "desc")
    .limit(50)
    .execute();
}

export interface LeaderRow {
  name: string;
  mu: number;
  sigma: number;
  games: number;
}

/**
 * The best-rated players of a game (by the ordinal μ − 3σ) with at least `minGames` rated games that
 * finished since `since`.
 */
export async function leaderboard(
  db: Kysely<DB>,
  kind: string,
  since: number,
  ask: { minGames: number; limit: number },
): Promise<LeaderRow[]> {
  const rows = await db
    .selectFrom("ratings as r")
    .innerJoin("accounts as a", "a.id", "r.account_id")
    .select(["a.name", "r.mu", "r.sigma", "r.games"])
    .where("r.kind", "=", kind)
    .where("r.last_rated_at", ">=", since)
    .where("r.games", ">=", ask.minGames)
    .where("a.deleted_at", "is", null)
    .where((eb) =>
      eb(
        eb
          .selectFrom("player_results as p")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("p.account_id", "=", "r.account_id")
          .where("p.kind", "=", kind)
          .where("p.rated", "=", 1)
          .where("p.finished_at", ">=", since),
        ">=",
        ask.minGames,
      ),
    )
    .orderBy("r.ordinal", "desc")
    .orderBy("a.name")
    .limit(ask.limit)
    .execute();
  return rows.map((r) => ({
    name: r.name ?? "",
    mu: Number(r.mu),
    sigma: Number(r.sigma),
    games: Number(r.games),
  }));
}
