/**
 * The clock of a turn-based table (`pace.kind === "turnBased"`): each move may take the table's time per
 * move from when the turn started (the stored action that started it), doubled once per match by a
 * seat that asks for more time; a reminder when a tenth of that time is left. These functions only
 * read the table; its own turn record (`LiveTable.turns`) is changed by the table alone.
 */
import type { Seat } from "@firmament/game-kit";
import type { TableEnv } from "./context";
import type { LiveTable } from "./live-table";
import type { TableConfig } from "./protocol";
import type { TurnRecord } from "./store/types";

const HOUR_MS = 3_600_000;

/** A turn-based table's time per move in ms (times the tests' timer scale); null on a live table. */
export function moveMs(env: Pick<TableEnv, "timerScale">, config: TableConfig): number | null {
  return config.pace?.kind === "turnBased" ? config.pace.moveHours * HOUR_MS * env.timerScale : null;
}

export function isTurnBased(config: TableConfig): boolean {
  return config.pace?.kind === "turnBased";
}

/** A new match's record: nothing asked, sent or timed out yet. */
export function freshRecord(match: number): TurnRecord {
  return { match, askedMoreTime: [], extendedTurn: null, remindedTurn: null, timeoutsInRow: {} };
}

/** When the current move of a turn-based table runs out (epoch ms), or null if nobody must act. */
export function turnBasedDeadline(env: TableEnv, table: LiveTable): number | null {
  const ms = moveMs(env, table.row.config);
  const match = table.match;
  if (ms === null || !match || match.progress().awaiting.length === 0) return null;
  const doubled = table.turns.extendedTurn === match.turnStartedAt;
  return match.turnStartedAt + ms * (doubled ? 2 : 1);
}

/** When the current move's reminder is due (a tenth of its time left), or null if none is (or it was sent). */
export function reminderAt(env: TableEnv, table: LiveTable): number | null {
  const due = turnBasedDeadline(env, table);
  const started = table.match?.turnStartedAt;
  if (due === null || started === undefined || table.turns.remindedTurn === started) return null;
  return due - (due - started) / 10;
}

/**
 * What a turn-based table stores as its due time (`due_at`) for a match awaiting someone (`awaiting`)
 * since `turnStartedAt`, with `record`: the move's reminder if not sent, else its deadline (whole ms,
 * never later than the table's own timer); null when nobody must act; undefined on a live table.
 */
export function storedDueAt(
  env: Pick<TableEnv, "timerScale">,
  config: TableConfig,
  awaiting: boolean,
  turnStartedAt: number,
  record: TurnRecord,
): number | null | undefined {
  const ms = moveMs(env, config);
  if (ms === null) return undefined;
  if (!awaiting) return null;
  const due = turnStartedAt + ms * (record.extendedTurn === turnStartedAt ? 2 : 1);
  return Math.floor(record.remindedTurn === turnStartedAt ? due : due - (due - turnStartedAt) / 10);
}

/** Why a seat may not ask for more time now, or null if it may. */
export function moreTimeRefusal(env: TableEnv, table: LiveTable, seat: Seat): string | null {
  const match = table.match;
  if (!isTurnBased(table.row.config)) return "Only a turn-based table has more time to give.";
  if (table.row.status !== "playing" || !match) return "The game is not being played.";
  if (!match.progress().awaiting.includes(seat)) return "You can ask for more time when it is your move.";
  if (table.turns.askedMoreTime.includes(seat)) return "You have already asked for more time in this game.";
  if (table.turns.extendedTurn === match.turnStartedAt) return "This move already has more time.";
  return turnBasedDeadline(env, table) === null ? "This move has no deadline." : null;
}

/** Timer-made moves in a row after which the bot plays a turn-based seat until its player returns. */
export const TIMEOUTS_TO_BOT = 2;
