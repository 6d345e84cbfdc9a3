import {
  type GameRecorder,
  line,
  type RecordedStep,
  type RecordLine,
  type RecordRound,
} from "@firmament/game-kit";
import { auditRecord } from "./audit";
import { secretText } from "./commitment";
import { type DreamersEvent, type DreamersState, RULES_VERSION, type Seat } from "./types";

export { auditRecord } from "./audit";

/** The record being written: its rounds, and the lines to mask while the last round goes on. */
interface Writing {
  rounds: RecordRound[];
  /** Plays of cards still face down. */
  faceDown: Set<RecordLine>;
  /** Chosen identities, secret until the round is revealed. */
  secretUntilReveal: Set<RecordLine>;
}

/**
 * Dreamers' record body (docs/records.md). A round: `round <n> starter <seat> [chooser <seat>]`,
 * `choose <seat> <identity>` when someone chooses, `commit <hash>`, and per turn
 * `turn <n> first <seat> nightmare <id>`, `play <seat> <card> [declaration]` (the first player's with
 * the declaration), `modify <seat> <card> <target>`, `pass <seat>`, `accuse <seat>`, `end <seat>`;
 * when the round ends `reveal <secret text>` and `points <seat 0> <seat 1>`; then `ready <seat>`.
 * Hands and the decks' order are never written (docs/rules.md (Dreamers)): only cards that were turned up. While a
 * round goes on, a card still face down is written `hidden` and a chosen identity is left out.
 */
export function recordRounds(
  initial: DreamersState,
  steps: readonly RecordedStep<DreamersEvent>[],
): RecordRound[] {
  const w: Writing = { rounds: [], faceDown: new Set(), secretUntilReveal: new Set() };
  const deal = initial.round;
  startRound(w, deal.number, deal.starter, deal.chooser);
  if (deal.commitment)
    writeEvent(w, { type: "identities_dealt", commitment: deal.commitment } as DreamersEvent, false);
  if (deal.nightmare)
    (w.rounds[0] as RecordRound).lines.push(
      line("turn", deal.turn, "first", deal.first, "nightmare", deal.nightmare),
    );
  for (const step of steps)
    for (const [index, event] of step.events.entries()) writeEvent(w, event, index === 0);
  const last = w.rounds.at(-1) as RecordRound;
  if (last.secret === null)
    last.lines = last.lines.map((entry) => {
      if (w.faceDown.has(entry)) return line("play", ...entry.args.map((a, i) => (i === 1 ? "hidden" : a)));
      if (w.secretUntilReveal.has(entry)) return line("choose", entry.args[0] as string);
      return entry;
    });
  return w.rounds;
}

function startRound(w: Writing, number: number, starter: Seat, chooser: Seat | null): void {
  w.rounds.push({
    round: number,
    head:
      chooser === null
        ? ["starter", String(starter)]
        : ["starter", String(starter), "chooser", String(chooser)],
    commitment: null,
    secret: null,
    lines: [],
  });
}

/** Writes one event's line, if it has one; `first`: the event opens its step (the player's own act). */
function writeEvent(w: Writing, event: DreamersEvent, first: boolean): void {
  const round = w.rounds.at(-1) as RecordRound;
  const push = (entry: RecordLine) => {
    round.lines.push(entry);
    return entry;
  };
  switch (event.type) {
    case "round_started":
      startRound(w, event.round, event.starter, event.chooser);
      break;
    case "identity_chosen":
      w.secretUntilReveal.add(push(line("choose", event.seat, event.identity)));
      break;
    case "identities_dealt":
      round.commitment = event.commitment;
      push(line("commit", event.commitment));
      break;
    case "turn_started":
      push(line("turn", event.turn, "first", event.first, "nightmare", event.nightmare));
      break;
    case "card_played": {
      const entry = event.declaration
        ? line("play", event.seat, event.card, event.declaration)
        : line("play", event.seat, event.card);
      w.faceDown.add(push(entry));
      break;
    }
    case "cards_turned":
      w.faceDown.clear();
      break;
    case "modifier_played":
      push(line("modify", event.seat, event.card, event.target));
      break;
    case "passed":
      push(line("pass", event.seat));
      break;
    case "accused":
      push(line("accuse", event.seat));
      break;
    case "turn_ended":
      // The first player ended the turn themself (not an accusation or the third gate).
      if (first) push(line("end", event.record.first));
      break;
    case "round_ended":
      round.secret = secretText(event.result.secret);
      push(line("reveal", round.secret));
      push(line("points", ...event.result.scoring.map((s) => s.points)));
      w.faceDown.clear();
      break;
    case "player_ready":
      push(line("ready", event.seat));
      break;
  }
}

/** Dreamers' records: how the server writes them and how anyone checks them. */
export const dreamersRecorder: GameRecorder<DreamersState, DreamersEvent> = {
  kind: "dreamers",
  rulesVersion: RULES_VERSION,
  rounds: recordRounds,
  audit: auditRecord,
};
