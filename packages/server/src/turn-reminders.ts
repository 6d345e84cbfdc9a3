/**
 * When the platform calls players back (`TurnCalls`): a seat's move starts, and on a turn-based table
 * a tenth of the move's time is left. Only seats a person plays for themselves are called: not bots,
 * not seats the bot plays for an absent player, and not for a round's "ready" (made for them at once).
 */
import type { Progress, Seat } from "@firmament/game-kit";
import type { TableEnv } from "./context";
import type { LiveTable } from "./live-table";
import { reminderAt, turnBasedDeadline } from "./turn-clock";

function callable(table: LiveTable, seat: Seat, phase: string): boolean {
  return (
    table.seats[seat]?.kind === "human" && !table.isBotPlaying(seat) && !table.game.readyPhases.has(phase)
  );
}

/** The seats awaited in `after` that were not in `before` (every awaited seat after a new phase or round). */
export function newlyAwaited(table: LiveTable, before: Progress | null, after: Progress): Seat[] {
  const newTurn = before === null || before.phase !== after.phase || before.round !== after.round;
  return after.awaiting.filter(
    (seat) => (newTurn || !before.awaiting.includes(seat)) && callable(table, seat, after.phase),
  );
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
