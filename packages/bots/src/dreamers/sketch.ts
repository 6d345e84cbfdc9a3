import {
  createGame,
  type Declaration,
  DREAM_CARDS,
  type DreamersState,
  dreamCard,
  type Identity,
  mulberry32,
  NIGHTMARE_CARDS,
  nightmareCard,
  type Phase,
  type Seat,
  type TurnRecord,
  testSeed,
} from "@firmament/dreamers";

/** A finished or current turn, in short: who was first, the Nightmare's value, the declaration, both cards. */
export interface TurnSketch {
  first: Seat;
  nightmare: number;
  declaration: Declaration;
  /** The first player's card id, then the second's. */
  plays: [string, string];
}

export interface Sketch {
  identities: [Identity, Identity];
  /** Finished turns of the round, in order (no gates unless the cards sum to the Nightmare). */
  history: TurnSketch[];
  /** The current turn: its first player, Nightmare and, once played, declaration and cards. */
  current: { first: Seat; nightmare: number; declaration?: Declaration; plays?: [string?, string?] };
  phase: Phase;
  hands: [string[], string[]];
  /** Cards left in the Dream deck (the rest of the unseen cards go to the discard pile). */
  deck: number;
  seed?: number;
}

/** Hands out each card of a sketch once: Dream cards by id, Nightmares by value. */
interface CardTaker {
  placed: Set<string>;
  usedNightmares: Set<string>;
  take: (id: string) => string;
  nightmareOf: (value: number, turn: number) => string;
}

function cardTaker(): CardTaker {
  const placed = new Set<string>();
  const usedNightmares = new Set<string>();
  const take = (id: string) => {
    if (placed.has(id)) throw new Error(`${id} used twice`);
    if (!dreamCard(id)) throw new Error(`no card ${id}`);
    placed.add(id);
    return id;
  };
  const nightmareOf = (value: number, turn: number) => {
    const card = NIGHTMARE_CARDS.find((c) => c.value === value && !usedNightmares.has(c.id));
    if (!card) throw new Error(`no Nightmare ${value} left for turn ${turn}`);
    usedNightmares.add(card.id);
    return card.id;
  };
  return { placed, usedNightmares, take, nightmareOf };
}

/** The finished turns of a sketch as the state records them. */
function sketchHistory(turns: readonly TurnSketch[], cards: CardTaker): TurnRecord[] {
  return turns.map((turn, i) => {
    const nightmare = nightmareCard(cards.nightmareOf(turn.nightmare, i + 1));
    const plays = turn.plays.map((id) => ({
      ...(dreamCard(cards.take(id)) as (typeof DREAM_CARDS)[number]),
    }));
    const sum = (plays[0]?.value ?? 0) + (plays[1]?.value ?? 0);
    return {
      turn: i + 1,
      first: turn.first,
      nightmare: { ...(nightmare as NonNullable<typeof nightmare>) },
      declaration: turn.declaration,
      plays: [plays[0], plays[1]] as TurnRecord["plays"],
      modifier: null,
      sum,
      gateOpened: sum === turn.nightmare,
    };
  });
}

/** The sum of the current turn's cards once both are up, else null. */
function currentSum(plays: [string | null, string | null]): number | null {
  if (plays[0] === null || plays[1] === null) return null;
  return (dreamCard(plays[0])?.value ?? 0) + (dreamCard(plays[1])?.value ?? 0);
}

/**
 * For tests: a Dreamers state built to order: the round's history, hands, the current turn
 * and the deck's size. Every Dream card is somewhere (history, table, hands, deck or discards).
 */
export function sketchState(sketch: Sketch): DreamersState {
  const created = createGame({}, testSeed(mulberry32(sketch.seed ?? 7)));
  if (!created.ok) throw new Error(created.error.message);
  const state = created.value;
  const cards = cardTaker();
  const { take, usedNightmares } = cards;
  const history = sketchHistory(sketch.history, cards);
  let gates = history.filter((t) => t.gateOpened).length;
  const current = sketch.current;
  const currentPlays: [string | null, string | null] = [
    current.plays?.[0] ? take(current.plays[0]) : null,
    current.plays?.[1] ? take(current.plays[1]) : null,
  ];
  const hands: [string[], string[]] = [sketch.hands[0].map(take), sketch.hands[1].map(take)];
  const rest = DREAM_CARDS.map((c) => c.id).filter((id) => !cards.placed.has(id));
  const dreamDeck = rest.slice(0, sketch.deck);
  const discard = rest.slice(sketch.deck).concat(history.flatMap((t) => t.plays.map((c) => c.id)));
  const nightmare = cards.nightmareOf(current.nightmare, history.length + 1);
  if (currentSum(currentPlays) === current.nightmare) gates++;
  return {
    ...state,
    phase: sketch.phase,
    round: {
      ...state.round,
      first: current.first,
      starter: sketch.history[0]?.first ?? current.first,
      identities: sketch.identities,
      unused: sketch.identities.includes("master") ? "dreamer" : "master",
      hands,
      dreamDeck,
      dreamDiscard: discard,
      nightmareDeck: NIGHTMARE_CARDS.map((c) => c.id).filter((id) => !usedNightmares.has(id)),
      nightmareDiscard: [...usedNightmares].filter((id) => id !== nightmare),
      nightmare,
      declaration: current.declaration ?? null,
      plays: currentPlays,
      modifier: null,
      history,
      gates,
      turn: history.length + 1,
    },
  };
}
