import type { Kysely, Transaction } from "kysely";
import type { DB } from "./schema";
import type { TurnRecord } from "./types";

/** The stored turn record of a table's current match, or null (a live table, or nothing stored yet). */
export async function loadTurnRecord(
  db: Kysely<DB>,
  code: string,
  match: number,
): Promise<TurnRecord | null> {
  const row = await db
    .selectFrom("turn_clocks")
    .select(["match", "record"])
    .where("table_code", "=", code)
    .executeTakeFirst();
  if (!row || row.match !== match) return null;
  return JSON.parse(row.record) as TurnRecord;
}

/** Replaces the table's turn record (one row per table: the current match's). */
export async function saveTurnRecord(trx: Transaction<DB>, code: string, record: TurnRecord): Promise<void> {
  const values = { table_code: code, match: record.match, record: JSON.stringify(record) };
  await trx
    .insertInto("turn_clocks")
    .values(values)
    .onConflict((oc) => oc.column("table_code").doUpdateSet({ match: values.match, record: values.record }))
    .execute();
}

/** Sets when a turn-based table next needs a process (null: nothing due). */
export async function setDueAt(trx: Transaction<DB>, code: string, dueAt: number | null): Promise<void> {
  await trx.updateTable("tables").set({ due_at: dueAt }).where("code", "=", code).execute();
}

/** Tables in play due by `now`, the most overdue first: one range scan of the `tables_due_at` index. */
export async function listDue(
  db: Kysely<DB>,
  now: number,
  limit: number,
): Promise<Array<{ code: string; dueAt: number }>> {
  const rows = await db
    .selectFrom("tables")
    .select(["code", "due_at"])
    .where("due_at", "<=", now)
    .where("status", "=", "playing")
    .orderBy("due_at")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ code: r.code, dueAt: Number(r.due_at) }));
}

/** Who sits somewhere: an account (its seats), or a guest (the hashes of its browser's seat tokens). */
export type Sitter = { accountId: string } | { tokenHashes: readonly string[] };

/** The tables (open or in play) where `who` sits, with their seat; `turnBasedOnly` keeps turn-based ones. */
export async function seatsOf(
  db: Kysely<DB>,
  who: Sitter,
  turnBasedOnly: boolean,
): Promise<Array<{ code: string; seat: number }>> {
  let query = db
    .selectFrom("seats")
    .innerJoin("tables", "tables.code", "seats.table_code")
    .select(["seats.table_code as code", "seats.seat as seat"])
    .where("tables.status", "in", ["lobby", "playing"])
    .where("seats.kind", "=", "human");
  if (turnBasedOnly) query = query.where("tables.move_ms", "is not", null);
  if ("accountId" in who) query = query.where("seats.account_id", "=", who.accountId);
  else {
    if (who.tokenHashes.length === 0) return [];
    query = query.where("seats.token_hash", "in", [...who.tokenHashes]);
  }
  return query.orderBy("tables.created_at", "desc").limit(500).execute();
}
