import type { DeckChoice, MatchBeliefs, RoundBeliefs } from "@firmament/protocol";
import { LRUCache } from "lru-cache";
import type { Deck } from "./deck";
import type { DeckLibrary } from "./decks/library";
import { gameOf, type ServerGame } from "./games";
import { replayLog } from "./games/replay";
import { fail, type Outcome } from "./outcome";
import type { Store } from "./store/types";

/** Rounds' beliefs kept in memory: pure in (match, round), so never stale. */
const CACHE_LIMIT = 2000;

/**
 * The strongest bot's beliefs at each revealed round of a stored match (`GET …/matches/:match/beliefs`).
 * A match is replayed from its stored log; each round's beliefs come from the spectator's view of that
 * round's last state, through the game's adapter, and only once the round is revealed (a round in play
 * is never explained: a god belief is computed with the vision). Results are cached per (table, match,
 * round); computations run one at a time and yield between rounds, so a long match does not hold the
 * event loop.
 */
export class MatchBeliefsService {
  /**
   * Revealed rounds' beliefs, per (table, match, round) — and, while one is being computed, its
   * computation under `round@log length`, which requests at the same reveal share.
   */
  private readonly cache = new LRUCache<string, RoundBeliefs, () => RoundBeliefs | null>({
    max: CACHE_LIMIT,
    fetchMethod: async (_key, _stale, { context }) => (await this.serially(context)) ?? undefined,
  });
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly decks: DeckLibrary,
  ) {}

  async of(code: string, matchNumber: number, round: number | null): Promise<Outcome<MatchBeliefs>> {
    // A revealed round never changes: one asked for again (every seat asks at its reveal) is answered
    // without loading and replaying the match.
    const known = round === null ? undefined : this.cache.get(`${code}/${matchNumber}/${round}`);
    if (known)
      return {
        ok: true,
        value: { game: known.game, match: matchNumber, rounds: [known], inPlay: null, final: true },
      };
    const table = await this.store.loadTable(code, 0);
    if (!table) return fail("table/unknown", "There is no table with that code.", 404);
    const game = gameOf(table.table.config.game);
    const stored = await this.store.loadMatch(code, matchNumber);
    if (!game || !stored) return fail("match/unknown", "This table has no match with that number.", 404);
    const { match, actions } = stored;
    if (match.rules !== game.rules.rulesVersion)
      return fail("table/rules_changed", "This match was played under earlier rules.", 410);
    const explain = game.beliefs;
    if (!explain) return fail("match/unknown", `${game.title} has no bot beliefs.`, 404);
    const views = roundEndViews(
      game,
      match.setup,
      match.seed,
      actions.map((a) => a.action),
    );
    if (!views) return fail("server/error", "Something went wrong on the server.", 500);
    const deck = game.usesDeck ? await this.deckOf(table.table.config.deck, match.deck[0]) : null;
    if (game.usesDeck && !deck)
      return fail("deck/unknown", "The deck of this match is no longer stored.", 404);
    const last = views.length;
    if (round !== null && (round < 1 || round > last))
      return fail("round/unknown", "This match has no round with that number.", 404);
    const wanted = round === null ? views.map((_, i) => i + 1) : [round];
    const rounds: RoundBeliefs[] = [];
    let inPlay: number | null = null;
    for (const r of wanted) {
      const key = `${code}/${matchNumber}/${r}`;
      const beliefs =
        this.cache.get(key) ?? (await this.compute(key, actions.length, () => explain(views[r - 1], deck)));
      if (beliefs) rounds.push(beliefs);
      else inPlay = r;
    }
    if (round !== null && inPlay !== null)
      return fail("round/in_play", "This round is not revealed yet; its beliefs come at the reveal.", 409);
    const final = round !== null || match.finishedAt !== null;
    return { ok: true, value: { game: game.kind, match: matchNumber, rounds, inPlay, final } };
  }

  /**
   * One round's beliefs, computed once however many requests ask at the same time. The log's length is
   * part of the key of a computation under way (the last round may be revealed by the next action), not
   * of the cache: only a revealed round's beliefs are kept, under the round alone.
   */
  private async compute(
    key: string,
    version: number,
    fn: () => RoundBeliefs | null,
  ): Promise<RoundBeliefs | null> {
    const running = `${key}@${version}`;
    const found = await this.cache.fetch(running, { context: fn });
    if (!found) return null;
    this.cache.set(key, found);
    this.cache.delete(running);
    return found;
  }

  /** Runs `fn` after every earlier computation and a turn of the event loop. */
  private serially<T>(fn: () => T): Promise<T> {
    const next = this.queue.then(
      () =>
        new Promise<T>((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(fn());
            } catch (error) {
              reject(error);
            }
          }),
        ),
    );
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async deckOf(choice: DeckChoice | undefined, dealt: string | undefined): Promise<Deck | null> {
    if (!choice) return null;
    // a standard-deck match keeps the edition it was dealt from (its card ids tell which)
    const holding = choice === "standard" && dealt !== undefined ? this.decks.standardHolding(dealt) : null;
    return holding ?? this.decks.get(choice);
  }
}

/**
 * The spectator's view of each round's last state, oldest first (the last one is the round now being
 * played or just revealed): the match replayed action by action. Null if the log does not replay.
 */
export function roundEndViews(
  game: ServerGame,
  setup: unknown,
  seed: string,
  actions: readonly unknown[],
): unknown[] | null {
  const replayed = replayLog(game, setup, seed, actions);
  if (!replayed.ok) return null;
  const { states } = replayed.value;
  const views: unknown[] = [];
  for (let i = 1; i < states.length; i++)
    if (game.rules.progress(states[i]).round !== game.rules.progress(states[i - 1]).round)
      views.push(game.rules.view(states[i - 1], "spectator"));
  views.push(game.rules.view(states.at(-1), "spectator"));
  return views;
}
