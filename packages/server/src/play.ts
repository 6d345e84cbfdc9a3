import { attachedCode, type Conn, type ServiceContext } from "./context";
import { parseClientAction } from "./games/parse-action";
import type { LiveTable } from "./live-table";
import { fail, type Outcome } from "./outcome";
import type { ActionAck, ActionMessage } from "./protocol";

/**
 * A player's action (`action` message), run on its table. `requestId`: the cluster request that carries
 * it, so that a repeat is not applied twice.
 */
export async function action(
  ctx: ServiceContext,
  conn: Conn,
  msg: ActionMessage,
  requestId?: string,
): Promise<ActionAck> {
  const receivedAt = performance.now();
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, (table) => table.act(conn, msg, receivedAt, requestId));
  return result.ok ? { ok: true, version: result.value.version } : { ok: false, error: result.error };
}

/** The action a connection may play now, with its seat: shape, seat and staleness checks. */
export function checkAction(
  table: LiveTable,
  conn: Conn,
  msg: ActionMessage,
): Outcome<{ type: string; seat: number }> {
  const seat = conn.seat;
  if (seat === null) return fail("auth/not_seated", "Spectators cannot act.");
  const match = table.match;
  if (table.row.status === "lobby" || !match) return fail("game/not_started", "The game has not started.");
  if (msg.action.seat !== undefined && msg.action.seat !== seat)
    return fail("action/not_your_seat", "You can only act for your own seat.");
  const number = msg.match ?? msg.game;
  if (
    (number !== undefined && number !== table.row.match) ||
    msg.round !== match.progress().round ||
    (msg.version !== undefined && msg.version !== match.version)
  )
    return fail("action/stale", "The table has moved on since your last update.");
  const parsed = parseClientAction(table.game, msg.action, seat);
  if (!parsed.ok) return { ok: false as const, error: parsed.error, status: 400 };
  return { ok: true, value: parsed.value };
}
