import { copyResult, copyTurn } from "./copies";
import { type DreamCard, dreamCard, nightmareCard, SKULL_CARD } from "./decks";
import { awaiting, modificationPossible, other } from "./rules";
import type { DreamersPublicEvent } from "./types";
import { ROUNDS, type Seat, TIEBREAK_ROUND } from "./types";
import type { DreamersView, MyDreamerSeat } from "./view-types";

type Counts = DreamersView["counts"];
type PublicEvent<T extends DreamersPublicEvent["type"]> = Extract<DreamersPublicEvent, { type: T }>;

/**
 * Folds one event, as the view's viewer sees it (`viewEvent`), into that viewer's view: the view of
 * the state the event led to, once all the events of an action are folded. Pure; never changes the
 * view it is given.
 */
export function fold(view: DreamersView, event: DreamersPublicEvent): DreamersView {
  switch (event.type) {
    case "round_started":
      return foldRoundStarted(view, event);
    case "identity_chosen":
      return view;
    case "identities_dealt":
      return settle({
        ...view,
        commitment: event.commitment,
        me: view.me === null ? null : { ...view.me, identity: event.identity ?? null },
      });
    case "turn_started":
      return foldTurnStarted(view, event);
    case "card_played":
      return foldCardPlayed(view, event);
    case "cards_turned":
      return foldCardsTurned(view, event);
    case "modifier_played":
      return settle({
        ...view,
        phase: "closing",
        modifier: { seat: event.seat, card: card(event.card), target: event.target },
        sum: event.sum,
        counts: withHand(view.counts, event.seat, -1),
        me: withoutCard(view.me, event.seat, event.card),
      });
    case "gate_opened":
      return { ...view, gates: event.gates };
    case "passed":
      return settle({ ...view, phase: view.phase === "modify_first" ? "modify_second" : "closing" });
    case "accused":
      return foldAccused(view, event);
    case "turn_ended":
      return foldTurnEnded(view, event);
    case "round_ended":
      return settle({
        ...view,
        phase: "round_over",
        scores: [event.scores[0], event.scores[1]],
        result: copyResult(event.result),
        results: view.results.concat(copyResult(event.result)),
        ready: [false, false],
      });
    case "player_ready": {
      const ready: [boolean, boolean] = [view.ready[0], view.ready[1]];
      ready[event.seat] = true;
      return settle({ ...view, ready });
    }
    case "game_ended":
      return settle({
        ...view,
        phase: "over",
        scores: [event.scores[0], event.scores[1]],
        winners: event.winners.slice(),
      });
  }
}

/** A card played face down: the first player's comes with its declaration. */
function foldCardPlayed(view: DreamersView, event: PublicEvent<"card_played">): DreamersView {
  const isFirst = event.seat === view.first;
  const play = { seat: event.seat, card: event.card ? card(event.card) : null, faceUp: false };
  return settle({
    ...view,
    phase: isFirst ? "second_play" : view.phase,
    declaration: isFirst ? event.declaration : view.declaration,
    plays: isFirst ? [play] : view.plays.concat(play),
    counts: withHand(view.counts, event.seat, -1),
    me: withoutCard(view.me, event.seat, event.card),
  });
}

/** Both cards turned up: a missed sum that a modifier could make waits for one. */
function foldCardsTurned(view: DreamersView, event: PublicEvent<"cards_turned">): DreamersView {
  const nightmare = view.nightmare?.value ?? 0;
  const values: [number, number] = [card(event.cards[0]).value, card(event.cards[1]).value];
  const missed = event.sum !== nightmare && modificationPossible(values, nightmare);
  const seats: [Seat, Seat] = [view.first, other(view.first)];
  return settle({
    ...view,
    phase: missed ? "modify_first" : "closing",
    plays: event.cards.map((id, i) => ({ seat: seats[i] as Seat, card: card(id), faceUp: true })),
    sum: event.sum,
  });
}

/** An accusation: the skull leaves the accuser's hand for the discards. */
function foldAccused(view: DreamersView, event: PublicEvent<"accused">): DreamersView {
  const counts = withHand(view.counts, event.seat, -1);
  return settle({
    ...view,
    counts: { ...counts, dreamDiscard: counts.dreamDiscard + 1 },
    me: withoutCard(view.me, event.seat, SKULL_CARD),
  });
}

