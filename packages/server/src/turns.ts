import { createHash } from "node:crypto";
import type { Seat } from "@firmament/game-kit";
import type { ServiceContext } from "./context";
import type { SeatBot } from "./games";
import { type Live, progressOf } from "./live";
import type { Outcome } from "./outcome";
import { commit } from "./play";
import { deadline, fanOut, pushTable } from "./projections";
import type { BotLevel, NoticePush } from "./protocol";

/** Bot moves are made public this long after the bot starts thinking, whatever its role or thinking time. */
const BOT_THINK_PAD_MS = 150;

function botFor(ctx: ServiceContext, live: Live, seat: Seat): SeatBot {
  let bot = live.bots.get(seat);
  if (!bot) {
    const row = live.seats[seat];
    const level: BotLevel = row?.kind === "bot" && row.level ? row.level : "hard";
    const seed = createHash("sha256")
      .update(`bot:${live.match?.seed}:${live.row.match}:${seat}:${level}`)
      .digest("hex");
    bot = live.game.bot(level, seed, live.deck, (reason) =>
      ctx.log.warn({ table: live.row.code, seat, err: reason }, "bot failed; the fallback moved"),
    );
    live.bots.set(seat, bot);
  }
  return bot;
}

/** When a seat that must act now will be played by a bot, or Infinity if it waits for its player. */
function dueAt(ctx: ServiceContext, live: Live, seat: Seat, phase: string): number {
  const row = live.seats[seat];
  if (!row) return Number.POSITIVE_INFINITY;
  if (row.kind === "bot" || live.botPlaying.has(seat)) return live.lastChangeAt + ctx.botDelayMs;
  let due = Number.POSITIVE_INFINITY;
  const gone = live.goneSince.get(seat);
  // At a round's end a player who left is made ready at once; one this process has not seen yet (it
  // was restarted) first gets the grace time to come back, as in any other phase.
  if (gone !== undefined)
    due =
      live.game.readyPhases.has(phase) && !live.notBackSinceLoad.has(seat)
        ? live.lastChangeAt + ctx.botDelayMs
        : Math.max(gone + ctx.graceMs, live.lastChangeAt);
  const turnDeadline = deadline(ctx, live);
  if (turnDeadline !== null) due = Math.min(due, turnDeadline);
  return due;
}

/** Sets the table's one timer for its earliest due event; never sooner than `minDelayMs` from now. */
export function schedule(ctx: ServiceContext, live: Live, minDelayMs = 0): void {
  const { clock } = ctx;
  if (live.timer !== null) clock.clearTimer(live.timer);
  live.timer = null;
  const progress = progressOf(live);
  if (ctx.tables.closed || live.row.status !== "playing" || !progress) return;
  let next = Number.POSITIVE_INFINITY;
  for (const seat of progress.awaiting) next = Math.min(next, dueAt(ctx, live, seat, progress.phase));
  if (!Number.isFinite(next)) return;
  const code = live.row.code;
  live.timer = clock.setTimer(
    () => {
      live.timer = null;
      void ctx.tables.run(code, (l) => tick(ctx, l));
    },
    Math.max(minDelayMs, next - clock.now()),
  );
}

/** Lets bots act for every seat that is due. */
async function tick(ctx: ServiceContext, live: Live): Promise<Outcome<null>> {
  if (live !== ctx.tables.cached(live.row.code)) return { ok: true, value: null };
  const progress = progressOf(live);
  if (live.row.status !== "playing" || !progress) return { ok: true, value: null };
  const now = ctx.clock.now();
  let attempted = false;
  for (const seat of progress.awaiting) {
    if (dueAt(ctx, live, seat, progress.phase) > now) continue;
    attempted = true;
    const row = live.seats[seat];
    // A player gone past the grace time is played by the bot until they return; one who is here, or
    // away for less than the grace time (a reconnect, or a table just adopted by this process whose
    // other processes have not reported their connections yet), just has this one move made for them.
    const gone = live.goneSince.get(seat);
    if (
      row?.kind === "human" &&
      gone !== undefined &&
      gone + ctx.graceMs <= now &&
      !live.botPlaying.has(seat) &&
      !live.game.readyPhases.has(progress.phase)
    ) {
      live.botPlaying.add(seat);
      pushTable(ctx, live);
    }
    // The turn timer ran out on a seat its player is still in charge of: the move is made for them,
    // and they (and the table) are told so once it is made.
    const timedOut =
      row?.kind === "human" &&
      !live.botPlaying.has(seat) &&
      (deadline(ctx, live) ?? Number.POSITIVE_INFINITY) <= now;
    const started = ctx.clock.now();
    const action = botFor(ctx, live, seat).decide(live.game.rules.view(live.state, seat));
    if (!action) continue;
    // How long a bot thinks may depend on its role: pad it to a constant so timing tells nobody.
    const pad = started + Math.min(BOT_THINK_PAD_MS, ctx.botDelayMs) - ctx.clock.now();
    if (pad > 0) await new Promise<void>((resolve) => ctx.clock.setTimer(resolve, pad));
    const outcome = await commit(ctx, live, action);
    if (!outcome.ok) {
      ctx.log.warn({ table: live.row.code, code: outcome.error.code }, "bot action refused");
      continue;
    }
    if (timedOut) {
      const notice: NoticePush = {
        code: "turn/played_for_you",
        seat,
        match: live.row.match,
        version: live.version,
        at: ctx.clock.now(),
      };
      fanOut(ctx, live).toTable(live.row.code, "notice", notice);
    }
    return outcome; // commit rescheduled; the next bot acts on the next tick
  }
  // If a due seat could not be played (should not happen), try again later rather than spin.
  schedule(ctx, live, attempted ? 1000 : 0);
  return { ok: true, value: null };
}
