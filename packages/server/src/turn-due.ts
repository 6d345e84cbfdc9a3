/**
 * A turn-based table's due time: when it will next act, and what it stores of that (`due_at`) so that a
 * table that left memory is brought back in time. These functions only read the table; its stored due
 * time is kept by its `TurnKeeper`.
 */
import type { TableEnv } from "./context";
import type { LiveTable } from "./live-table";
import type { TurnRecord } from "./store/types";
import { isTurnBased, storedDueAt } from "./turn-clock";
import { nextReminderAt } from "./turn-reminders";
import { nextDueAt } from "./turns";

/** Whether a table stays in memory, may leave it, or must store its due time first. */
export type RestState = "stay" | "leave" | "store";

/** When the table's timer will next fire: a seat due, or a reminder; Infinity if nothing is. */
export function wakeAt(env: TableEnv, table: LiveTable): number {
  return Math.min(nextDueAt(env, table), nextReminderAt(env, table) ?? Number.POSITIVE_INFINITY);
}

/** A wake time as stored: whole ms, null for never. */
export function storableDue(wake: number): number | null {
  return Number.isFinite(wake) ? Math.floor(wake) : null;
}

/** The due time a turn-based table stores for `state` with its turn started at `turnStartedAt`. */
export function dueFor(
  env: TableEnv,
  table: LiveTable,
  state: unknown,
  turnStartedAt: number,
  record: TurnRecord,
): number | null | undefined {
  const awaiting = state !== undefined && table.game.rules.progress(state).awaiting.length > 0;
  return storedDueAt(env, table.row.config, awaiting, turnStartedAt, record);
}

/**
 * A turn-based table in play may leave memory when nothing is queued, nobody is here, it was untouched
 * since `touchedAt` for `idleMs` and nothing is due within `soonMs`; "store" when its stored due time
 * (`storedDue`) is not when it will next act.
 */
export function restState(
  env: TableEnv,
  table: LiveTable,
  at: { now: number; idleMs: number; soonMs: number },
  known: { touchedAt: number; storedDue: number | null | undefined },
): RestState {
  if (!isTurnBased(table.row.config) || table.row.status !== "playing") return "stay";
  if (table.busy > 0 || table.conns.size > 0 || at.now - known.touchedAt < at.idleMs) return "stay";
  const wake = wakeAt(env, table);
  if (wake - at.now < at.soonMs) return "stay";
  return known.storedDue === storableDue(wake) ? "leave" : "store";
}
