import { err, fail, guarded, ok } from "@firmament/game-kit";
import { crowdingStar, insideFirmament } from "./geometry";
import { isColour } from "./setup";
import {
  type Colour,
  type DreamsAction,
  type DreamsState,
  type EngineError,
  type Guess,
  type Phase,
  type PlacedStar,
  type Result,
  type Seat,
  STAR_KINDS,
  type StarKind,
} from "./types";

/** The public facts that decide legality; both the full state and a seat's view provide them. */
export interface Table {
  phase: Phase;
  colours: readonly Colour[];
  dealer: Seat;
  stars: readonly PlacedStar[];
  /** Per seat, truthy once that seat has guessed (a guess, or `true`). */
  guessed: readonly unknown[];
  ready: readonly boolean[];
  /** A seat whose role the caller knows (a view knows only its own). */
  known: { seat: Seat; role: "god" | "mortal" } | null;
}

/**
 * The seats the game waits for: the one placing a star, those who have not guessed, those not ready.
 * The one turn rule of Dreams: the server's timers and bots and the clients' prompts all use it.
 */
/** The full state's public facts of the table: every seat knows them. */
export function publicTable(state: DreamsState): Omit<Table, "known"> {
  const round = state.round;
  return {
    phase: state.phase,
    colours: state.colours,
    dealer: round.dealer,
    stars: round.stars,
    guessed: round.guesses,
    ready: round.ready,
  };
}

export function awaiting(
  table: Pick<Table, "phase" | "colours" | "dealer" | "stars" | "guessed" | "ready">,
): Seat[] {
  switch (table.phase) {
    case "placing":
      return [(table.dealer + table.stars.length) % table.colours.length];
    case "guessing":
      return table.guessed.flatMap((g, seat) => (g ? [] : [seat]));
    case "reveal":
      return table.ready.flatMap((r, seat) => (r ? [] : [seat]));
    case "over":
      return [];
  }
}

/** Whose turn it is to place a star, or null outside the placing phase. */
export function turnOf(table: Pick<Table, "phase" | "colours" | "dealer" | "stars">): Seat | null {
  if (table.phase !== "placing") return null;
  return (table.dealer + table.stars.length) % table.colours.length;
}

export function starsLeft(stars: readonly PlacedStar[], seat: Seat): StarKind[] {
  return STAR_KINDS.filter((kind) => !kindUsed(stars, seat, kind));
}

export function kindUsed(stars: readonly PlacedStar[], seat: Seat, kind: StarKind): boolean {
  for (const star of stars) if (star.seat === seat && star.kind === kind) return true;
  return false;
}

/**
 * Checks an action's shape, whatever was sent, and returns a clean copy of it: only the action's own
 * fields are copied (others are ignored), each read once, and a `-0` coordinate becomes `0`, so the
 * state stays plain JSON. Never throws: an input that throws when read (a getter, a Proxy, a revoked
 * Proxy) is `action/malformed`.
 */
export function parseAction(input: unknown): Result<DreamsAction> {
  return guarded(() => readAction(input));
}

/** `parseAction` without the guard, for callers that already run inside one. */
export function readAction(input: unknown): Result<DreamsAction> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return fail("action/malformed", "An action must be an object.");
  const raw = input as Record<string, unknown>;
  const type = raw.type;
  if (typeof type !== "string") return fail("action/malformed", "An action needs a type.");
  const seat = raw.seat;
  if (typeof seat !== "number" || !Number.isInteger(seat))
    return fail("action/unknown_seat", "An action needs the acting seat's number.");
  switch (type) {
    case "place_star": {
      const { kind, x, y } = raw;
      if (typeof kind !== "string" || !(STAR_KINDS as readonly string[]).includes(kind))
        return fail("star/unknown_kind", "A star is clear, gray or black.");
      if (typeof x !== "number" || typeof y !== "number")
        return fail("action/malformed", "A star needs numeric x and y.");
      if (!Number.isFinite(x) || !Number.isFinite(y))
        return fail("star/not_finite", "A star's coordinates must be finite numbers.");
      return ok({
        type: "place_star",
        seat,
        kind: kind as StarKind,
        x: withoutNegativeZero(x),
        y: withoutNegativeZero(y),
      });
    }
    case "guess": {
      const guess = parseGuess(raw.guess);
      return guess.ok ? ok({ type: "guess", seat, guess: guess.value }) : guess;
    }
    case "ready":
      return ok({ type: "ready", seat });
    default:
      return fail("action/unknown_type", "Unknown action type.");
  }
}

