import type { Seat } from "@firmament/game-kit";
import { rooms } from "./bus";
import type { Conn, ServiceContext } from "./context";
import type { Live } from "./live";
import { fail } from "./outcome";
import { chatLine, pushPresence, tableInfo, viewPush } from "./projections";
import { type HelloAck, type HelloMessage, OLDEST_PROTOCOL_VERSION } from "./protocol";
import { hashToken } from "./tokens";

/**
 * Attaches a connection. Returns the ack and `after`, which the caller runs once the ack is sent:
 * it pushes this connection's first view and everyone's new presence.
 */
export async function hello(
  ctx: ServiceContext,
  conn: Conn,
  msg: HelloMessage,
): Promise<{ ack: HelloAck; after: () => void }> {
  if ((msg.protocol ?? 1) < OLDEST_PROTOCOL_VERSION)
    return {
      ack: {
        ok: false,
        error: {
          code: "client/outdated",
          message: "This client is too old for the server; reload the page.",
        },
      },
      after: () => {},
    };
  const result = await ctx.tables.run(msg.code, async (live) => {
    let seat: Seat | null = null;
    if (msg.token !== undefined) {
      const hash = hashToken(msg.token);
      const found = live.seats.find((s) => s.kind === "human" && s.tokenHash === hash);
      if (!found) return fail("auth/bad_token", "That seat token is not valid for this table.", 403);
      seat = found.seat;
    }
    let host = false;
    if (msg.hostToken !== undefined) {
      if (hashToken(msg.hostToken) !== live.row.hostTokenHash)
        return fail("auth/bad_host_token", "That host token is not valid for this table.", 403);
      host = true;
    }
    if (seat === null && conn.code !== live.row.code && spectatorsOf(live) >= ctx.maxSpectatorsPerTable)
      return fail(
        "table/too_many_spectators",
        `This table already has ${ctx.maxSpectatorsPerTable} spectators; try again later.`,
        409,
      );
    if (conn.code !== null) await detach(ctx, conn);
    conn.code = live.row.code;
    conn.seat = seat;
    conn.host = host;
    live.conns.set(conn.id, conn);
    conn.join(rooms.table(live.row.code));
    conn.join(seat === null ? rooms.spectators(live.row.code) : rooms.seat(live.row.code, seat));
    if (seat !== null) {
      live.goneSince.delete(seat);
      live.notBackSinceLoad.delete(seat);
      live.botPlaying.delete(seat);
      ctx.schedule(live);
    }
    return {
      ok: true as const,
      value: { seat, host, table: tableInfo(live), chat: live.chat.map(chatLine) },
    };
  });
  if (!result.ok) return { ack: { ok: false, error: result.error }, after: () => {} };
  const code = result.value.table.code;
  const after = () => {
    const live = ctx.tables.cached(code);
    if (!live || conn.code !== code) return;
    const seen = msg.seen;
    const upToDate =
      seen?.match === live.row.match && seen.version === live.version && seen.seat === conn.seat;
    if (live.state !== null && !upToDate)
      conn.emit("view", viewPush(ctx, live, conn.seat ?? "spectator", []));
    pushPresence(ctx, live);
  };
  return { ack: { ok: true, ...result.value }, after };
}

function spectatorsOf(live: Live): number {
  let count = 0;
  for (const c of live.conns.values()) if (c.seat === null) count++;
  return count;
}

/** The connection closed or moved to another table. */
export async function detach(ctx: ServiceContext, conn: Conn): Promise<void> {
  const code = conn.code;
  if (code === null) return;
  const live = ctx.tables.cached(code);
  conn.leave(rooms.table(code));
  conn.leave(conn.seat === null ? rooms.spectators(code) : rooms.seat(code, conn.seat));
  const seat = conn.seat;
  conn.code = null;
  conn.seat = null;
  conn.host = false;
  if (!live?.conns.delete(conn.id)) return;
  if (seat !== null && ![...live.conns.values()].some((c) => c.seat === seat)) {
    live.goneSince.set(seat, ctx.clock.now());
    ctx.schedule(live);
  }
  pushPresence(ctx, live);
}
