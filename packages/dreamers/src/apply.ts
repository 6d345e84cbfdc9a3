import { fail, ok, replay as replayActions } from "@firmament/game-kit";
import { dreamCard, type Modifier, nightmareCard } from "./decks";
import { evolve } from "./evolve";
import {
  faceUpValues,
  illegality,
  nightmareValue,
  other,
  parseAction,
  sumWith,
  type Table,
  tableSum,
} from "./rules";
import { falselyAccused, leaders, scoreRound } from "./scoring";
import { canRefill, type Emit, identitiesDealt, openRound, turnStarted } from "./setup";
import {
  type Applied,
  type DreamersAction,
  type DreamersEvent,
  type DreamersState,
  GATES,
  type Result,
  ROUNDS,
  type RoundEnd,
  type RoundResult,
  type Seat,
  TIEBREAK_ROUND,
  type TurnRecord,
} from "./types";

/** The legality facts of the full state, for an action by `seat`. */
export function tableOf(state: DreamersState, seat: Seat): Table {
  const round = state.round;
  return {
    phase: state.phase,
    first: round.first,
    chooser: round.chooser,
    nightmare: nightmareValue(round),
    faceUp: faceUpValues(round),
    ready: round.ready,
    known: { seat, identity: round.identities?.[seat] ?? null, hand: round.hands[seat] ?? [] },
  };
}

/**
 * Applies one action. On success returns the new state and the events that led there; on failure an
 * error with a namespaced code, and the given state is untouched. Never throws, whatever `input` is:
 * the input is read once, by `parseAction`, into a clean copy.
 */
export function apply(state: DreamersState, input: unknown): Result<Applied> {
  if (state.phase === "over") return fail("action/game_over", "The game is over.");
  const parsed = parseAction(input);
  if (!parsed.ok) return parsed;
  const action = parsed.value;
  const problem = illegality(tableOf(state, action.seat), action);
  if (problem) return { ok: false, error: problem };
  const events: DreamersEvent[] = [];
  const next = decide(state, action, (event, current) => {
    events.push(event);
    return evolve(current, event);
  });
  return ok({ state: next, events });
}

function decide(state: DreamersState, action: DreamersAction, emit: Emit): DreamersState {
  const round = state.round;
  switch (action.type) {
    case "choose_identity": {
      const chosen = { seat: action.seat, identity: action.identity };
      let next = emit({ type: "identity_chosen", ...chosen }, state);
      next = emit(identitiesDealt(next, chosen), next);
      return emit(turnStarted(next), next);
    }
    case "play_dream": {
      const declaration = action.declaration ?? null;
      const next = emit({ type: "card_played", seat: action.seat, card: action.card, declaration }, state);
      const [first, second] = next.round.plays;
      if (first === null || second === null) return next;
      return turnUp(next, [first, second], emit);
    }
    case "modify": {
      const { seat, card, target } = action;
      const faceUp = faceUpValues(round) as [number, number];
      const sum = sumWith(faceUp, dreamCard(card)?.effect as Modifier, target);
      return openGate(emit({ type: "modifier_played", seat, card, target, sum }, state), emit);
    }
    case "pass":
      return emit({ type: "passed", seat: action.seat }, state);
    case "accuse": {
      const next = emit({ type: "accused", seat: action.seat, accused: other(action.seat) }, state);
      return endRound(emit(turnEnded(next), next), "accusation", action.seat, emit);
    }
    case "end_turn":
      return nextTurn(emit(turnEnded(state), state), emit);
    case "ready": {
      const next = emit({ type: "player_ready", seat: action.seat }, state);
      if (!next.round.ready.every(Boolean)) return next;
      const last = next.round;
      const result = last.result;
      const chooser = result ? falselyAccused(result.secret.identities, result.accuser) : null;
      return openRound(next, other(last.starter), chooser, emit);
    }
  }
}

/** Activation's end: both cards turned up; a gate opens on the exact sum. */
function turnUp(state: DreamersState, cards: [string, string], emit: Emit): DreamersState {
  const sum = (dreamCard(cards[0])?.value ?? 0) + (dreamCard(cards[1])?.value ?? 0);
  const next = emit({ type: "cards_turned", cards, sum }, state);
  return sum === nightmareValue(next.round) ? openGate(next, emit) : next;
}

/** A gate opens; the third ends the turn and the round at once (no accusation that turn). */
function openGate(state: DreamersState, emit: Emit): DreamersState {
  const next = emit({ type: "gate_opened", gates: state.round.gates + 1 }, state);
  if (next.round.gates < GATES) return next;
  return endRound(emit(turnEnded(next), next), "gates", null, emit);
}

/** Handover is done by `turn_ended`; the next turn starts unless the Dream deck cannot refill the hands. */
function nextTurn(state: DreamersState, emit: Emit): DreamersState {
  if (!canRefill(state)) return endRound(state, "exhausted", null, emit);
  return emit(turnStarted(state), state);
}

/** The turn as both players saw it, for the round's history. */
function turnEnded(state: DreamersState): Extract<DreamersEvent, { type: "turn_ended" }> {
  const round = state.round;
  const card = (id: string | null) => {
    const found = dreamCard(id ?? "");
    if (!found) throw new Error(`turn ended without its card ${id}`);
    return { ...found };
  };
  const nightmare = nightmareCard(round.nightmare ?? "");
  if (!nightmare || !round.declaration) throw new Error("turn ended before its Nightmare and declaration");
  const modifier = round.modifier;
  const sum = tableSum(round) as number;
  const record: TurnRecord = {
    turn: round.turn,
    first: round.first,
    nightmare: { ...nightmare },
    declaration: round.declaration,
    plays: [card(round.plays[0]), card(round.plays[1])],
    modifier: modifier
      ? {
          seat: modifier.seat,
          card: card(modifier.card),
          target: modifier.target,
          modifier: dreamCard(modifier.card)?.effect as Modifier,
        }
      : null,
    sum,
    gateOpened: sum === nightmare.value,
  };
  return { type: "turn_ended", record };
}

/** Reveals and scores the round; after the last round (or a tie-breaking sixth), the game ends. */
function endRound(state: DreamersState, end: RoundEnd, accuser: Seat | null, emit: Emit): DreamersState {
  const round = state.round;
  const { identities, unused } = round;
  if (!identities || !unused) throw new Error("a round ended before its identities were dealt");
  const scoring = scoreRound(identities, end, round.gates, accuser);
  const scores: [number, number] = [state.scores[0] + scoring[0].points, state.scores[1] + scoring[1].points];
  const result: RoundResult = {
    round: round.number,
    end,
    gates: round.gates,
    accuser,
    secret: { round: round.number, identities: [identities[0], identities[1]], unused, salt: round.salt },
    scoring,
    scores,
  };
  const next = emit({ type: "round_ended", result, scores: [scores[0], scores[1]] }, state);
  const tied = scores[0] === scores[1];
  if (round.number < ROUNDS || (round.number < TIEBREAK_ROUND && tied)) return next;
  return emit({ type: "game_ended", winners: leaders(scores), scores }, next);
}

/** Applies actions in order from a state; stops at the first one refused. */
export function replay(initial: DreamersState, actions: readonly unknown[]): Result<DreamersState> {
  return replayActions({ apply }, initial, actions);
}
