import type { Seat } from "@firmament/game-kit";
import { rooms } from "./bus";
import { attachedCode, type Conn, type ServiceContext } from "./context";
import type { Live } from "./live";
import { fail, type Outcome } from "./outcome";
import { pushTable, tableInfo } from "./projections";
import {
  type AddBotMessage,
  COLOURS,
  type CreateTableBody,
  type CreateTableResponse,
  type JoinTableBody,
  type JoinTableResponse,
  type RemoveBotMessage,
  type SimpleAck,
  type TableInfo,
  type TableListResponse,
} from "./protocol";
import { type SeatRow, type TableRow, UNKNOWN_DECK } from "./store/types";
import { hashToken, newCode, newToken } from "./tokens";

const BOT_NAMES = ["Orion", "Lyra", "Vega", "Altair", "Deneb", "Rigel"];

export function emptySeat(seat: Seat): SeatRow {
  return { seat, colour: null, name: null, kind: "empty", level: null, tokenHash: null };
}

const unknownDeck = () =>
  fail("deck/unknown", "There is no deck with that id; upload the pictures again.", 404);

export async function createTable(
  ctx: ServiceContext,
  body: CreateTableBody,
  origin: string,
): Promise<Outcome<CreateTableResponse>> {
  if (body.deck !== undefined && !(await ctx.decks.get(body.deck))) return unknownDeck();
  const hostToken = newToken();
  const seats: SeatRow[] = Array.from({ length: body.seats }, (_, seat) => emptySeat(seat));
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = newCode();
    const row: TableRow = {
      code,
      config: { ...body },
      hostTokenHash: hashToken(hostToken),
      status: "lobby",
      match: 0,
      hostSeat: null,
      createdAt: ctx.clock.now(),
    };
    let created: boolean;
    try {
      created = await ctx.store.createTable(row, seats);
    } catch (error) {
      // the deck was removed between the check above and now (never-used decks expire)
      if (error instanceof Error && error.message.startsWith(UNKNOWN_DECK)) return unknownDeck();
      throw error;
    }
    if (created) {
      ctx.log.info({ table: code, game: body.game, seats: body.seats }, "table created");
      return { ok: true, value: { code, inviteUrl: `${origin}/t/${code}`, hostToken } };
    }
  }
  return fail("server/error", "Could not find a free table code.", 500);
}

export function tableInfoOf(ctx: ServiceContext, code: string): Promise<Outcome<TableInfo>> {
  return ctx.tables.run(code, (live) => ({ ok: true, value: tableInfo(live) }));
}

export async function listTables(ctx: ServiceContext): Promise<TableListResponse> {
  return { tables: await ctx.store.listPublic(50) };
}

export function join(
  ctx: ServiceContext,
  code: string,
  body: JoinTableBody,
): Promise<Outcome<JoinTableResponse>> {
  return ctx.tables.run(code, async (live) => {
    if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.", 409);
    if (body.hostToken !== undefined && hashToken(body.hostToken) !== live.row.hostTokenHash)
      return fail("auth/bad_host_token", "That host token is not valid for this table.", 403);
    const free = live.seats.find((s) => s.kind === "empty");
    if (!free) return fail("lobby/full", "Every seat is taken.", 409);
    if (live.seats.some((s) => s.colour === body.colour))
      return fail("lobby/colour_taken", "Someone already has that colour.", 409);
    const token = newToken();
    const seats = live.seats.map((s) =>
      s.seat === free.seat
        ? {
            ...s,
            kind: "human" as const,
            name: body.name,
            colour: body.colour,
            level: null,
            tokenHash: hashToken(token),
          }
        : s,
    );
    const hostSeat = body.hostToken !== undefined ? free.seat : live.row.hostSeat;
    await ctx.store.saveLobby(code, { hostSeat }, seats);
    live.seats = seats;
    live.row.hostSeat = hostSeat;
    live.goneSince.set(free.seat, ctx.clock.now());
    pushTable(ctx, live);
    return { ok: true, value: { seat: free.seat, token } };
  });
}

/** Runs a command that needs the host token presented in `hello`. */
export async function hostCommand(
  ctx: ServiceContext,
  conn: Conn,
  fn: (live: Live) => Promise<Outcome<null>>,
): Promise<SimpleAck> {
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, (live) => {
    if (!conn.host) return fail("auth/not_host", "Only the host can do that.", 403);
    return fn(live);
  });
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

export function addBot(ctx: ServiceContext, conn: Conn, msg: AddBotMessage): Promise<SimpleAck> {
  return hostCommand(ctx, conn, async (live) => {
    if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
    const target = live.seats[msg.seat];
    if (!target) return fail("input/invalid", "No such seat at this table.");
    if (target.kind !== "empty") return fail("lobby/seat_taken", "That seat is taken.");
    const colour = COLOURS.find((c) => !live.seats.some((s) => s.colour === c));
    if (!colour) return fail("lobby/full", "No colour left.");
    const used = new Set(live.seats.map((s) => s.name));
    const name = BOT_NAMES.find((n) => !used.has(n)) ?? `Bot ${msg.seat + 1}`;
    const seats = live.seats.map((s) =>
      s.seat === msg.seat
        ? {
            ...s,
            kind: "bot" as const,
            name,
            colour,
            level: msg.level ?? ("hard" as const),
            tokenHash: null,
          }
        : s,
    );
    await ctx.store.saveLobby(live.row.code, {}, seats);
    live.seats = seats;
    pushTable(ctx, live);
    return { ok: true, value: null };
  });
}

export function removeBot(ctx: ServiceContext, conn: Conn, msg: RemoveBotMessage): Promise<SimpleAck> {
  return hostCommand(ctx, conn, async (live) => {
    if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
    const target = live.seats[msg.seat];
    if (target?.kind !== "bot") return fail("lobby/not_bot", "There is no bot in that seat.");
    const seats = live.seats.map((s) => (s.seat === msg.seat ? emptySeat(s.seat) : s));
    await ctx.store.saveLobby(live.row.code, {}, seats);
    live.seats = seats;
    pushTable(ctx, live);
    return { ok: true, value: null };
  });
}

/** A seated player gives up their seat before the game starts and stays on as a spectator. */
export function leave(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  const at = attachedCode(conn);
  if (!at.ok) return Promise.resolve(at);
  return ctx.tables
    .run(at.value.code, async (live) => {
      const seat = conn.seat;
      if (seat === null) return fail("auth/not_seated", "You have no seat to leave.");
      if (live.row.status !== "lobby")
        return fail("lobby/started", "Seats can only be left before the game starts.");
      const seats = live.seats.map((s) => (s.seat === seat ? emptySeat(seat) : s));
      const hostSeat = live.row.hostSeat === seat ? null : live.row.hostSeat;
      await ctx.store.saveLobby(live.row.code, { hostSeat }, seats);
      live.seats = seats;
      live.row.hostSeat = hostSeat;
      live.goneSince.delete(seat);
      const code = live.row.code;
      for (const c of live.conns.values())
        if (c.seat === seat) {
          c.leave(rooms.seat(code, seat));
          c.seat = null;
          c.join(rooms.spectators(code));
        }
      pushTable(ctx, live);
      return { ok: true as const, value: null };
    })
    .then((r) => (r.ok ? { ok: true } : { ok: false, error: r.error }));
}
