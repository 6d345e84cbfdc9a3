import { createHash } from "node:crypto";
import type { BotLevel } from "@firmament/protocol";
import { gameOf } from "../src/games";
import type { ActionRow, MatchRow, SeatRow, Store } from "../src/store/types";

/** One seat of a stored test match: a signed-in human (`account`), a guest (null) or a bot. */
export type FixtureSeat = { account: string | null } | { bot: BotLevel };

const COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"];

/** A seed from a label, so each fixture match is its own and the same every run. */
export const seedOf = (label: string) => createHash("sha256").update(label).digest("hex");

/**
 * Stores a Dreamers table with one match played to its end by medium bots in every seat, as a server
 * would have stored it (table, seats with their accounts, match, every action, the finish). Returns
 * the game's outcome.
 */
export async function storeFinishedMatch(
  store: Store,
  options: {
    code: string;
    seats: FixtureSeat[];
    rated: boolean;
    finishedAt: number;
    seed?: string;
    abandoned?: number[];
  },
): Promise<{ winners: number[]; scores: number[] }> {
  const game = gameOf("dreamers");
  if (!game) throw new Error("no dreamers");
  const seats = options.seats.map((s, seat) => seatRow(s, seat));
  const seed = options.seed ?? seedOf(options.code);
  const startedAt = options.finishedAt - 60_000;
  await store.createTable(
    {
      code: options.code,
      config: {
        game: "dreamers",
        seats: seats.length,
        visibility: "private",
        timer: "off",
        rated: options.rated,
      },
      hostTokenHash: "0".repeat(64),
      status: "lobby",
      match: 0,
      hostSeat: null,
      createdAt: startedAt,
    },
    seats,
  );
  const { actions, outcome } = playOut(seed, seats.length, startedAt);
  const row: MatchRow = {
    match: 1,
    kind: "dreamers",
    seed,
    colours: seats.map((s) => s.colour as string),
    deck: [],
    setup: game.setupFor({ colours: [], deck: null }),
    rules: game.rules.rulesVersion,
    startedAt,
    finishedAt: null,
  };
  await store.startMatch(options.code, row, seats, null);
  // all at once: the SQLite store commits the appends of one turn together
  await Promise.all(
    actions.map((action, index) => {
      const last = index === actions.length - 1;
      return store.appendAction(
        options.code,
        1,
        action,
        last ? options.finishedAt : null,
        last ? options.abandoned : [],
      );
    }),
  );
  return outcome;
}

function seatRow(s: FixtureSeat, seat: number): SeatRow {
  const colour = COLOURS[seat] as string;
  if ("bot" in s) return { seat, colour, name: `Bot ${seat}`, kind: "bot", level: s.bot, tokenHash: null };
  return {
    seat,
    colour,
    name: `Player ${seat}`,
    kind: "human",
    level: null,
    tokenHash: seedOf(`token ${seat}`),
    accountId: s.account,
  };
}

/** A Dreamers match played by medium bots from `seed` to its end: its actions and outcome. */
export function playOut(seed: string, players: number, startedAt: number) {
  const game = gameOf("dreamers");
  if (!game) throw new Error("no dreamers");
  const created = game.rules.setup(game.setupFor({ colours: [], deck: null }), seed);
  if (!created.ok) throw new Error(created.error.code);
  let state = created.value;
  const bots = Array.from({ length: players }, (_, seat) =>
    game.bot("medium", seedOf(`${seed}/${seat}`), null, () => undefined),
  );
  const actions: ActionRow[] = [];
  for (let guard = 0; game.rules.outcome(state) === null; guard++) {
    if (guard > 5000) throw new Error("the match did not end");
    const seat = game.rules.progress(state).awaiting[0] as number;
    const action = bots[seat]?.decide(game.rules.view(state, seat));
    if (!action) throw new Error("a bot found no move");
    const applied = game.rules.apply(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    actions.push({ version: actions.length + 1, action, at: startedAt + actions.length });
  }
  return { actions, outcome: game.rules.outcome(state) as { winners: number[]; scores: number[] } };
}
