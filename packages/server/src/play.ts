import { apply, type DreamsAction } from "@firmament/engine";
import { attachedCode, type Conn, type ServiceContext } from "./context";
import type { Live } from "./live";
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
    const state = live.state;
    if (live.row.status === "lobby" || !state) return fail("game/not_started", "The game has not started.");
    if (msg.action.seat !== undefined && msg.action.seat !== seat)
      return fail("action/not_your_seat", "You can only act for your own seat.");
    if (
      (msg.game !== undefined && msg.game !== live.row.game) ||
      msg.round !== state.round.number ||
      (msg.version !== undefined && msg.version !== live.version)
    )
      return fail("action/stale", "The table has moved on since your last update.");
    const action = { ...msg.action, seat } as DreamsAction;
    const outcome = await commit(ctx, live, action);
    if (!outcome.ok) return outcome;
    if (live.botPlaying.delete(seat)) pushTable(ctx, live);
    return { ok: true as const, value: { version: live.version } };
  });
  return result.ok ? { ok: true, version: result.value.version } : { ok: false, error: result.error };
}

/** Applies, stores, then tells everyone. Must run inside `run` for the table. */
export async function commit(ctx: ServiceContext, live: Live, action: DreamsAction): Promise<Outcome<null>> {
  const state = live.state;
  if (!state || !live.game) return fail("game/not_started", "The game has not started.");
  const applied = apply(state, action);
  if (!applied.ok) return { ok: false, error: applied.error, status: 409 };
  const next = applied.value.state;
  const now = ctx.clock.now();
  const finished = next.phase === "over" ? now : null;
  await ctx.store.appendAction(
    live.row.code,
    live.row.game,
    { version: live.version + 1, action, at: now },
    finished,
  );
  const phaseChanged = next.phase !== state.phase || next.round.number !== state.round.number;
  live.state = next;
  live.version += 1;
  live.lastChangeAt = now;
  if (phaseChanged || next.phase === "placing") live.turnStartedAt = now;
  if (finished !== null) {
    live.row.status = "over";
    live.game.finishedAt = finished;
    live.botPlaying.clear();
  }
  pushViews(ctx, live, applied.value.events);
  if (finished !== null) pushTable(ctx, live);
  ctx.schedule(live);
  return { ok: true, value: null };
}
