import {
  type AuditReport,
  checkHeader,
  checkRoundPoints,
  fail,
  finishAudit,
  type GameRecord,
  ok,
  type RecordLine,
  type RecordRound,
  type Result,
  refusedOnAudit,
  unrevealedRound,
} from "@firmament/game-kit";
import { apply } from "./apply";
import { actionOf, planRound, type RoundPlan } from "./audit-plan";
import { commit, secretText } from "./commitment";
import { evolve } from "./evolve";
import { createGame, turnStarted } from "./setup";
import { type DreamersEvent, type DreamersState, type Identity, RULES_VERSION, type Seat } from "./types";

/**
 * Checks a Dreamers record from its public and revealed facts only. The decks' order and the hands stay
 * secret forever, so each revealed round is dealt from decks arranged to fit the record: every card a
 * player turned up comes to their hand in the order they played it, the other cards fill the rest. The
 * rules then play every move through `apply`: each card must be in hand when played, each modifier
 * must make the sum, each accusation must be a Dreamer's with the skull, and the rules — not the record
 * — decide gates, turns, the round's end and its scores.
 */
export function auditRecord(record: GameRecord): Result<AuditReport> {
  const header = checkHeader(record, "dreamers", RULES_VERSION);
  if (!header.ok) return header;
  if (record.seats.length !== 2) return fail("record/bad_seats", "A Dreamers record has two seats.");
  const report: AuditReport = { rounds: [], scores: [0, 0], winners: null, actions: 0, unchecked: [] };
  const blank = createGame({}, "0".repeat(64));
  if (!blank.ok) return blank;
  let state: DreamersState = blank.value;
  for (const [index, round] of record.rounds.entries()) {
    if (round.secret === null) {
      const unchecked = unrevealedRound(record, round, report);
      if (!unchecked.ok) return unchecked;
      break;
    }
    const plan = planRound(round);
    if (!plan.ok) return plan;
    if (index === 0) {
      if (plan.value.chooser !== null)
        return fail("record/bad_round", "Nobody chooses their identity in round 1.");
      state = dealRound(state, round.round, plan.value);
    }
    const next = record.rounds[index + 1];
    const nextPlan = next?.secret ? planRound(next) : null;
    if (nextPlan && !nextPlan.ok) return nextPlan;
    const played = playRound(state, round, plan.value, nextPlan?.value ?? null, next !== undefined, report);
    if (!played.ok) return played;
    state = played.value;
  }
  return finishAudit(record, report, state);
}

/** Starts a round as the rules would, with the decks and identities the record calls for. */
function dealRound(state: DreamersState, round: number, plan: RoundPlan): DreamersState {
  const { starter, chooser, dreamDeck, nightmareDeck } = plan;
  let next = evolve(state, {
    type: "round_started",
    round,
    starter,
    chooser,
    dreamDeck,
    nightmareDeck,
    rng: state.rng,
  });
  if (chooser !== null) return next;
  next = evolve(next, identities(round, plan, next));
  return evolve(next, turnStarted(next));
}

function identities(round: number, plan: RoundPlan, state: DreamersState): DreamersEvent {
  const secret = { round, identities: plan.identities, unused: plan.unused, salt: plan.salt };
  const { identities: dealt, unused, salt } = secret;
  return {
    type: "identities_dealt",
    identities: dealt,
    unused,
    salt,
    commitment: commit(secret),
    rng: state.rng,
  };
}

/** What replaying one action's events needs to know about the rounds being checked. */
interface Replay {
  round: RecordRound;
  plan: RoundPlan;
  nextPlan: RoundPlan | null;
  hasNext: boolean;
  /** The identity the action chose, if it was a choice. */
  chosen: { seat: Seat; identity: Identity } | null;
}

