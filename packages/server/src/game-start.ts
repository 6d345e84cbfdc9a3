import { rooms } from "./bus";
import type { Conn, ServiceContext } from "./context";
import type { Live } from "./live";
import { hostCommand } from "./lobby";
import { fail } from "./outcome";
import { pushTable, pushViews } from "./projections";
import type { SimpleAck } from "./protocol";
import type { MatchRow, SeatRow } from "./store/types";

/** Host: starts the first match with the filled seats, renumbered 0, 1, … in order. */
export function start(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  return hostCommand(ctx, conn, async (live) => {
    if (live.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
    const filled = live.seats.filter((s) => s.kind !== "empty");
    const { min } = live.game.rules.seats;
    if (filled.length < min)
      return fail("lobby/not_enough_players", `${live.game.title} needs at least ${min} players.`);
    const renumber = new Map(filled.map((s, index) => [s.seat, index]));
    const seats = filled.map((s, index) => ({ ...s, seat: index }));
    const hostSeat = live.row.hostSeat === null ? null : (renumber.get(live.row.hostSeat) ?? null);
    await startMatch(ctx, live, seats, hostSeat, renumber);
    return { ok: true, value: null };
  });
}

/** Host: a new match with the same seats once the last one is over. */
export function playAgain(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  return hostCommand(ctx, conn, async (live) => {
    if (live.row.status !== "over") return fail("game/not_over", "The game is not over yet.");
    // a custom deck is kept while it is played with; one removed since the last game cannot be dealt again
    const deck = live.deck;
    if (
      deck?.kind === "custom" &&
      (deck.ids.length === 0 || !(await ctx.store.touchDeck(deck.id, ctx.clock.now())))
    )
      return fail(
        "deck/unknown",
        "This table's custom deck has been removed; upload the pictures again for a new table.",
      );
    // a new match of a standard table is dealt from the standard deck's current edition
    if (live.deck?.kind === "standard") live.deck = ctx.decks.standard;
    await startMatch(ctx, live, live.seats, live.row.hostSeat, null);
    return { ok: true, value: null };
  });
}

/** Deals and starts a match; `chooseSeed` picks its seed (a guided first game's), else a fresh one. */
export async function startMatch(
  ctx: ServiceContext,
  live: Live,
  seats: SeatRow[],
  hostSeat: number | null,
  renumber: Map<number, number> | null,
  chooseSeed?: (setup: unknown) => string,
): Promise<void> {
  const { game } = live;
  const colours = seats.map((s) => s.colour as string);
  const setup = game.setupFor({ colours, deck: live.deck });
  const seed = chooseSeed ? chooseSeed(setup) : ctx.seedSource();
  const created = game.rules.setup(setup, seed);
  if (!created.ok) throw new Error(`${game.kind} setup refused: ${created.error.code}`);
  const now = ctx.clock.now();
  const match: MatchRow = {
    match: live.row.match + 1,
    kind: game.kind,
    seed,
    colours,
    deck: live.deck ? live.deck.ids.slice() : [],
    setup,
    rules: game.rules.rulesVersion,
    startedAt: now,
    finishedAt: null,
  };
  await ctx.store.startMatch(live.row.code, match, seats, hostSeat);
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
  live.row.match = match.match;
  live.match = match;
  live.state = created.value;
  live.version = 0;
  live.history = [];
  live.lastChangeAt = now;
  live.turnStartedAt = now;
  live.bots.clear();
  live.botPlaying.clear();
  live.goneSince.clear();
  live.notBackSinceLoad.clear();
  const present = new Set([...live.conns.values()].map((c) => c.seat));
  for (const s of seats) if (s.kind === "human" && !present.has(s.seat)) live.goneSince.set(s.seat, now);
  ctx.log.info({ table: code, match: match.match, game: game.kind, players: seats.length }, "match started");
  pushTable(ctx, live);
  pushViews(ctx, live, []);
  ctx.schedule(live);
}
