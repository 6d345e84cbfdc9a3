import { attachedCode, type Conn, type ServiceContext } from "./context";
import { parseClientAction } from "./games/parse-action";
import { type Live, progressOf, recordHistory } from "./live";
import { fail, type Outcome } from "./outcome";
import { pushTable, pushViews } from "./projections";
import type { ActionAck, ActionMessage } from "./protocol";

/** A player's action: seat, stale and legality checks, then `commit`. */
export async function action(ctx: ServiceContext, conn: Conn, msg: ActionMessage): Promise<ActionAck> {
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, async (live) => {
    const seat = conn.seat;
    if (seat === null) return fail("auth/not_seated", "Spectators cannot act.");
    const progress = progressOf(live);
    if (live.row.status === "lobby" || !progress)
      return fail("game/not_started", "The game has not started.");
    if (msg.action.seat !== undefined && msg.action.seat !== seat)
      return fail("action/not_your_seat", "You can only act for your own seat.");
    const match = msg.match ?? msg.game;
    if (
      (match !== undefined && match !== live.row.match) ||
      msg.round !== progress.round ||
      (msg.version !== undefined && msg.version !== live.version)
    )
      return fail("action/stale", "The table has moved on since your last update.");
    const parsed = parseClientAction(live.game, msg.action, seat);
    if (!parsed.ok) return { ok: false as const, error: parsed.error, status: 400 };
    const outcome = await commit(ctx, live, parsed.value);
    if (!outcome.ok) return outcome;
    if (live.botPlaying.delete(seat)) pushTable(ctx, live);
    return { ok: true as const, value: { version: live.version } };
  });
  return result.ok ? { ok: true, version: result.value.version } : { ok: false, error: result.error };
}

/** Applies, stores, then tells everyone. Must run inside `run` for the table. */
export async function commit(
  ctx: ServiceContext,
  live: Live,
  action: { type: string; seat: number },
): Promise<Outcome<null>> {
  const state = live.state;
  const rules = live.game.rules;
  if (state === null || !live.match) return fail("game/not_started", "The game has not started.");
  const applied = rules.apply(state, action);
  if (!applied.ok) return { ok: false, error: applied.error, status: 409 };
  const next = applied.value.state;
  const now = ctx.clock.now();
  const finished = rules.outcome(next) !== null ? now : null;
  await ctx.store.appendAction(
    live.row.code,
    live.row.match,
    { version: live.version + 1, action, at: now },
    finished,
  );
  const before = rules.progress(state);
  const after = rules.progress(next);
  live.state = next;
  live.version += 1;
  recordHistory(live, applied.value.events);
  live.lastChangeAt = now;
  // A new turn, phase or round restarts the turn clock; a seat still awaited keeps its deadline.
  if (
    after.phase !== before.phase ||
    after.round !== before.round ||
    after.awaiting.some((seat) => !before.awaiting.includes(seat))
  )
    live.turnStartedAt = now;
  if (finished !== null) {
    live.row.status = "over";
    live.match.finishedAt = finished;
    live.botPlaying.clear();
  }
  pushViews(ctx, live, applied.value.events);
  if (finished !== null) pushTable(ctx, live);
  ctx.schedule(live);
  return { ok: true, value: null };
}