/** `-0` is not JSON (it is written `0`), so a state holding it would not survive a round trip unchanged. */
const withoutNegativeZero = (n: number): number => (n === 0 ? 0 : n);

/** A guess is exactly `{ colour }` or exactly `{ image }`: any other own field makes it malformed. */
function parseGuess(input: unknown): Result<Guess> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return fail("action/malformed", "A guess must be an object.");
  const keys = Object.keys(input);
  const [key] = keys;
  if (keys.length !== 1 || (key !== "colour" && key !== "image"))
    return fail("action/malformed", "A guess names either a colour or an image, and nothing else.");
  const value = (input as Record<string, unknown>)[key];
  if (key === "colour") {
    if (!isColour(value)) return fail("guess/unknown_colour", "That colour is not in the game.");
    return ok({ colour: value });
  }
  if (value !== 1 && value !== 2 && value !== 3 && value !== 4)
    return fail("guess/image_out_of_range", "An image number is 1, 2, 3 or 4.");
  return ok({ image: value });
}

/** Why a well-formed action is illegal at this table, or null when it is legal. */
export function illegality(table: Table, action: DreamsAction): EngineError | null {
  if (table.phase === "over") return err("action/game_over", "The game is over.");
  const seat = action.seat;
  if (seat < 0 || seat >= table.colours.length)
    return err("action/unknown_seat", "No such seat at this table.");
  switch (action.type) {
    case "place_star": {
      if (table.phase !== "placing")
        return err("action/wrong_phase", "Stars are placed only before guessing.");
      if (turnOf(table) !== seat) return err("action/not_your_turn", "It is not your turn.");
      if (kindUsed(table.stars, seat, action.kind))
        return err("star/kind_used", `You already placed your ${action.kind} star this round.`);
      if (!insideFirmament(action.x, action.y))
        return err("star/outside_firmament", "A star must lie inside the firmament.");
      if (crowdingStar(table.stars, action.x, action.y))
        return err("star/too_close", "Too close to another star.");
      return null;
    }
    case "guess": {
      if (table.phase !== "guessing")
        return err("action/wrong_phase", "Guessing starts when all stars are placed.");
      if (table.guessed[seat]) return err("guess/already_made", "You have already guessed this round.");
      const role = table.known?.seat === seat ? table.known.role : undefined;
      if (role === "mortal" && !("image" in action.guess))
        return err("guess/wrong_kind", "The mortal guesses an image number.");
      if (role === "god" && !("colour" in action.guess))
        return err("guess/wrong_kind", "A god guesses a player's colour.");
      if ("colour" in action.guess) {
        if (!table.colours.includes(action.guess.colour))
          return err("guess/unknown_colour", "That colour is not in the game.");
        if (table.colours[seat] === action.guess.colour)
          return err("guess/self", "A god cannot name their own colour.");
      }
      return null;
    }
    case "ready": {
      if (table.phase !== "reveal") return err("action/wrong_phase", "Nothing to be ready for now.");
      if (table.ready[seat]) return err("ready/already", "You are already ready.");
      return null;
    }
    default:
      return unreachableAction(action);
  }
}

function unreachableAction(action: never): never {
  throw new Error(`Unhandled action: ${JSON.stringify(action)}`);
}
