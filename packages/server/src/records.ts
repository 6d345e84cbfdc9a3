import {
  type GameRecord,
  type RecordedStep,
  type RecordRound,
  type RecordSeat,
  writeRecord,
} from "@firmament/game-kit";
import type { GameKind, MatchSummary, ReplayFrame, ReplayResponse } from "@firmament/protocol";
import { LRUCache } from "lru-cache";
import type { ServiceContext } from "./context";
import { gameOf, type ServerGame } from "./games";
import { replayStored } from "./games/replay";
import { fail, type Outcome } from "./outcome";
import type { MatchRow, SeatRow, StoredTable } from "./store/types";

/** The newest matches a table's history lists. */
export const HISTORY_LIMIT = 50;

interface Replayed {
  table: StoredTable;
  match: MatchRow;
  game: ServerGame;
  seats: RecordSeat[];
  steps: RecordedStep<unknown>[];
  /** `states[0]` as set up; `states[i]` after action `i`. */
  states: unknown[];
  finished: boolean;
}

/**
 * Rebuilds a stored match by replaying its log through its game's rules — on the server only: the
 * seed, the states and the events never leave it; records and frames are made from them by the games'
 * own functions, which write only what is public now.
 */
async function replayMatch(ctx: ServiceContext, code: string, number: number): Promise<Outcome<Replayed>> {
  const table = await ctx.store.loadTable(code, 0);
  if (!table) return fail("table/unknown", "There is no table with that code.", 404);
  const stored = number <= table.table.match ? await ctx.store.loadMatch(code, number) : null;
  if (!stored) return fail("match/unknown", `Table ${code} has no match ${number}.`, 404);
  const { match, actions } = stored;
  const game = gameOf(match.kind);
  if (!game || match.rules !== game.rules.rulesVersion)
    return fail(
      "table/rules_changed",
      "The match was played under earlier rules; it cannot be replayed.",
      410,
    );
  const { states, events } = replayStored(game, match, actions, `Match ${code}/${number}`);
  const steps: RecordedStep<unknown>[] = actions.map((row, i) => ({
    action: row.action,
    events: events[i] ?? [],
  }));
  const finished = game.rules.outcome(states.at(-1)) !== null;
  const seats = seatsOf(match, table.seats, number === table.table.match);
  return ok({ table, match, game, seats, steps, states, finished });
}

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });

/**
 * A match's seats with their names. The table keeps the seats of its current match only; an earlier
 * match's seat is named after the current seat of the same colour (a player keeps their colour when
 * they play again), else "Seat n".
 */
function seatsOf(match: MatchRow, seats: SeatRow[], current: boolean): RecordSeat[] {
  return match.colours.map((colour, seat): RecordSeat => {
    const row = current ? seats[seat] : seats.find((s) => s.colour === colour && s.kind !== "empty");
    return {
      seat,
      name: row?.name ?? `Seat ${seat + 1}`,
      colour: colour || null,
      bot: row?.kind === "bot" ? (row.level ?? "bot") : null,
    };
  });
}

function recordOf(ctx: ServiceContext, replayed: Replayed): GameRecord {
  const { match, game, seats, finished } = replayed;
  const final = game.rules.outcome(replayed.states.at(-1));
  const deck = game.usesDeck && match.deck[0] ? ctx.decks.standardHolding(match.deck[0]) : null;
  const tags: Record<string, string> = {
    Deck: game.deckTag(deck ?? (replayed.table.table.config.deck ? customDeck(replayed.table) : null)),
  };
  if (match.deck.length > 0) tags.Cards = match.deck.join(" ");
  return {
    game: game.kind,
    rules: match.rules,
    table: replayed.table.table.code,
    match: match.match,
    date: new Date(match.startedAt).toISOString(),
    finished,
    seats,
    tags,
    rounds: game.recorder.rounds(replayed.states[0], replayed.steps),
    result: finished && final ? { scores: final.scores, winners: final.winners } : null,
  };
}

