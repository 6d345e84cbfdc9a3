import type { Seat } from "@firmament/game-kit";
import { attachedCode, type Conn, type ServiceContext } from "./context";
import type { LiveTable } from "./live-table";
import { fail, type Outcome } from "./outcome";
import {
  type AddBotMessage,
  COLOURS,
  type CreateTableBody,
  type CreateTableResponse,
  type JoinTableBody,
  type JoinTableResponse,
  LIMITS,
  type RemoveBotMessage,
  type SimpleAck,
  type TableInfo,
  type TableListResponse,
} from "./protocol";
import { type SeatRow, type TableRow, UNKNOWN_DECK } from "./store/types";
import { hashToken, newCode, newToken } from "./tokens";
import { isTurnBased } from "./turn-clock";

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
  return ctx.tables.run(code, (table) => ({ ok: true, value: table.info() }));
}

export async function listTables(ctx: ServiceContext): Promise<TableListResponse> {
  const [live, turnBased] = await Promise.all([ctx.store.listPublic(50), ctx.store.listPublic(50, true)]);
  return { tables: live, turnBased: turnBased.filter((t) => t.seated < t.config.seats) };
}

/**
 * A player takes a seat. `requestId`: in a cluster, the request that carries the join; a repeat of one
 * that took a seat already (its owner died before answering) gets that seat, not another.
 */
export function join(
  ctx: ServiceContext,
  code: string,
  body: JoinTableBody,
  requestId?: string,
): Promise<Outcome<JoinTableResponse>> {
  return ctx.tables.run(code, async (table) => {
    const repeat = requestId === undefined ? null : await table.joinAgain(requestId);
    if (repeat) return repeat;
    if (isTurnBased(table.row.config) && table.row.status === "lobby") {
      const full = await atTurnBasedCap(ctx, body);
      if (full) return full;
    }
    return table.join(body, requestId);
  });
}

/** `lobby/too_many_tables` if the player already sits at the most turn-based tables one may, else null. */
async function atTurnBasedCap(ctx: ServiceContext, body: JoinTableBody): Promise<Outcome<never> | null> {
  const accountId = (body as AccountBound).accountId;
  const who = accountId ? { accountId } : { tokenHashes: (body.held ?? []).map(hashToken) };
  const seats = await ctx.store.seatsOf(who, true);
  const max = LIMITS.turnBasedTablesPerPlayer;
  if (new Set(seats.map((s) => s.code)).size < max) return null;
  return fail(
    "lobby/too_many_tables",
    `You already sit at ${max} turn-based tables; finish or leave one before you join another.`,
    409,
  );
}

/** Runs a command that needs the host token presented in `hello`. */
export async function hostCommand(
  ctx: ServiceContext,
  conn: Conn,
  fn: (table: LiveTable) => Promise<Outcome<null>>,
): Promise<SimpleAck> {
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, (table) => {
    if (!conn.host) return fail("auth/not_host", "Only the host can do that.", 403);
    return fn(table);
  });
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

export function addBot(ctx: ServiceContext, conn: Conn, msg: AddBotMessage): Promise<SimpleAck> {
  return hostCommand(ctx, conn, (table) => table.addBot(msg));
}

export function removeBot(ctx: ServiceContext, conn: Conn, msg: RemoveBotMessage): Promise<SimpleAck> {
  return hostCommand(ctx, conn, (table) => table.removeBot(msg));
}

/** A seated player gives up their seat before the game starts and stays on as a spectator. */
export async function leave(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, (table) => table.leave(conn));
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

/** A seated player of a turn-based table doubles the current move's time (once per match). */
export async function moreTime(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, (table) => table.moreTime(conn));
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

/** A join or a hello the server has tied to the signed-in account of the request (never a client's field). */
export interface AccountBound {
  accountId?: string;
}

/** The seats after a player joins (`join`): the first free seat, with a new seat token. */
export function joinPlan(
  table: LiveTable,
  body: JoinTableBody,
  requestId?: string,
): Outcome<{ seat: Seat; token: string; seats: SeatRow[]; hostSeat: number | null }> {
  if (table.row.status !== "lobby") return fail("lobby/started", "The game has already started.", 409);
  if (body.hostToken !== undefined && hashToken(body.hostToken) !== table.row.hostTokenHash)
    return fail("auth/bad_host_token", "That host token is not valid for this table.", 403);
  const free = table.seats.find((s) => s.kind === "empty");
  if (!free) return fail("lobby/full", "Every seat is taken.", 409);
  if (table.seats.some((s) => s.colour === body.colour))
    return fail("lobby/colour_taken", "Someone already has that colour.", 409);
  const token = newToken();
  const seats = table.seats.map((s) =>
    s.seat === free.seat
      ? {
          ...s,
          kind: "human" as const,
          name: body.name,
          colour: body.colour,
          level: null,
          tokenHash: hashToken(token),
          // taken while signed in: the account's seat, found again from any of its devices
          accountId: (body as AccountBound).accountId ?? null,
          ...(requestId !== undefined && { requestId }),
        }
      : s,
  );
  const hostSeat = body.hostToken !== undefined ? free.seat : table.row.hostSeat;
  return { ok: true, value: { seat: free.seat, token, seats, hostSeat } };
}

/**
 * The seat a join of this request id took already, under a new token; null if none did. The first
 * token never reached anyone (the repeat means its answer was lost), so it can be replaced.
 */
export function rejoinPlan(
  table: LiveTable,
  requestId: string,
): { seat: Seat; token: string; seats: SeatRow[] } | null {
  const taken = table.seats.find((s) => s.kind === "human" && s.requestId === requestId);
  if (!taken) return null;
  const token = newToken();
  const seats = table.seats.map((s) => (s === taken ? { ...s, tokenHash: hashToken(token) } : s));
  return { seat: taken.seat, token, seats };
}

/** The seats after the host seats a bot (`add_bot`). */
export function addBotPlan(table: LiveTable, msg: AddBotMessage): Outcome<SeatRow[]> {
  if (table.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
  const target = table.seats[msg.seat];
  if (!target) return fail("input/invalid", "No such seat at this table.");
  if (target.kind !== "empty") return fail("lobby/seat_taken", "That seat is taken.");
  const colour = COLOURS.find((c) => !table.seats.some((s) => s.colour === c));
  if (!colour) return fail("lobby/full", "No colour left.");
  const used = new Set(table.seats.map((s) => s.name));
  const name = BOT_NAMES.find((n) => !used.has(n)) ?? `Bot ${msg.seat + 1}`;
  const seats = table.seats.map((s) =>
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
  return { ok: true, value: seats };
}

/** The seats after the host takes a bot away (`remove_bot`). */
export function removeBotPlan(table: LiveTable, msg: RemoveBotMessage): Outcome<SeatRow[]> {
  if (table.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
  const target = table.seats[msg.seat];
  if (target?.kind !== "bot") return fail("lobby/not_bot", "There is no bot in that seat.");
  return { ok: true, value: table.seats.map((s) => (s.seat === msg.seat ? emptySeat(s.seat) : s)) };
}
