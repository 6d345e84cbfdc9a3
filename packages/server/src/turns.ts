/**
 * When a table's seats are due to be played for (bots, players gone past the grace time, turn timers
 * that ran out), asked by the table itself: these functions only read it.
 */
import { createHash } from "node:crypto";
import type { Seat } from "@firmament/game-kit";
import type { TableEnv } from "./context";
import type { SeatBot } from "./games";
import type { LiveTable } from "./live-table";
import type { Match, MatchView } from "./match";
import type { TimerMoveKind } from "./metrics/metrics";
import { deadline } from "./projections";
import type { BotLevel, NoticePush } from "./protocol";
import type { SeatRow } from "./store/types";
import { isTurnBased } from "./turn-clock";

/** Bot moves are made public this long after the bot starts thinking, whatever its role or thinking time. */
const BOT_THINK_PAD_MS = 150;

/** A bot for `seat` in the table's match, seeded from the match and the seat (its table keeps it). */
function newBot(env: TableEnv, table: LiveTable, match: MatchView, seat: Seat): SeatBot {
  const row = table.seats[seat];
  const level: BotLevel = row?.kind === "bot" && row.level ? row.level : "hard";
  const seed = createHash("sha256")
    .update(`bot:${match.seed}:${table.row.match}:${seat}:${level}`)
    .digest("hex");
  return table.game.bot(level, seed, table.deck, (reason) =>
    env.log.warn({ table: table.code, seat, err: reason }, "bot failed; the fallback moved"),
  );
}

/**
 * The move the bot playing `seat` makes now (the match keeps its bots), let go no sooner than the
 * thinking pad allows; null if the bot has none.
 */
export async function botMove(
  env: TableEnv,
  table: LiveTable,
  match: Match,
  seat: Seat,
): Promise<{ type: string; seat: Seat } | null> {
  const started = env.clock.now();
  const action = match
    .botFor(seat, () => newBot(env, table, match, seat))
    .decide(match.game.rules.view(match.state, seat));
  if (action) await thinkingPad(env, started);
  return action;
}

/** When a seat that must act now will be played by a bot, or Infinity if it waits for its player. */
function dueAt(env: TableEnv, table: LiveTable, match: MatchView, seat: Seat, phase: string): number {
  const row = table.seats[seat];
  if (!row) return Number.POSITIVE_INFINITY;
  if (row.kind === "bot" || table.isBotPlaying(seat)) return match.lastChangeAt + env.botDelayMs;
  if (isTurnBased(table.row.config)) return turnBasedDueAt(env, table, match, seat, phase);
  let due = Number.POSITIVE_INFINITY;
  const gone = table.absence(seat);
  // At a round's end a player who left is made ready at once; one this process has not seen yet (it
  // was restarted) first gets the grace time to come back, as in any other phase.
  if (gone.since !== undefined)
    due =
      table.game.readyPhases.has(phase) && !gone.notBackSinceLoad
        ? match.lastChangeAt + env.botDelayMs
        : Math.max(gone.since + env.graceMs, match.lastChangeAt);
  const turnDeadline = deadline(env, table);
  if (turnDeadline !== null) due = Math.min(due, turnDeadline);
  return due;
}

/**
 * A turn-based table waits for its players until the move's deadline, whether they are here or not;
 * only at a round's end is a player who is not here made ready at once.
 */
function turnBasedDueAt(
  env: TableEnv,
  table: LiveTable,
  match: MatchView,
  seat: Seat,
  phase: string,
): number {
  if (table.game.readyPhases.has(phase) && table.absence(seat).since !== undefined)
    return match.lastChangeAt + env.botDelayMs;
  return deadline(env, table) ?? Number.POSITIVE_INFINITY;
}

/** The earliest time a seat the table's match awaits is due; Infinity if none is. */
export function nextDueAt(env: TableEnv, table: LiveTable): number {
  const match = table.match;
  if (!match) return Number.POSITIVE_INFINITY;
  const progress = match.progress();
  let next = Number.POSITIVE_INFINITY;
  for (const seat of progress.awaiting) next = Math.min(next, dueAt(env, table, match, seat, progress.phase));
  return next;
}

/**
 * Whether a seat is due to be played for at `now`, or null. `takeOver`: its player is gone past the
 * grace time, so the bot plays for them until they return (one who is here, or away for less than the
 * grace time — a reconnect, or a table just adopted by this process whose other processes have not
 * reported their connections yet — just has this one move made for them). `timedOut`: the turn timer
 * ran out on a seat its player is still in charge of; they (and the table) are told once it is made.
 */
export function seatDue(
  env: TableEnv,
  table: LiveTable,
  seat: Seat,
  phase: string,
  now: number,
): { takeOver: boolean; timedOut: boolean } | null {
  const match = table.match;
  if (!match || dueAt(env, table, match, seat, phase) > now) return null;
  const human = table.seats[seat]?.kind === "human";
  const gone = table.absence(seat).since;
  const takeOver =
    human &&
    !isTurnBased(table.row.config) &&
    gone !== undefined &&
    gone + env.graceMs <= now &&
    !table.isBotPlaying(seat) &&
    !table.game.readyPhases.has(phase);
  const timedOut =
    human &&
    !takeOver &&
    !table.isBotPlaying(seat) &&
    (deadline(env, table) ?? Number.POSITIVE_INFINITY) <= now;
  return { takeOver, timedOut };
}

/** What a move the timer made for a seat was, for the metrics: a bot's seat, an absent player's, a turn run out. */
export function timerMoveKind(row: SeatRow | undefined, due: { timedOut: boolean }): TimerMoveKind {
  if (due.timedOut) return "timeout";
  return row?.kind === "bot" ? "bot" : "absent";
}

/** How long a bot thinks may depend on its role: its move waits until a constant time after `started`. */
async function thinkingPad(env: TableEnv, started: number): Promise<void> {
  const pad = started + Math.min(BOT_THINK_PAD_MS, env.botDelayMs) - env.clock.now();
  if (pad > 0) await new Promise<void>((resolve) => env.clock.setTimer(resolve, pad));
}

/** The notice that a seat's move was made for it when its turn timer ran out. */
export function playedForYou(table: LiveTable, seat: Seat, at: number): NoticePush {
  return {
    code: "turn/played_for_you",
    seat,
    match: table.row.match,
    version: table.match?.version ?? 0,
    at,
  };
}
