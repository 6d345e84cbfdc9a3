import { err, fail, guarded, ok } from "@firmament/game-kit";
import { isNumberInPlay } from "./commitment";
import {
  type Answer,
  type Guess,
  HIGHEST,
  type HighLowAction,
  LOWEST,
  type Phase,
  type Range,
  type Result,
  type RuleError,
  SEATS,
  type Seat,
} from "./types";

/**
 * The facts legality is decided on, all public: the full state (`tableOf` in apply.ts) and any view
 * (`tableOfView` in legal.ts) give the same, so `apply`, `checkAction` and `legalActions` share one rule
 * code and no refusal can depend on a hidden number.
 */
export interface Table {
  phase: Phase;
  chosen: readonly boolean[];
  first: Seat;
  guesses: readonly Guess[];
}

export function other(seat: Seat): Seat {
  return 1 - seat;
}

/** Whose guess it is: the seats alternate, the first guesser starting (a hit ends the game). */
export function guesser(first: Seat, guesses: readonly Guess[]): Seat {
  return guesses.length % 2 === 0 ? first : other(first);
}

/** The seats the game waits for: those yet to choose, then the guesser, then nobody. */
export function awaiting(table: Pick<Table, "phase" | "chosen" | "first" | "guesses">): Seat[] {
  switch (table.phase) {
    case "choosing":
      return table.chosen.flatMap((chosen, seat) => (chosen ? [] : [seat]));
    case "guessing":
      return [guesser(table.first, table.guesses)];
    case "over":
      return [];
  }
}

/** Where `seat`'s next guess may lie: every answer it heard rules out its side of the guess. */
export function rangeOf(guesses: readonly Guess[], seat: Seat): Range {
  let min = LOWEST;
  let max = HIGHEST;
  for (const guess of guesses) {
    if (guess.seat !== seat) continue;
    if (guess.answer === "higher") min = Math.max(min, guess.number + 1);
    if (guess.answer === "lower") max = Math.min(max, guess.number - 1);
  }
  return { min, max };
}

export function rangesOf(guesses: readonly Guess[]): [Range, Range] {
  return [rangeOf(guesses, 0), rangeOf(guesses, 1)];
}

/** Where the hidden number lies from the guess. */
export function answerFor(hidden: number, guess: number): Answer {
  if (hidden === guess) return "hit";
  return hidden > guess ? "higher" : "lower";
}

const FIELDS = ["type", "seat", "number"];

/**
 * Checks an action's shape, whatever was sent (Proxies and throwing getters included), and returns a
 * clean copy: only own fields are read, each once, and any other field is refused.
 */
export function parseAction(input: unknown): Result<HighLowAction> {
  return guarded(() => parseRaw(input));
}

function parseRaw(input: unknown): Result<HighLowAction> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return fail("action/malformed", "An action must be an object.");
  const raw = input as Record<string, unknown>;
  const type = own(raw, "type");
  if (typeof type !== "string") return fail("action/malformed", "An action needs a type.");
  if (type !== "choose" && type !== "guess") return fail("action/unknown_type", "Unknown action type.");
  for (const key of Object.keys(raw))
    if (!FIELDS.includes(key))
      return fail("action/malformed", `A ${type} action has only ${FIELDS.join(", ")}.`);
  const rawSeat = own(raw, "seat");
  if (typeof rawSeat !== "number" || !Number.isInteger(rawSeat))
    return fail("action/malformed", "An action needs the acting seat's number.");
  if (rawSeat < 0 || rawSeat >= SEATS) return fail("action/unknown_seat", "High-Low has seats 0 and 1.");
  const seat: Seat = rawSeat === 0 ? 0 : 1; // also turns -0 into 0
  const number = own(raw, "number");
  if (typeof number !== "number" || !Number.isInteger(number))
    return fail("action/malformed", `A ${type} action needs a whole number.`);
  if (!isNumberInPlay(number)) return fail("number/out_of_range", `Numbers go from ${LOWEST} to ${HIGHEST}.`);
  return ok({ type, seat, number });
}

function own(raw: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(raw, key) ? raw[key] : undefined;
}

/** Why a well-formed action is illegal at this table, or null when it is legal. */
export function illegality(table: Table, action: HighLowAction): RuleError | null {
  if (table.phase === "over") return err("action/game_over", "The game is over.");
  const seat = action.seat;
  if (action.type === "choose") {
    if (table.phase !== "choosing") return err("action/wrong_phase", "Both numbers are already chosen.");
    if (table.chosen[seat]) return err("choose/already", "You have chosen your number already.");
    return null;
  }
  if (table.phase !== "guessing") return err("action/wrong_phase", "Guessing starts once both have chosen.");
  if (guesser(table.first, table.guesses) !== seat)
    return err("action/not_your_turn", "It is not your turn.");
  const range = rangeOf(table.guesses, seat);
  if (action.number < range.min || action.number > range.max)
    return err("guess/ruled_out", `The answers so far put the number between ${range.min} and ${range.max}.`);
  return null;
}
