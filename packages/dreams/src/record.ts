import {
  type AuditReport,
  CounterRng,
  checkHeader,
  checkRoundPoints,
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
  unrevealedRound,
} from "@firmament/game-kit";
import { apply } from "./apply";
import { secretText } from "./commitment";
import {
  COLOURS,
  type Colour,
  DRAW_PILE_SIZE,
  type DreamsEvent,
  type DreamsState,
  type ImageNumber,
  type RoundState,
  RULES_VERSION,
} from "./types";

/**
 * Dreams' record body (docs/records.md). A round: `round <n> dealer <seat>`, `commit <hash>`,
 * `cards <4 ids>`, then `star <seat> <kind> <x> <y>` and `guess <seat> colour <c>|image <n>` in order,
 * `reveal <secret text>`, `points <per seat>`, `ready <seat>`. While a round goes on its guesses are
 * written `guess <seat>` (who guessed is public, what is not) and it has no reveal.
 */
export function recordRounds(
  initial: DreamsState,
  steps: readonly RecordedStep<DreamsEvent>[],
): RecordRound[] {
  const rounds: RecordRound[] = [dealt(initial.round.number, initial.round.dealer, initial.round)];
  for (const step of steps)
    for (const event of step.events) {
      const round = rounds.at(-1) as RecordRound;
      switch (event.type) {
        case "round_started":
          rounds.push(dealt(event.round, event.dealer, event));
          break;
        case "star_placed":
          round.lines.push(line("star", event.seat, event.kind, event.x, event.y));
          break;
        case "guess_made":
          round.lines.push(
            "colour" in event.guess
              ? line("guess", event.seat, "colour", event.guess.colour)
              : line("guess", event.seat, "image", event.guess.image),
          );
          break;
        case "round_revealed": {
          const text = secretText(event.result.secret);
          round.secret = text;
          round.lines.push(line("reveal", text));
          round.lines.push(line("points", ...event.result.scoring.map((s) => s.points)));
          break;
        }
        case "player_ready":
          round.lines.push(line("ready", event.seat));
          break;
      }
    }
  // A round not revealed yet keeps its guesses secret: only who guessed is public.
  for (const round of rounds)
    if (round.secret === null)
      round.lines = round.lines.map((l) => (l.word === "guess" ? line("guess", l.args[0] as string) : l));
  return rounds;
}

function dealt(
  number: number,
  dealer: number,
  deal: { commitment: string; cards: readonly string[] },
): RecordRound {
  return {
    round: number,
    head: ["dealer", String(dealer)],
    commitment: deal.commitment,
    secret: null,
    lines: [line("commit", deal.commitment), line("cards", ...deal.cards)],
  };
}

/**
 * Checks a Dreams record from its public and revealed facts only: every revealed round is rebuilt from
 * its cards and secret and its moves are played through `apply` (so every star, guess and ready must be
 * legal and the reveal and scores are the engine's); the seed and the draw pile are never needed.
 */
export function auditRecord(record: GameRecord): Result<AuditReport> {
  const header = checkHeader(record, "dreams", RULES_VERSION);
  if (!header.ok) return header;
  const colours = record.seats.map((s) => s.colour);
  if (
    colours.length < 3 ||
    !colours.every((c): c is Colour => (COLOURS as readonly string[]).includes(c ?? ""))
  )
    return fail("record/bad_seats", "Every seat of a Dreams record needs a colour (Colour<n> tags).");
  const report: AuditReport = {
    rounds: [],
    scores: colours.map(() => 0),
    winners: null,
    actions: 0,
    unchecked: [],
  };
  const first = record.rounds[0];
  if (!first) return fail("record/no_rounds", "The record has no round.");
  const round1 = roundOf(first, colours.length, null);
  if (!round1.ok) return round1;
  let state: DreamsState = {
    game: "dreams",
    version: 1,
    colours,
    scores: colours.map(() => 0),
    phase: "placing",
    round: round1.value,
    // The real pile and generator stay on the server: stand-ins let the rules deal the next round,
    // whose cards and secret are then taken from the record.
    pile: Array.from({ length: DRAW_PILE_SIZE }, (_, i) => `audit-${i}`),
    discard: [],
    rng: new CounterRng("0".repeat(64), 0).state(),
    winners: null,
  };
  for (const [index, round] of record.rounds.entries()) {
    if (round.secret === null) {
      const unchecked = unrevealedRound(record, round, report);
      if (!unchecked.ok) return unchecked;
      break;
    }
    const played = playRound(state, round, record.rounds[index + 1] ?? null, report);
    if (!played.ok) return played;
    state = played.value;
  }
  return finishAudit(record, report, state);
}

