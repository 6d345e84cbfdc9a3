import { apply } from "../src/apply";
import { commit } from "../src/commitment";
import { dreamCard, nightmareCard } from "../src/decks";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction, testSeed } from "../src/testing";
import type { DreamersAction, DreamersEvent, DreamersState, Identity, Seat } from "../src/types";

export function newGame(seed = 1): DreamersState {
  const result = createGame({}, testSeed(mulberry32(seed)));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Applies an action that must be legal. */
export function must(state: DreamersState, action: DreamersAction): DreamersState {
  const result = apply(state, action);
  if (!result.ok)
    throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
  return result.value.state;
}

/** Applies an action that must be legal and returns its events too. */
export function mustWithEvents(
  state: DreamersState,
  action: DreamersAction,
): [DreamersState, DreamersEvent[]] {
  const result = apply(state, action);
  if (!result.ok)
    throw new Error(`${result.error.code}: ${result.error.message} (${JSON.stringify(action)})`);
  return [result.value.state, result.value.events];
}

export function errorCode(state: DreamersState, action: unknown): string | undefined {
  const result = apply(state, action);
  return result.ok ? undefined : result.error.code;
}

/** A whole random game, every action recorded. */
export function randomGame(seed: number): {
  initial: DreamersState;
  final: DreamersState;
  actions: DreamersAction[];
} {
  const initial = newGame(seed);
  const random = mulberry32(seed ^ 0x5bd1e995);
  const actions: DreamersAction[] = [];
  let state = initial;
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    state = must(state, action);
    actions.push(action);
  }
  return { initial, final: state, actions };
}

/**
 * The same game with the current turn rigged: who is first, the identities, both hands, the Nightmares
 * from this turn on (the first is this turn's) and the Dream deck's order (the cards not named follow in
 * deck order). For a state at the start of a turn (`first_play`, nothing played). The commitment is
 * recomputed, so the round's reveal still verifies.
 */
export function rig(
  state: DreamersState,
  setup: {
    first: Seat;
    identities: [Identity, Identity];
    hands: [string[], string[]];
    nightmares: string[];
    dreamDeck?: string[];
  },
): DreamersState {
  if (state.phase !== "first_play" || state.round.plays[0] !== null) throw new Error("rig a turn's start");
  const round = state.round;
  const inHands = new Set([...setup.hands[0], ...setup.hands[1], ...round.dreamDiscard]);
  const named = setup.dreamDeck ?? [];
  const dreamDeck = [
    ...named,
    ...round.dreamDeck
      .concat(round.hands[0], round.hands[1])
      .filter((id) => !inHands.has(id) && !named.includes(id)),
  ];
  const left = new Set([...round.nightmareDeck, ...(round.nightmare ? [round.nightmare] : [])]);
  for (const id of setup.nightmares) if (!left.has(id)) throw new Error(`${id} is not left to draw`);
  const nightmareDeck = [
    ...setup.nightmares.slice(1),
    ...[...left].filter((id) => !setup.nightmares.includes(id)),
  ];
  const unused: Identity = setup.identities.includes("master") ? "dreamer" : "master";
  const identities: [Identity, Identity] = [setup.identities[0], setup.identities[1]];
  return {
    ...state,
    round: {
      ...round,
      first: setup.first,
      starter: round.turn === 1 ? setup.first : round.starter,
      identities,
      unused,
      commitment: commit({ round: round.number, identities, unused, salt: round.salt }),
      hands: [setup.hands[0].slice(), setup.hands[1].slice()],
      dreamDeck,
      nightmare: setup.nightmares[0] as string,
      nightmareDeck,
    },
  };
}

/** A turn played without a gate: the first plays their first card, the second a card that misses the sum, both pass. */
export function missTurn(state: DreamersState): DreamersState {
  const round = state.round;
  const first = round.first;
  const second = 1 - first;
  const nightmare = nightmareCard(round.nightmare as string)?.value as number;
  const firstCard = round.hands[first]?.[0] as string;
  const need = nightmare - (dreamCard(firstCard)?.value as number);
  const secondCard = round.hands[second]?.find((id) => dreamCard(id)?.value !== need) as string;
  let next = must(state, { type: "play_dream", seat: first, card: firstCard, declaration: "far" });
  next = must(next, { type: "play_dream", seat: second, card: secondCard });
  if (next.phase === "modify_first") next = must(next, { type: "pass", seat: first });
  if (next.phase === "modify_second") next = must(next, { type: "pass", seat: second });
  return must(next, { type: "end_turn", seat: first });
}

/** Misses every turn until the Dream deck runs out. */
export function missRound(state: DreamersState): DreamersState {
  let next = state;
  while (next.phase === "first_play") next = missTurn(next);
  return next;
}

/** Both players ready: the next round starts (or the game ends). */
export function readyBoth(state: DreamersState): DreamersState {
  return must(must(state, { type: "ready", seat: 0 }), { type: "ready", seat: 1 });
}

export const TWO_DREAMERS: [Identity, Identity] = ["dreamer", "dreamer"];

/** Round 1 rigged so that seat 0 is first and both hands are known. */
export function rigged(
  hands: [string[], string[]],
  nightmares: string[],
  identities: [Identity, Identity] = TWO_DREAMERS,
  dreamDeck: string[] = [],
): DreamersState {
  return rig(newGame(3), { first: 0, identities, hands, nightmares, dreamDeck });
}
