import {
  type AuditReport,
  checkHeader,
  checkResult,
  fail,
  finishAudit,
  type GameRecord,
  type GameRecorder,
  line,
  ok,
  type RecordedStep,
  type RecordLine,
  type RecordRound,
  type Result,
  refusedOnAudit,
} from "@firmament/game-kit";
import { apply } from "./apply";
import { readSecret, secretText } from "./commitment";
import { createGame } from "./setup";
import { type HighLowEvent, type HighLowSecret, type HighLowState, RULES_VERSION, type Seat } from "./types";

/**
 * High-Low's record body (docs/records.md): one round, `round 1 first <seat>`, then `choose <seat>
 * <number>` twice, `commit <hash>`, `guess <seat> <number> <higher|lower|hit>` per guess, and at the
 * end `reveal highlow|1|<number 0>|<number 1>|<salt>` and `points <seat 0> <seat 1>`. While the game
 * goes on the chosen numbers are left out (`choose <seat>`): only the seats' choosing is public.
 */
export function recordRounds(
  initial: HighLowState,
  steps: readonly RecordedStep<HighLowEvent>[],
): RecordRound[] {
  const round: RecordRound = {
    round: 1,
    head: ["first", String(initial.first)],
    commitment: null,
    secret: null,
    lines: [],
  };
  for (const step of steps)
    for (const event of step.events)
      switch (event.type) {
        case "number_chosen":
          round.lines.push(line("choose", event.seat, event.number));
          break;
        case "numbers_committed":
          round.commitment = event.commitment;
          round.lines.push(line("commit", event.commitment));
          break;
        case "guessed":
          round.lines.push(line("guess", event.seat, event.number, event.answer));
          break;
        case "game_ended":
          round.secret = secretText(event.secret);
          round.lines.push(line("reveal", round.secret), line("points", ...event.scores));
          break;
      }
  if (round.secret === null)
    round.lines = round.lines.map((entry) =>
      entry.word === "choose" ? line("choose", entry.args[0] ?? "") : entry,
    );
  return [round];
}

/**
 * Checks a High-Low record from its public and revealed facts: the game is set up with the record's
 * first guesser and revealed salt, every choice must be the revealed number, and every move is played
 * through `apply`, which decides each answer, the commitment, the end and the scores.
 */
export function auditRecord(record: GameRecord): Result<AuditReport> {
  const header = checkHeader(record, "highlow", RULES_VERSION);
  if (!header.ok) return header;
  if (record.seats.length !== 2) return fail("record/bad_seats", "A High-Low record has two seats.");
  const round = record.rounds[0];
  if (record.rounds.length !== 1 || !round) return fail("record/bad_round", "A High-Low game is one round.");
  const first = round.head[0] === "first" && round.head.length === 2 ? seatOf(round.head[1]) : null;
  if (first === null) return fail("record/bad_round", "The round must start “round 1 first <seat>”.");
  const report: AuditReport = { rounds: [], scores: [0, 0], winners: null, actions: 0, unchecked: [] };
  if (round.secret === null) {
    if (record.finished) return fail("record/unrevealed", "A finished game's numbers must be revealed.");
    report.unchecked.push(1);
    return checkResult(record, report);
  }
  const secret = readSecret(round.secret);
  if (!secret) return fail("record/bad_secret", "The secret is not “highlow|1|<number>|<number>|<salt>”.");
  const blank = createGame({}, "0".repeat(64));
  if (!blank.ok) return blank;
  let state: HighLowState = { ...blank.value, first, salt: secret.salt };
  for (const entry of round.lines) {
    const next = check(state, entry, secret, report);
    if (!next.ok) return next;
    state = next.value;
  }
  return finishAudit(record, report, state);
}

/** One line of the record checked against the game so far: the state after it. */
function check(
  state: HighLowState,
  entry: RecordLine,
  secret: HighLowSecret,
  report: AuditReport,
): Result<HighLowState> {
  const text = `“${[entry.word, ...entry.args].join(" ")}”`;
  switch (entry.word) {
    case "commit":
      if (state.commitment !== entry.args[0])
        return fail("record/bad_commitment", `${text} is not the commitment of the chosen numbers.`);
      return ok(state);
    case "reveal":
      return state.phase === "over"
        ? ok(state)
        : fail("record/bad_reveal", "The numbers are revealed before a hit.");
    case "points":
      if (entry.args.join(" ") !== state.scores.join(" "))
        return fail(
          "record/score_mismatch",
          `${text} in the record, points ${state.scores.join(" ")} by the rules.`,
        );
      report.rounds.push({ round: 1, points: state.scores.slice(), scores: state.scores.slice() });
      return ok(state);
  }
  const move = moveOf(entry);
  if (!move.ok) return move;
  const { seat, number, answer } = move.value;
  if (entry.word === "choose" && secret.numbers[seat] !== number)
    return fail("record/bad_secret", `${text}: the revealed secret gives seat ${seat} another number.`);
  const applied = apply(state, { type: entry.word, seat, number });
  if (!applied.ok) return refusedOnAudit(1, text, applied.error);
  const heard = applied.value.events.find((event) => event.type === "guessed");
  if (heard && heard.answer !== answer)
    return fail("record/answer_mismatch", `${text}: the rules answer ${heard.answer}.`);
  report.actions++;
  return ok(applied.value.state);
}

/** A `choose <seat> <number>` or `guess <seat> <number> <answer>` line read. */
function moveOf(entry: RecordLine): Result<{ seat: Seat; number: number; answer: string | null }> {
  const [seatText, numberText, answer] = entry.args;
  const seat = seatOf(seatText);
  const number = /^[1-9][0-9]*$/.test(numberText ?? "") ? Number(numberText) : null;
  const arity = entry.word === "choose" ? 2 : entry.word === "guess" ? 3 : 0;
  if (arity === 0) return fail("record/bad_move", `High-Low has no move “${entry.word}”.`);
  if (seat === null || number === null || entry.args.length !== arity)
    return fail(
      "record/bad_move",
      arity === 2 ? "The move is “choose <seat> <number>”." : "The move is “guess <seat> <number> <answer>”.",
    );
  return ok({ seat, number, answer: answer ?? null });
}

function seatOf(text: string | undefined): Seat | null {
  return text === "0" ? 0 : text === "1" ? 1 : null;
}

/** High-Low's records: how the server writes them and how anyone checks them. */
export const highlowRecorder: GameRecorder<HighLowState, HighLowEvent> = {
  kind: "highlow",
  rulesVersion: RULES_VERSION,
  rounds: recordRounds,
  audit: auditRecord,
};