function customDeck(table: StoredTable) {
  const deck = table.table.config.deck;
  return typeof deck === "object" && deck && "custom" in deck
    ? { kind: "custom", id: String(deck.custom), version: "" }
    : null;
}

const paths = (code: string, match: number) => ({
  record: `/api/tables/${code}/matches/${match}/record`,
  replay: `/replay/${code}/${match}`,
  frames: `/api/tables/${code}/matches/${match}/replay`,
});

function summaryOf(record: GameRecord): MatchSummary {
  return {
    match: record.match,
    game: record.game as GameKind,
    date: record.date,
    finished: record.finished,
    seats: record.seats,
    result: record.result,
    ...paths(record.table, record.match),
  };
}

/** A match's text record (docs/records.md) and whether it is final. */
export async function matchRecord(
  ctx: ServiceContext,
  code: string,
  match: number,
): Promise<Outcome<{ text: string; finished: boolean }>> {
  const replayed = await replayMatch(ctx, code, match);
  if (!replayed.ok) return replayed;
  return ok({ text: writeRecord(recordOf(ctx, replayed.value)), finished: replayed.value.finished });
}

/**
 * A match's replay: the spectator's view after every action and the record's rounds (with each ended
 * round's secret). For a match still going on, exactly what a spectator may see now.
 */
export async function matchReplay(
  ctx: ServiceContext,
  code: string,
  match: number,
): Promise<Outcome<ReplayResponse>> {
  const replayed = await replayMatch(ctx, code, match);
  if (!replayed.ok) return replayed;
  const { game, states, steps } = replayed.value;
  const rules = game.rules;
  const history: unknown[] = [];
  const frames: ReplayFrame[] = states.map((state, version) => {
    if (version > 0 && game.history)
      for (const event of steps[version - 1]?.events ?? []) {
        const entry = game.history.entry(event);
        if (entry !== null) history.push(entry);
      }
    const view = rules.view(state, "spectator");
    return {
      version,
      round: rules.progress(state).round,
      view: game.history ? game.history.addTo(view, history) : view,
    };
  });
  const record = recordOf(ctx, replayed.value);
  const { frames: _, ...summary } = summaryOf(record);
  return ok({
    ...summary,
    code,
    rounds: record.rounds.map((round: RecordRound) => ({
      round: round.round,
      head: round.head,
      commitment: round.commitment,
      secret: round.secret,
      lines: round.lines.map((l) => [l.word, ...l.args].join(" ")),
    })),
    frames,
  });
}

/** The matches played at a table, oldest first (the newest `HISTORY_LIMIT`). */
export async function matchHistory(ctx: ServiceContext, code: string): Promise<Outcome<MatchSummary[]>> {
  const table = await ctx.store.loadTable(code, 0);
  if (!table) return fail("table/unknown", "There is no table with that code.", 404);
  const matches: MatchSummary[] = [];
  const kept = finishedSummaries(ctx);
  for (let match = Math.max(1, table.table.match - HISTORY_LIMIT + 1); match <= table.table.match; match++) {
    const key = `${code}/${match}`;
    const cached = kept.get(key);
    if (cached) {
      matches.push(cached);
      continue;
    }
    const replayed = await replayMatch(ctx, code, match);
    if (!replayed.ok) continue;
    const summary = summaryOf(recordOf(ctx, replayed.value));
    matches.push(summary);
    if (summary.finished) kept.set(key, summary);
  }
  return ok(matches);
}

/** How many finished matches' summaries a server keeps, so a history does not replay them again. */
const SUMMARY_LIMIT = 5_000;
const summaries = new WeakMap<ServiceContext, LRUCache<string, MatchSummary>>();

/** A finished match's summary never changes: each server keeps the ones it has built. */
function finishedSummaries(ctx: ServiceContext): LRUCache<string, MatchSummary> {
  const kept = summaries.get(ctx) ?? new LRUCache<string, MatchSummary>({ max: SUMMARY_LIMIT });
  summaries.set(ctx, kept);
  return kept;
}
