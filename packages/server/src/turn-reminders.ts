/**
 * When the platform calls players back (`TurnCalls`): a seat's move starts, and on a turn-based table
 * a tenth of the move's time is left. Only seats a person plays for themselves are called: not bots,
 * not seats the bot plays for an absent player, and not for a round's "ready" (made for them at once).
 */
import type { Progress, Seat } from "@firmament/game-kit";
import type { TableEnv } from "./context";
import type { LiveTable } from "./live-table";
import { deadline } from "./projections";
import { isTurnBased, moveMs, reminderAt, turnBasedDeadline } from "./turn-clock";

function callable(table: LiveTable, seat: Seat, phase: string): boolean {
  return (
    table.seats[seat]?.kind === "human" && !table.isBotPlaying(seat) && !table.game.readyPhases.has(phase)
  );
}

/** The seats awaited in `after` that were not in `before` (every awaited seat after a new phase or round). */
function newlyAwaited(table: LiveTable, before: Progress | null, after: Progress): Seat[] {
  const newTurn = before === null || before.phase !== after.phase || before.round !== after.round;
  return after.awaiting.filter(
    (seat) => (newTurn || !before.awaiting.includes(seat)) && callable(table, seat, after.phase),
  );
}

/** Tells `turnCalls` of each seat the match awaits now that it did not in `before` (null: a new match). */
export function callMovers(env: TableEnv, table: LiveTable, before: Progress | null): void {
  const match = table.match;
  if (!match || table.row.status !== "playing") return;
  const seats = newlyAwaited(table, before, match.progress());
  if (seats.length === 0) return;
  const deadlineAt = isTurnBased(table.row.config) ? deadline(env, table) : null;
  for (const seat of seats) env.turnCalls.moveStarted(table.code, seat, deadlineAt);
}

/**
 * A turn-based table just loaded (adopted from a process that died, or after a restart): the current
 * move's calls again, keyed as their first were (the move's deadline before any more time), so a call
 * whose move its last owner stored but did not live to make is made now, and one it made is not made
 * twice (`TurnCalls` records each).
 */
export function resumeCalls(env: TableEnv, table: LiveTable): void {
  const match = table.match;
  const ms = moveMs(env, table.row.config);
  if (!match || ms === null || table.row.status !== "playing") return;
  const progress = match.progress();
  for (const seat of progress.awaiting)
    if (callable(table, seat, progress.phase))
      env.turnCalls.moveStarted(table.code, seat, match.turnStartedAt + ms, true);
}

/** The seats a reminder goes to now: awaited, and played by their own player. */
function remindable(table: LiveTable): Seat[] {
  const progress = table.match?.progress();
  if (!progress) return [];
  return progress.awaiting.filter((seat) => callable(table, seat, progress.phase));
}

/** When the current move's reminder is due, or null (a live table, sent already, or nobody to remind). */
export function nextReminderAt(env: TableEnv, table: LiveTable): number | null {
  const at = reminderAt(env, table);
  return at !== null && remindable(table).length > 0 ? at : null;
}

/** Calls every seat that still has to act with the reminder (its turn record says it was sent). */
export function callReminders(env: TableEnv, table: LiveTable): void {
  const due = turnBasedDeadline(env, table);
  if (due === null) return;
  for (const seat of remindable(table)) env.turnCalls.reminder(table.code, seat, due);
}