function playRound(
  start: DreamsState,
  round: RecordRound,
  next: RecordRound | null,
  report: AuditReport,
): Result<DreamsState> {
  let state = start;
  for (const entry of round.lines) {
    if (entry.word === "commit" || entry.word === "cards") continue;
    if (entry.word === "reveal") {
      const result = state.round.result;
      if (state.phase === "placing" || !result || secretText(result.secret) !== round.secret)
        return fail("record/bad_reveal", `Round ${round.round} is revealed before every guess was made.`);
      continue;
    }
    if (entry.word === "points") {
      const points = state.round.result?.scoring.map((s) => s.points) ?? [];
      const checked = checkRoundPoints(round.round, entry, points, state.scores, report);
      if (!checked.ok) return checked;
      continue;
    }
    const action = actionOf(entry);
    if (!action.ok) return fail(action.error.code, `Round ${round.round}: ${action.error.message}`);
    const applied = apply(state, action.value);
    if (!applied.ok)
      return refusedOnAudit(round.round, `“${[entry.word, ...entry.args].join(" ")}”`, applied.error);
    report.actions++;
    state = applied.value.state;
    if (applied.value.events.some((e) => e.type === "round_started")) {
      if (!next)
        return fail("record/missing_round", `Round ${round.round + 1} was dealt but is not in the record.`);
      const dealtRound = roundOf(next, state.colours.length, state.round.dealer);
      if (!dealtRound.ok) return dealtRound;
      state = { ...state, round: dealtRound.value };
    }
  }
  return ok(state);
}

/** A round as the rules hold it, from the record: its dealer, cards, commitment and (revealed) secret. */
function roundOf(round: RecordRound, seats: number, dealer: number | null): Result<RoundState> {
  const [word, seatText] = round.head;
  const seat = Number(seatText);
  if (word !== "dealer" || !Number.isInteger(seat) || seat < 0 || seat >= seats)
    return fail("record/bad_round", `Round ${round.round} must start “round ${round.round} dealer <seat>”.`);
  if (dealer !== null && seat !== dealer)
    return fail(
      "record/dealer_mismatch",
      `Round ${round.round}'s dealer is seat ${dealer} by the rules, not ${seat}.`,
    );
  const cards = round.lines.find((l) => l.word === "cards")?.args ?? [];
  if (cards.length !== 4 || new Set(cards).size !== 4)
    return fail("record/bad_cards", `Round ${round.round} needs one line of 4 distinct cards.`);
  if (round.commitment === null)
    return fail("record/bad_commitment", `Round ${round.round} has no commitment.`);
  const secret = readSecret(
    round.secret ?? `dreams|${round.round}|1|0|${"0".repeat(32)}`,
    round.round,
    seats,
  );
  if (!secret.ok) return secret;
  return ok({
    number: round.round,
    dealer: seat,
    cards: cards as [string, string, string, string],
    vision: secret.value.vision,
    mortal: secret.value.mortal,
    salt: secret.value.salt,
    commitment: round.commitment,
    stars: [],
    guesses: Array.from({ length: seats }, () => null),
    ready: Array.from({ length: seats }, () => false),
    result: null,
  });
}

function readSecret(text: string, round: number, seats: number) {
  const parts = /^dreams\|(\d+)\|([1-4])\|(\d)\|([0-9a-f]{32})$/.exec(text);
  if (!parts || Number(parts[1]) !== round || Number(parts[3]) >= seats)
    return fail<never>(
      "record/bad_secret",
      `Round ${round}'s secret is not “dreams|${round}|<vision>|<mortal>|<salt>”.`,
    );
  return ok({ vision: Number(parts[2]) as ImageNumber, mortal: Number(parts[3]), salt: parts[4] as string });
}

/** A move line as the action the rules take; the rules themselves judge its values. */
function actionOf(entry: RecordLine): Result<unknown> {
  const [seatText, ...rest] = entry.args;
  const seat = Number(seatText);
  if (seatText === undefined || !/^\d$/.test(seatText))
    return fail("record/bad_move", `“${entry.word}” needs a seat.`);
  switch (entry.word) {
    case "star":
      if (rest.length !== 3) return fail("record/bad_move", "A star is “star <seat> <kind> <x> <y>”.");
      return ok({ type: "place_star", seat, kind: rest[0], x: Number(rest[1]), y: Number(rest[2]) });
    case "guess":
      if (rest[0] === "colour" && rest.length === 2)
        return ok({ type: "guess", seat, guess: { colour: rest[1] } });
      if (rest[0] === "image" && rest.length === 2)
        return ok({ type: "guess", seat, guess: { image: Number(rest[1]) } });
      return fail(
        "record/bad_move",
        "A revealed round's guess is “guess <seat> colour <c>” or “guess <seat> image <n>”.",
      );
    case "ready":
      return ok({ type: "ready", seat });
    default:
      return fail("record/bad_move", `Dreams has no move “${entry.word}”.`);
  }
}

/** Dreams' records: how the server writes them and how anyone checks them. */
export const dreamsRecorder: GameRecorder<DreamsState, DreamsEvent> = {
  kind: "dreams",
  rulesVersion: RULES_VERSION,
  rounds: recordRounds,
  audit: auditRecord,
};
