import {
  type Declaration,
  type DreamersView,
  type Identity,
  modificationPossible,
  type Seat,
  type Target,
  type TurnRecord,
} from "@firmament/dreamers";
import { CARDS, cardIndex, value } from "./cards";

/** One turn of this round as both players saw it: card indices instead of ids. */
export interface SeenTurn {
  turn: number;
  first: Seat;
  nightmare: number;
  declaration: Declaration;
  /** The first player's card, then the second's. */
  plays: [number, number];
  modifier: { seat: Seat; card: number; target: Target } | null;
  /** Whether the modification steps were offered: the cards missed and some modifier could fix them. */
  modifiable: boolean;
}

/** What a seat knows, from its view only, in the shape the bots compute with. */
export interface Situation {
  view: DreamersView;
  seat: Seat;
  other: Seat;
  identity: Identity | null;
  /** My hand, as card indices. */
  hand: number[];
  nightmare: number | null;
  /** This round's finished turns, and the current one once its plays and modifiers are done. */
  turns: SeenTurn[];
  /** Cards played this round where everyone saw them (turned up, modifiers), the current turn's included. */
  used: number[];
  /** Cards I cannot see: the other's hand, the Dream deck and a face-down card not mine. */
  pool: number[];
}

export function situationOf(view: DreamersView): Situation | null {
  const me = view.me;
  if (!me) return null;
  const seat = me.seat;
  const hand = me.hand.map((card) => cardIndex(card.id));
  const turns = seenTurns(view.history);
  const used: number[] = [];
  for (const turn of turns) {
    used.push(turn.plays[0], turn.plays[1]);
    if (turn.modifier) used.push(turn.modifier.card);
  }
  const current = currentTurn(view);
  if (current) {
    used.push(current.plays[0], current.plays[1]);
    if (current.modifier) used.push(current.modifier.card);
    if (view.phase === "closing") turns.push(current);
  }
  const known = new Uint8Array(CARDS);
  for (const card of used) known[card] = 1;
  for (const card of hand) known[card] = 1;
  for (const play of view.plays) if (play.card) known[cardIndex(play.card.id)] = 1;
  const pool: number[] = [];
  for (let card = 0; card < CARDS; card++) if (!known[card]) pool.push(card);
  return {
    view,
    seat,
    other: 1 - seat,
    identity: me.identity,
    hand,
    nightmare: view.nightmare?.value ?? null,
    turns,
    used,
    pool,
  };
}

/** A round's finished turns (public to both players and spectators) in the shape the bots compute with. */
export function seenTurns(history: readonly TurnRecord[]): SeenTurn[] {
  return history.map((record) => ({
    turn: record.turn,
    first: record.first,
    nightmare: record.nightmare.value,
    declaration: record.declaration,
    plays: [cardIndex(record.plays[0].id), cardIndex(record.plays[1].id)],
    modifier: record.modifier
      ? {
          seat: record.modifier.seat,
          card: cardIndex(record.modifier.card.id),
          target: record.modifier.target,
        }
      : null,
    modifiable: modifiable(record.plays[0].value, record.plays[1].value, record.nightmare.value),
  }));
}

function modifiable(first: number, second: number, nightmare: number): boolean {
  return first + second !== nightmare && modificationPossible([first, second], nightmare);
}

/** The current turn once both cards are face up (modification or closing steps). */
function currentTurn(view: DreamersView): SeenTurn | null {
  const [first, second] = view.plays;
  if (!first?.faceUp || !first.card || !second?.card || view.nightmare === null || view.declaration === null)
    return null;
  const plays: [number, number] = [cardIndex(first.card.id), cardIndex(second.card.id)];
  const modifier = view.modifier;
  return {
    turn: view.turn,
    first: view.first,
    nightmare: view.nightmare.value,
    declaration: view.declaration,
    plays,
    modifier: modifier
      ? { seat: modifier.seat, card: cardIndex(modifier.card.id), target: modifier.target }
      : null,
    modifiable: modifiable(value(plays[0]), value(plays[1]), view.nightmare.value),
  };
}

/** Cards played in `turns` before index `upTo`. */
export function usedBefore(turns: readonly SeenTurn[], upTo: number): number[] {
  const used: number[] = [];
  for (let i = 0; i < upTo; i++) {
    const turn = turns[i] as SeenTurn;
    used.push(turn.plays[0], turn.plays[1]);
    if (turn.modifier) used.push(turn.modifier.card);
  }
  return used;
}

/** The cards `seat` played (or used as modifiers) in `turns` from index `from` on. */
export function playedFrom(turns: readonly SeenTurn[], from: number, seat: Seat): number[] {
  const cards: number[] = [];
  for (let i = from; i < turns.length; i++) {
    const turn = turns[i] as SeenTurn;
    cards.push(turn.first === seat ? turn.plays[0] : turn.plays[1]);
    if (turn.modifier?.seat === seat) cards.push(turn.modifier.card);
  }
  return cards;
}

/**
 * Turns still to start after the current one ends, if the hands need `need` cards next (the cards
 * played this turn) and every later turn uses two: a public estimate of how long the round lasts.
 */
export function turnsLeftAfter(deck: number, need: number): number {
  let left = 0;
  let cards = deck;
  let next = need;
  while (cards >= next) {
    left++;
    cards -= next;
    next = 2;
  }
  return left;
}
