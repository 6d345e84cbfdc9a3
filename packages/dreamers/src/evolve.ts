import { dreamCard, nightmareCard, SKULL_CARD } from "./decks";
import { modificationPossible, other } from "./rules";
import type { DreamersEvent, DreamersState, Phase, RoundState } from "./types";

/**
 * Folds one event into the state. `apply` decides which events happen; this is the only place the state
 * changes, so folding a game's events over its initial state reproduces it exactly. Never mutates.
 */
export function evolve(state: DreamersState, event: DreamersEvent): DreamersState {
  const round = state.round;
  switch (event.type) {
    case "round_started":
      return {
        ...state,
        phase: event.chooser === null ? "first_play" : "choosing",
        rng: event.rng,
        round: {
          number: event.round,
          first: event.starter,
          starter: event.starter,
          chooser: event.chooser,
          identities: null,
          unused: null,
          salt: "",
          commitment: "",
          dreamDeck: event.dreamDeck,
          dreamDiscard: [],
          nightmareDeck: event.nightmareDeck,
          nightmareDiscard: [],
          hands: [[], []],
          gates: 0,
          turn: 0,
          nightmare: null,
          declaration: null,
          plays: [null, null],
          modifier: null,
          history: [],
          result: null,
          ready: [false, false],
        },
      };
    case "identity_chosen":
      // The pick is recorded by the deal that follows it (`identities_dealt`); this event tells the log.
      return state;
    case "identities_dealt":
      return {
        ...state,
        rng: event.rng,
        round: {
          ...round,
          identities: event.identities,
          unused: event.unused,
          salt: event.salt,
          commitment: event.commitment,
        },
      };
    case "turn_started": {
      const drawn = event.draws[0].length + event.draws[1].length;
      const nightmares = event.reshuffled ?? round.nightmareDeck;
      return {
        ...state,
        phase: "first_play",
        rng: event.rng,
        round: {
          ...round,
          turn: event.turn,
          first: event.first,
          dreamDeck: round.dreamDeck.slice(drawn),
          hands: [round.hands[0].concat(event.draws[0]), round.hands[1].concat(event.draws[1])],
          nightmareDeck: nightmares.slice(1),
          nightmareDiscard: event.reshuffled ? [] : round.nightmareDiscard,
          nightmare: event.nightmare,
        },
      };
    }
    case "card_played": {
      const isFirst = event.seat === round.first;
      const plays: RoundState["plays"] = isFirst ? [event.card, null] : [round.plays[0], event.card];
      return withRound(state, isFirst ? "second_play" : state.phase, {
        ...round,
        hands: withoutCard(round.hands, event.seat, event.card),
        plays,
        declaration: isFirst ? event.declaration : round.declaration,
      });
    }
    case "cards_turned": {
      const nightmare = nightmareCard(round.nightmare ?? "")?.value;
      const values: [number, number] = [cardValue(event.cards[0]), cardValue(event.cards[1])];
      const missed = event.sum !== nightmare && modificationPossible(values, nightmare ?? 0);
      return withRound(state, missed ? "modify_first" : "closing", round);
    }
    case "modifier_played":
      return withRound(state, "closing", {
        ...round,
        hands: withoutCard(round.hands, event.seat, event.card),
        modifier: { seat: event.seat, card: event.card, target: event.target },
      });
    case "gate_opened":
      return withRound(state, state.phase, { ...round, gates: event.gates });
    case "passed":
      return withRound(state, state.phase === "modify_first" ? "modify_second" : "closing", round);
    case "accused":
      // The skull goes straight to the discards: the accusation ends the turn and the round.
      return withRound(state, state.phase, {
        ...round,
        hands: withoutCard(round.hands, event.seat, SKULL_CARD),
        dreamDiscard: round.dreamDiscard.concat(SKULL_CARD),
      });
    case "turn_ended": {
      const used: string[] = [];
      for (const card of round.plays) if (card !== null) used.push(card);
      if (round.modifier) used.push(round.modifier.card);
      return withRound(state, state.phase, {
        ...round,
        first: other(round.first),
        dreamDiscard: round.dreamDiscard.concat(used),
        nightmareDiscard: round.nightmare
          ? round.nightmareDiscard.concat(round.nightmare)
          : round.nightmareDiscard,
        nightmare: null,
        declaration: null,
        plays: [null, null],
        modifier: null,
        history: round.history.concat(event.record),
      });
    }
    case "round_ended":
      return {
        ...state,
        phase: "round_over",
        scores: event.scores,
        results: state.results.concat(event.result),
        round: { ...round, result: event.result, ready: [false, false] },
      };
    case "player_ready": {
      const ready: [boolean, boolean] = [round.ready[0], round.ready[1]];
      ready[event.seat] = true;
      return withRound(state, state.phase, { ...round, ready });
    }
    case "game_ended":
      return { ...state, phase: "over", scores: event.scores, winners: event.winners };
    default:
      return unreachable(event);
  }
}

function withRound(state: DreamersState, phase: Phase, round: RoundState): DreamersState {
  return {
    game: state.game,
    version: state.version,
    scores: state.scores,
    phase,
    round,
    results: state.results,
    rng: state.rng,
    winners: state.winners,
  };
}

function withoutCard(hands: RoundState["hands"], seat: number, card: string): RoundState["hands"] {
  const next: RoundState["hands"] = [hands[0], hands[1]];
  next[seat] = (hands[seat] ?? []).filter((id) => id !== card);
  return next;
}

function cardValue(card: string): number {
  return dreamCard(card)?.value ?? 0;
}

export function evolveAll(state: DreamersState, events: readonly DreamersEvent[]): DreamersState {
  let current = state;
  for (const event of events) current = evolve(current, event);
  return current;
}

export function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