function playRound(
  start: DreamersState,
  round: RecordRound,
  plan: RoundPlan,
  nextPlan: RoundPlan | null,
  hasNext: boolean,
  report: AuditReport,
): Result<DreamersState> {
  let state = start;
  for (const entry of round.lines) {
    const where = `round ${round.round}, “${[entry.word, ...entry.args].join(" ")}”`;
    const fact = checkFact(state, round, entry, where, report);
    if (fact) {
      if (!fact.ok) return fact;
      continue;
    }
    const action = actionOf(entry);
    if (!action.ok) return fail(action.error.code, `${cap(where)}: ${action.error.message}`);
    const applied = apply(state, action.value);
    if (!applied.ok)
      return refusedOnAudit(round.round, `“${[entry.word, ...entry.args].join(" ")}”`, applied.error);
    report.actions++;
    const chosen = state.phase === "choosing" ? (action.value as { seat: Seat; identity: Identity }) : null;
    const replay: Replay = { round, plan, nextPlan, hasNext, chosen };
    // Deals come from the generator, which stays on the server: they are taken from the record instead.
    let current = state;
    for (const event of applied.value.events) {
      const next = replayEvent(current, event, replay);
      if (!next.ok) return next;
      current = next.value;
    }
    state = current;
  }
  return ok(state);
}

/**
 * Checks a line that states a fact rather than a move (commitment, turn, reveal, points) against the
 * rules' state; null for a move.
 */
function checkFact(
  state: DreamersState,
  round: RecordRound,
  entry: RecordLine,
  where: string,
  report: AuditReport,
): Result<null> | null {
  switch (entry.word) {
    case "commit":
      if (state.round.commitment !== entry.args[0])
        return fail("record/bad_commitment", `Round ${round.round}: the commitment does not match the deal.`);
      return ok(null);
    case "turn": {
      const [turn, , first, , nightmare] = entry.args;
      const r = state.round;
      if (String(r.turn) !== turn || String(r.first) !== first || r.nightmare !== nightmare)
        return fail(
          "record/turn_mismatch",
          `${cap(where)}: by the rules turn ${r.turn} starts with seat ${r.first} first and ${r.nightmare}.`,
        );
      return ok(null);
    }
    case "reveal":
      if (!state.round.result || secretText(state.round.result.secret) !== round.secret)
        return fail("record/bad_reveal", `Round ${round.round} is revealed before the rules end it.`);
      return ok(null);
    case "points": {
      const points = state.round.result?.scoring.map((s) => s.points) ?? [];
      const checked = checkRoundPoints(round.round, entry, points, state.scores, report);
      return checked.ok ? ok(null) : checked;
    }
  }
  return null;
}

/** Applies one event of a replayed action, with the record's deal in place of the generator's. */
function replayEvent(current: DreamersState, event: DreamersEvent, replay: Replay): Result<DreamersState> {
  if (event.type === "round_started") return dealNext(current, event, replay);
  if (event.type === "identities_dealt") {
    const { chosen } = replay;
    const plan = current.round.number === replay.round.round ? replay.plan : replay.nextPlan;
    if (!plan) return ok(evolve(current, event));
    if (chosen && plan.identities[chosen.seat] !== chosen.identity)
      return fail(
        "record/bad_secret",
        `Round ${current.round.number}: seat ${chosen.seat} chose ${chosen.identity}, the secret says otherwise.`,
      );
    return ok(evolve(current, identities(current.round.number, plan, current)));
  }
  if (event.type === "turn_started") return ok(evolve(current, turnStarted(current)));
  return ok(evolve(current, event));
}

/** Starts the next round with the decks its record calls for (or the rules' own, if it is unchecked). */
function dealNext(
  current: DreamersState,
  event: Extract<DreamersEvent, { type: "round_started" }>,
  { round, nextPlan, hasNext }: Replay,
): Result<DreamersState> {
  // The next round is still being played: it is not checked, so the rules' own deal will do.
  if (!nextPlan && hasNext) return ok(evolve(current, event));
  if (!nextPlan)
    return fail(
      "record/missing_round",
      `Round ${round.round + 1} was dealt but is not revealed in the record.`,
    );
  if (event.starter !== nextPlan.starter || event.chooser !== nextPlan.chooser)
    return fail(
      "record/bad_round",
      `Round ${event.round} starts with seat ${event.starter}${event.chooser === null ? "" : ` and seat ${event.chooser} choosing`} by the rules.`,
    );
  return ok(
    evolve(current, { ...event, dreamDeck: nextPlan.dreamDeck, nightmareDeck: nextPlan.nightmareDeck }),
  );
}

const cap = (text: string) => text[0]?.toUpperCase() + text.slice(1);
