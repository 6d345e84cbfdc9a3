import { type Colour, createGame, RULES_VERSION } from "@firmament/engine";
import { rooms } from "./bus";
import type { Conn, ServiceContext } from "./context";
import type { Live } from "./live";
import { hostCommand } from "./lobby";
import { fail } from "./outcome";
import { pushTable, pushViews } from "./projections";
import type { SimpleAck } from "./protocol";
import type { GameRow, SeatRow } from "./store/types";

/** Host: starts the first game with the filled seats, renumbered 0, 1, … in order. */
export function start(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  return hostCommand(ctx, conn, async (live) => {
    if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
    const filled = live.seats.filter((s) => s.kind !== "empty");
    if (filled.length < 3) return fail("lobby/not_enough_players", "Dreams needs at least 3 players.");
    const renumber = new Map(filled.map((s, index) => [s.seat, index]));
    const seats = filled.map((s, index) => ({ ...s, seat: index }));
    const hostSeat = live.row.hostSeat === null ? null : (renumber.get(live.row.hostSeat) ?? null);
    await startGame(ctx, live, seats, hostSeat, renumber);
    return { ok: true, value: null };
  });
}

/** Host: a new game with the same seats once the last one is over. */
export function playAgain(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  return hostCommand(ctx, conn, async (live) => {
    if (live.row.status !== "over") return fail("game/not_over", "The game is not over yet.");
    // a custom deck is kept while it is played with; one removed since the last game cannot be dealt again
    const deck = live.row.config.deck;
    if (
      deck !== "standard" &&
      (live.deck.ids.length === 0 || !(await ctx.store.touchDeck(deck.custom, ctx.clock.now())))
    )
      return fail(
        "deck/unknown",
        "This table's custom deck has been removed; upload the pictures again for a new table.",
      );
    await startGame(ctx, live, live.seats, live.row.hostSeat, null);
    return { ok: true, value: null };
  });
}

async function startGame(
  ctx: ServiceContext,
  live: Live,
  seats: SeatRow[],
  hostSeat: number | null,
  renumber: Map<number, number> | null,
): Promise<void> {
  const seed = ctx.seedSource();
  const colours = seats.map((s) => s.colour as Colour);
  const created = createGame({ colours, deck: live.deck.ids, seed });
  if (!created.ok) throw new Error(`createGame refused: ${created.error.code}`);
  const now = ctx.clock.now();
  const game: GameRow = {
    game: live.row.game + 1,
    seed,
    colours,
    deck: live.deck.ids.slice(),
    rules: RULES_VERSION,
    startedAt: now,
    finishedAt: null,
  };
  await ctx.store.startGame(live.row.code, game, seats, hostSeat);
  const code = live.row.code;
  if (renumber)
    for (const c of live.conns.values()) {
      if (c.seat === null) continue;
      const to = renumber.get(c.seat);
      c.leave(rooms.seat(code, c.seat));
      if (to === undefined) {
        c.seat = null;
        c.join(rooms.spectators(code));
      } else {
        c.seat = to;
        c.join(rooms.seat(code, to));
      }
    }
  live.seats = seats;
  live.row.hostSeat = hostSeat;
  live.row.status = "playing";
  live.row.game = game.game;
  live.game = game;
  live.state = created.value;
  live.version = 0;
  live.lastChangeAt = now;
  live.turnStartedAt = now;
  live.bots.clear();
  live.botPlaying.clear();
  live.goneSince.clear();
  const present = new Set([...live.conns.values()].map((c) => c.seat));
  for (const s of seats) if (s.kind === "human" && !present.has(s.seat)) live.goneSince.set(s.seat, now);
  ctx.log.info({ table: code, game: game.game, players: seats.length }, "game started");
  pushTable(ctx, live);
  pushViews(ctx, live, []);
  ctx.schedule(live);
}
