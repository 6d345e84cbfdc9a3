import { copyResult, copyTurn } from "./copies";
import { type DreamCard, dreamCard, nightmareCard } from "./decks";
import { awaiting, tableSum } from "./rules";
import {
  type DreamersEvent,
  type DreamersPublicEvent,
  type DreamersState,
  ROUNDS,
  SEATS,
  type Seat,
  TIEBREAK_ROUND,
  type Viewer,
} from "./types";
import type { DreamersView, MyDreamerSeat, TablePlay } from "./view-types";

/**
 * Everything one viewer may know (docs/rules.md (Dreamers), "Who may know what"): public facts for everyone; the
 * viewer's own identity, hand and face-down card; identities of others and the unused card only in a
 * finished round's result; the decks' order and the generator never. Everything is copied, so a view
 * shares nothing with the state.
 */
export function view(state: DreamersState, viewer: Viewer): DreamersView {
  const round = state.round;
  const me = isSeat(viewer) ? viewer : null;
  const plays: TablePlay[] = [];
  const [firstCard, secondCard] = round.plays;
  const faceUp = firstCard !== null && secondCard !== null;
  const seats: [Seat, Seat] = [round.first, 1 - round.first];
  [firstCard, secondCard].forEach((card, index) => {
    if (card === null) return;
    const seat = seats[index] as Seat;
    plays.push({ seat, card: faceUp || seat === me ? cardCopy(card) : null, faceUp });
  });
  const modifier = round.modifier;
  const nightmare = round.nightmare === null ? undefined : nightmareCard(round.nightmare);
  return {
    game: "dreamers",
    viewer,
    ...progressOf(state),
    rounds: roundsInGame(state),
    scores: [state.scores[0], state.scores[1]],
    first: round.first,
    chooser: round.chooser,
    turn: round.turn,
    gates: round.gates,
    nightmare: nightmare ? { ...nightmare } : null,
    declaration: round.declaration,
    plays,
    modifier: modifier
      ? { seat: modifier.seat, card: cardCopy(modifier.card), target: modifier.target }
      : null,
    sum: tableSum(round),
    counts: {
      dreamDeck: round.dreamDeck.length,
      dreamDiscard: round.dreamDiscard.length,
      nightmareDeck: round.nightmareDeck.length,
      nightmareDiscard: round.nightmareDiscard.length,
      hands: [round.hands[0].length, round.hands[1].length],
    },
    history: round.history.map(copyTurn),
    commitment: round.commitment,
    me: me === null ? null : mySeat(state, me),
    result: round.result ? copyResult(round.result) : null,
    results: state.results.map(copyResult),
    ready: [round.ready[0], round.ready[1]],
    winners: state.winners ? state.winners.slice() : null,
  };
}

/** Round, phase and the seats awaited: the contract's `progress`, and the same fields of every view. */
export function progressOf(state: DreamersState): {
  round: number;
  phase: DreamersState["phase"];
  awaiting: Seat[];
} {
  const round = state.round;
  return {
    round: round.number,
    phase: state.phase,
    awaiting: awaiting({
      phase: state.phase,
      first: round.first,
      chooser: round.chooser,
      ready: round.ready,
    }),
  };
}

/** 5, or 6 once a tie after the fifth round calls for the tie-breaking sixth. */
export function roundsInGame(state: DreamersState): number {
  const number = state.round.number;
  if (number >= TIEBREAK_ROUND) return TIEBREAK_ROUND;
  const fifthEndedTied =
    number === ROUNDS && state.round.result !== null && state.scores[0] === state.scores[1];
  return fifthEndedTied ? TIEBREAK_ROUND : ROUNDS;
}

function isSeat(viewer: Viewer): viewer is Seat {
  return typeof viewer === "number" && Number.isInteger(viewer) && viewer >= 0 && viewer < SEATS;
}

function mySeat(state: DreamersState, seat: Seat): MyDreamerSeat {
  const round = state.round;
  return {
    seat,
    identity: round.identities?.[seat] ?? null,
    hand: (round.hands[seat] ?? []).map(cardCopy),
  };
}

function cardCopy(id: string): DreamCard {
  const card = dreamCard(id);
  if (!card) throw new Error(`unknown Dream card ${id}`);
  return { ...card };
}

/** An event as one viewer may see it: the other player's draws, card and identity, the decks and the generator stay out. */
export function viewEvent(event: DreamersEvent, viewer: Viewer): DreamersPublicEvent {
  const me = isSeat(viewer) ? viewer : null;
  switch (event.type) {
    case "round_started":
      return {
        type: event.type,
        round: event.round,
        starter: event.starter,
        chooser: event.chooser,
        dreamDeckSize: event.dreamDeck.length,
        nightmareDeckSize: event.nightmareDeck.length,
      };
    case "identity_chosen":
      return event.seat === me
        ? { type: event.type, seat: event.seat, identity: event.identity }
        : { type: event.type, seat: event.seat };
    case "identities_dealt":
      return me === null
        ? { type: event.type, commitment: event.commitment }
        : { type: event.type, commitment: event.commitment, identity: event.identities[me] };
    case "turn_started": {
      const shown: DreamersPublicEvent = {
        type: event.type,
        turn: event.turn,
        first: event.first,
        drawn: [event.draws[0].length, event.draws[1].length],
        reshuffled: event.reshuffled !== null,
        nightmare: event.nightmare,
      };
      return me === null ? shown : { ...shown, cards: (event.draws[me] ?? []).slice() };
    }
    case "card_played":
      return event.seat === me
        ? { type: event.type, seat: event.seat, declaration: event.declaration, card: event.card }
        : { type: event.type, seat: event.seat, declaration: event.declaration };
    case "cards_turned":
    case "modifier_played":
    case "gate_opened":
    case "passed":
    case "accused":
    case "turn_ended":
    case "round_ended":
    case "player_ready":
    case "game_ended":
      return structuredClone(event);
  }
}
