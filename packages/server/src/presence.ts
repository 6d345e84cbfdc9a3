import type { Seat } from "@firmament/game-kit";
import { rooms } from "./bus";
import type { Conn, ServiceContext, TableEnv } from "./context";
import type { LiveTable } from "./live-table";
import type { AccountBound } from "./lobby";
import { fail, type Outcome } from "./outcome";
import { viewPush } from "./projections";
import {
  type ChatLine,
  type HelloAck,
  type HelloMessage,
  OLDEST_PROTOCOL_VERSION,
  type TableInfo,
} from "./protocol";
import type { SeatRow } from "./store/types";
import { hashToken } from "./tokens";

/** What `attach` tells the connection (the `hello` ack's body). */
export interface Attached {
  seat: Seat | null;
  host: boolean;
  table: TableInfo;
  chat: ChatLine[];
}

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
  const result = await ctx.tables.run(msg.code, (table) => table.attach(conn, msg, () => detach(ctx, conn)));
  if (!result.ok) return { ack: { ok: false, error: result.error }, after: () => {} };
  const code = result.value.table.code;
  const after = () => {
    const table = ctx.tables.cached(code);
    if (!table || conn.code !== code) return;
    const seen = msg.seen;
    const match = table.match;
    const upToDate =
      seen?.match === table.row.match && seen.version === (match?.version ?? 0) && seen.seat === conn.seat;
    if (match !== null && !upToDate) conn.emit("view", viewPush(ctx, table, conn.seat ?? "spectator", []));
    table.presenceChanged();
  };
  return { ack: { ok: true, ...result.value }, after };
}

/** Who a `hello` makes the connection: its seat (by seat token) and whether it is the host's. */
export function identify(
  env: TableEnv,
  table: LiveTable,
  conn: Conn,
  msg: HelloMessage,
): Outcome<{ seat: Seat | null; host: boolean }> {
  let seat: Seat | null = null;
  if (msg.token !== undefined) {
    const hash = hashToken(msg.token);
    const found = table.seats.find((s) => s.kind === "human" && s.tokenHash === hash);
    if (!found) return fail("auth/bad_token", "That seat token is not valid for this table.", 403);
    seat = found.seat;
  } else if ((msg as AccountBound).accountId !== undefined) {
    // signed in on another device: the account's own seat at this table, if it has one
    const accountId = (msg as AccountBound).accountId;
    seat = table.seats.find((s) => s.kind === "human" && s.accountId === accountId)?.seat ?? null;
  }
  let host = false;
  if (msg.hostToken !== undefined) {
    if (hashToken(msg.hostToken) !== table.row.hostTokenHash)
      return fail("auth/bad_host_token", "That host token is not valid for this table.", 403);
    host = true;
  }
  if (seat === null && conn.code !== table.code && table.spectators() >= env.maxSpectatorsPerTable)
    return fail(
      "table/too_many_spectators",
      `This table already has ${env.maxSpectatorsPerTable} spectators; try again later.`,
      409,
    );
  return { ok: true, value: { seat, host } };
}

/** The connection closed or moved to another table. */
export async function detach(ctx: ServiceContext, conn: Conn): Promise<void> {
  const code = conn.code;
  if (code === null) return;
  conn.leave(rooms.table(code));
  conn.leave(conn.seat === null ? rooms.spectators(code) : rooms.seat(code, conn.seat));
  const seat = conn.seat;
  conn.code = null;
  conn.seat = null;
  conn.host = false;
  ctx.tables.cached(code)?.detach(conn, seat);
}

/**
 * Who is at a table: its connections, since when each human seat has had none, who has not been back
 * since this process loaded the table, and which seats a bot plays for while their player is gone.
 * Part of its `LiveTable`, which alone holds one.
 */
export class Attendance {
  private readonly connections = new Map<string, Conn>();
  private readonly goneSince = new Map<Seat, number>();
  /**
   * Human seats whose player has not connected since this process loaded the table (after a restart):
   * they get the grace time to come back even at a round's end, where a seat whose player left is
   * made ready at once.
   */
  private readonly notBackSinceLoad = new Set<Seat>();
  private readonly botPlaying = new Set<Seat>();

  /** A table just loaded: no human seat's player is here yet. */
  constructor(seats: readonly SeatRow[], now: number) {
    for (const s of seats)
      if (s.kind === "human") {
        this.goneSince.set(s.seat, now);
        this.notBackSinceLoad.add(s.seat);
      }
  }

  get conns(): ReadonlyMap<string, Conn> {
    return this.connections;
  }
  isBotPlaying(seat: Seat): boolean {
    return this.botPlaying.has(seat);
  }
  absence(seat: Seat): { since: number | undefined; notBackSinceLoad: boolean } {
    return { since: this.goneSince.get(seat), notBackSinceLoad: this.notBackSinceLoad.has(seat) };
  }
  spectators(): number {
    let count = 0;
    for (const c of this.connections.values()) if (c.seat === null) count++;
    return count;
  }

  /** A connection attached at `seat`: its player is back and plays for themselves. */
  arrive(conn: Conn, seat: Seat | null): void {
    this.connections.set(conn.id, conn);
    if (seat === null) return;
    this.goneSince.delete(seat);
    this.notBackSinceLoad.delete(seat);
    this.botPlaying.delete(seat);
  }

  /** A connection at `seat` left; true if that seat has nobody here any more. */
  depart(conn: Conn, seat: Seat | null, now: number): boolean | null {
    if (!this.connections.delete(conn.id)) return null;
    if (seat === null || [...this.connections.values()].some((c) => c.seat === seat)) return false;
    this.goneSince.set(seat, now);
    return true;
  }

  /** A player took a seat from the lobby (they are not connected as its player yet). */
  seated(seat: Seat, now: number): void {
    this.goneSince.set(seat, now);
  }
  unseated(seat: Seat): void {
    this.goneSince.delete(seat);
  }

  /** A new match: nobody is played for, and every human seat without a connection is gone from now. */
  newMatch(seats: readonly SeatRow[], now: number): void {
    this.botPlaying.clear();
    this.goneSince.clear();
    this.notBackSinceLoad.clear();
    const present = new Set([...this.connections.values()].map((c) => c.seat));
    for (const s of seats) if (s.kind === "human" && !present.has(s.seat)) this.goneSince.set(s.seat, now);
  }

  takeOver(seat: Seat): void {
    this.botPlaying.add(seat);
  }
  /** The seat's player acted: the bot stops playing for them; true if it was. */
  handBack(seat: Seat): boolean {
    return this.botPlaying.delete(seat);
  }
  matchOver(): void {
    this.botPlaying.clear();
  }
}

/** Moves a connection at a table to another seat's room, or to the spectators' (`to` null). */
export function reseat(code: string, conn: Conn, to: Seat | null): void {
  if (conn.seat !== null) conn.leave(rooms.seat(code, conn.seat));
  conn.seat = to;
  conn.join(to === null ? rooms.spectators(code) : rooms.seat(code, to));
}
