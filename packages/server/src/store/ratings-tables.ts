import type { BotLevel } from "@firmament/protocol";
import { type Kysely, PostgresAdapter, type Transaction } from "kysely";
import { BOT_RATINGS, NEW_RATING, type Participant, rateMatch } from "../ratings/model";
import { type DB, isUniqueViolation } from "./schema";

/** One seat of a finished match, as its settlement writes it. */
export interface SettledSeat {
  seat: number;
  /** The seat's account (a signed-in human), else null. */
  accountId: string | null;
  /** A bot's level; null for a human seat. */
  botLevel: BotLevel | null;
  /** 1-based place (ties share one); an abandoned seat comes last. */
  place: number;
  won: boolean;
  score: number;
  /** A bot finished the match for this seat's absent player: it counts as their loss. */
  abandoned: boolean;
}

/** A finished match's results, written once (`rating_updates`), with its ratings if the table is rated. */
export interface Settlement {
  code: string;
  match: number;
  kind: string;
  finishedAt: number;
  rated: boolean;
  seats: SettledSeat[];
  /** Tests of crash safety only: keeps the transaction open this long before it commits. */
  holdMs?: number;
}

class AlreadySettled extends Error {}

/**
 * Writes a finished match's results in one transaction that first claims the match in
 * `rating_updates`: a second call (a retry, a restart, another process) finds the key taken and
 * changes nothing. Returns whether this call wrote them. Ratings are read and written inside the same
 * transaction (locked in PostgreSQL), so two matches of one player settled at once cannot lose either.
 */
export async function settleMatch(db: Kysely<DB>, s: Settlement): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      try {
        await trx
          .insertInto("rating_updates")
          .values({
            table_code: s.code,
            match: s.match,
            kind: s.kind,
            rated: s.rated ? 1 : 0,
            at: s.finishedAt,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AlreadySettled();
        throw error;
      }
      const after = s.rated ? await rateSeats(trx, s) : new Map<number, { mu: number; sigma: number }>();
      await writeResults(trx, s, after);
      if (s.holdMs) await new Promise((resolve) => setTimeout(resolve, s.holdMs));
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadySettled) return false;
    throw error;
  }
}

/** Accounts seated more than once at one match are not rated by it (nor is anyone else by them twice). */
function ratedAccounts(seats: readonly SettledSeat[]): Map<string, SettledSeat> {
  const count = new Map<string, number>();
  for (const seat of seats)
    if (seat.accountId) count.set(seat.accountId, (count.get(seat.accountId) ?? 0) + 1);
  const once = new Map<string, SettledSeat>();
  for (const seat of seats)
    if (seat.accountId && count.get(seat.accountId) === 1) once.set(seat.accountId, seat);
  return once;
}

/** New ratings of the match's accounts, written; returns each rated seat's rating after the match. */
async function rateSeats(
  trx: Transaction<DB>,
  s: Settlement,
): Promise<Map<number, { mu: number; sigma: number }>> {
  const accounts = ratedAccounts(s.seats);
  const ids = [...accounts.keys()].sort();
  const after = new Map<number, { mu: number; sigma: number }>();
  if (ids.length === 0) return after;
  await trx
    .insertInto("ratings")
    .values(ids.map((id) => ratingRow(id, s.kind, NEW_RATING, 0, s.finishedAt)))
    .onConflict((oc) => oc.columns(["account_id", "kind"]).doNothing())
    .execute();
  let select = trx
    .selectFrom("ratings")
    .select(["account_id", "mu", "sigma", "games"])
    .where("kind", "=", s.kind)
    .where("account_id", "in", ids)
    .orderBy("account_id");
  if (trx.getExecutor().adapter instanceof PostgresAdapter) select = select.forUpdate();
  const stored = new Map((await select.execute()).map((r) => [r.account_id, r]));
  const participants: Participant[] = s.seats.map((seat) => ({
    before: beforeOf(seat, accounts, stored),
    place: seat.place,
  }));
  const rated = rateMatch(participants);
  for (const [index, seat] of s.seats.entries()) {
    const row = seat.accountId && accounts.has(seat.accountId) ? stored.get(seat.accountId) : undefined;
    const next = rated[index];
    if (!row || !next || !seat.accountId) continue;
    after.set(seat.seat, next);
    await trx
      .updateTable("ratings")
      .set(ratingRow(seat.accountId, s.kind, next, Number(row.games) + 1, s.finishedAt))
      .where("account_id", "=", seat.accountId)
      .where("kind", "=", s.kind)
      .execute();
  }
  return after;
}

/** A seat's rating going into the match: an account's stored one, a bot's fixed one, a guest's new one. */
function beforeOf(
  seat: SettledSeat,
  accounts: ReadonlyMap<string, SettledSeat>,
  stored: ReadonlyMap<string, { mu: number; sigma: number }>,
): { mu: number; sigma: number } {
  if (seat.botLevel) return BOT_RATINGS[seat.botLevel];
  const own = seat.accountId && accounts.has(seat.accountId) ? stored.get(seat.accountId) : undefined;
  return own ? { mu: Number(own.mu), sigma: Number(own.sigma) } : NEW_RATING;
}

function ratingRow(
  accountId: string,
  kind: string,
  r: { mu: number; sigma: number },
  games: number,
  at: number,
): DB["ratings"] {
  return {
    account_id: accountId,
    kind,
    mu: r.mu,
    sigma: r.sigma,
    ordinal: r.mu - 3 * r.sigma,
    games,
    last_rated_at: at,
  };
}

/** Every account seat's result of the match (rated or not), for profiles and the rating's history. */
async function writeResults(
  trx: Transaction<DB>,
  s: Settlement,
  after: ReadonlyMap<number, { mu: number; sigma: number }>,
): Promise<void> {
  const rows = s.seats
    .filter((seat) => seat.accountId !== null)
    .map((seat) => {
      const rated = after.get(seat.seat);
      return {
        table_code: s.code,
        match: s.match,
        seat: seat.seat,
        account_id: seat.accountId as string,
        kind: s.kind,
        finished_at: s.finishedAt,
        place: seat.place,
        players: s.seats.length,
        won: seat.won ? 1 : 0,
        score: seat.score,
        abandoned: seat.abandoned ? 1 : 0,
        rated: rated ? 1 : 0,
        mu: rated?.mu ?? null,
        sigma: rated?.sigma ?? null,
      };
    });
  if (rows.length > 0) await trx.insertInto("player_results").values(rows).execute();
}

/**
 * Finished matches since `since` with a signed-in player whose results are not written yet: those of
 * a process that stopped between a match's end and its settlement. Oldest first.
 */
export async function pendingSettlements(
  db: Kysely<DB>,
  since: number,
  limit: number,
): Promise<Array<{ code: string; match: number }>> {
  const rows = await db
    .selectFrom("games as g")
    .select(["g.table_code", "g.match"])
    .where("g.finished_at", ">=", since)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("seats as s")
          .select("s.seat")
          .whereRef("s.table_code", "=", "g.table_code")
          .where("s.account_id", "is not", null),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("rating_updates as u")
            .select("u.match")
            .whereRef("u.table_code", "=", "g.table_code")
            .whereRef("u.match", "=", "g.match"),
        ),
      ),
    )
    .orderBy("g.finished_at")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ code: r.table_code, match: r.match }));
}