/** A new round: the table is cleared and the decks are counted afresh. */
function foldRoundStarted(view: DreamersView, event: PublicEvent<"round_started">): DreamersView {
  return settle({
    ...view,
    phase: event.chooser === null ? "first_play" : "choosing",
    round: event.round,
    first: event.starter,
    chooser: event.chooser,
    turn: 0,
    gates: 0,
    nightmare: null,
    declaration: null,
    plays: [],
    modifier: null,
    sum: null,
    counts: {
      dreamDeck: event.dreamDeckSize,
      dreamDiscard: 0,
      nightmareDeck: event.nightmareDeckSize,
      nightmareDiscard: 0,
      hands: [0, 0],
    },
    history: [],
    commitment: "",
    me: view.me === null ? null : { seat: view.me.seat, identity: null, hand: [] },
    result: null,
    ready: [false, false],
  });
}

/** A new turn: the Nightmare turned up and both hands refilled from the Dream deck. */
function foldTurnStarted(view: DreamersView, event: PublicEvent<"turn_started">): DreamersView {
  const counts = view.counts;
  const nightmares = event.reshuffled ? counts.nightmareDiscard : counts.nightmareDeck;
  const nightmare = nightmareCard(event.nightmare);
  const me =
    view.me === null ? null : { ...view.me, hand: view.me.hand.concat((event.cards ?? []).map(card)) };
  return settle({
    ...view,
    phase: "first_play",
    turn: event.turn,
    first: event.first,
    nightmare: nightmare ? { ...nightmare } : null,
    counts: {
      dreamDeck: counts.dreamDeck - event.drawn[0] - event.drawn[1],
      dreamDiscard: counts.dreamDiscard,
      nightmareDeck: nightmares - 1,
      nightmareDiscard: event.reshuffled ? 0 : counts.nightmareDiscard,
      hands: [counts.hands[0] + event.drawn[0], counts.hands[1] + event.drawn[1]],
    },
    me,
  });
}

/** The turn's cards go to the discards and the turn to the history; the other seat goes first. */
function foldTurnEnded(view: DreamersView, event: PublicEvent<"turn_ended">): DreamersView {
  const used = view.plays.length + (view.modifier ? 1 : 0);
  const counts = view.counts;
  return settle({
    ...view,
    first: other(view.first),
    nightmare: null,
    declaration: null,
    plays: [],
    modifier: null,
    sum: null,
    counts: {
      ...counts,
      dreamDiscard: counts.dreamDiscard + used,
      nightmareDiscard: counts.nightmareDiscard + (view.nightmare ? 1 : 0),
    },
    history: view.history.concat(copyTurn(event.record)),
  });
}

/** Folds events in order. */
export function foldAll(view: DreamersView, events: readonly DreamersPublicEvent[]): DreamersView {
  let current = view;
  for (const event of events) current = fold(current, event);
  return current;
}

/** The fields a view derives from its others: whom the game awaits, and how many rounds it has. */
function settle(view: DreamersView): DreamersView {
  const tied = view.round === ROUNDS && view.result !== null && view.scores[0] === view.scores[1];
  return {
    ...view,
    awaiting: awaiting({ phase: view.phase, first: view.first, chooser: view.chooser, ready: view.ready }),
    rounds: view.round >= TIEBREAK_ROUND || tied ? TIEBREAK_ROUND : ROUNDS,
  };
}

function card(id: string): DreamCard {
  const found = dreamCard(id);
  if (!found) throw new Error(`unknown Dream card ${id}`);
  return { ...found };
}

function withHand(counts: Counts, seat: Seat, change: number): Counts {
  const hands: [number, number] = [counts.hands[0], counts.hands[1]];
  hands[seat] = (hands[seat] ?? 0) + change;
  return { ...counts, hands };
}

function withoutCard(me: MyDreamerSeat | null, seat: Seat, id: string | undefined): MyDreamerSeat | null {
  if (me === null || me.seat !== seat || id === undefined) return me;
  return { ...me, hand: me.hand.filter((c) => c.id !== id) };
}
