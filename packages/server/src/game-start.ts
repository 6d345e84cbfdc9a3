import type { Conn, ServiceContext, TableEnv } from "./context";
import type { Deck } from "./deck";
import type { LiveTable } from "./live-table";
import { hostCommand } from "./lobby";
import { fail, type Outcome } from "./outcome";
import type { SimpleAck } from "./protocol";
import type { MatchRow, SeatRow } from "./store/types";

/** Host: starts the first match with the filled seats, renumbered 0, 1, … in order. */
export function start(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  return hostCommand(ctx, conn, (table) => table.start());
}

/** Host: a new match with the same seats once the last one is over. */
export function playAgain(ctx: ServiceContext, conn: Conn): Promise<SimpleAck> {
  return hostCommand(ctx, conn, (table) => table.playAgain());
}

/** The players of a first match: the filled seats renumbered 0, 1, … in order, with the host's seat. */
export function playersToStart(
  table: LiveTable,
): Outcome<{ seats: SeatRow[]; hostSeat: number | null; renumber: Map<number, number> }> {
  if (table.row.status !== "lobby") return fail("lobby/started", "The game has already started.");
  const filled = table.seats.filter((s) => s.kind !== "empty");
  const { min } = table.game.rules.seats;
  if (filled.length < min)
    return fail("lobby/not_enough_players", `${table.game.title} needs at least ${min} players.`);
  const renumber = new Map(filled.map((s, index) => [s.seat, index]));
  const seats = filled.map((s, index) => ({ ...s, seat: index }));
  const hostSeat = table.row.hostSeat === null ? null : (renumber.get(table.row.hostSeat) ?? null);
  return { ok: true, value: { seats, hostSeat, renumber } };
}

/**
 * The deck a new match of the table is dealt from: a custom deck is kept while it is played with (one
 * removed since the last game cannot be dealt again); a standard table is dealt from the standard
 * deck's current edition.
 */
export async function replayableDeck(env: TableEnv, deck: Deck | null): Promise<Outcome<Deck | null>> {
  if (
    deck?.kind === "custom" &&
    (deck.ids.length === 0 || !(await env.store.touchDeck(deck.id, env.clock.now())))
  )
    return fail(
      "deck/unknown",
      "This table's custom deck has been removed; upload the pictures again for a new table.",
    );
  return { ok: true, value: deck?.kind === "standard" ? env.decks.standard : deck };
}

/** The next match of the table, dealt for `seats`; `chooseSeed` picks its seed (a guided first game's). */
export function dealMatch(
  env: TableEnv,
  table: LiveTable,
  seats: readonly SeatRow[],
  chooseSeed?: (setup: unknown) => string,
): { row: MatchRow; state: unknown } {
  const { game, deck } = table;
  const colours = seats.map((s) => s.colour as string);
  const setup = game.setupFor({ colours, deck });
  const seed = chooseSeed ? chooseSeed(setup) : env.seedSource();
  const created = game.rules.setup(setup, seed);
  if (!created.ok) throw new Error(`${game.kind} setup refused: ${created.error.code}`);
  const row: MatchRow = {
    match: table.row.match + 1,
    kind: game.kind,
    seed,
    colours,
    deck: deck ? deck.ids.slice() : [],
    setup,
    rules: game.rules.rulesVersion,
    startedAt: env.clock.now(),
    finishedAt: null,
  };
  return { row, state: created.value };
}
