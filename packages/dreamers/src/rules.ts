import { err, fail, guarded, ok } from "@firmament/game-kit";
import { DREAM_CARDS, dreamCard, type Modifier, modified, nightmareCard, SKULL_CARD } from "./decks";
import {
  DECLARATIONS,
  type Declaration,
  type DreamersAction,
  type Identity,
  type Phase,
  type Result,
  type RoundState,
  type RuleError,
  SEATS,
  type Seat,
  type Target,
} from "./types";

/**
 * The facts that decide legality: public ones, and what the acting seat knows of itself. Both the full
 * state (`tableOf` in apply.ts) and a seat's view (`tableOfView` in legal.ts) provide them, so `apply`,
 * `checkAction` and `legalActions` share one rule code, and nothing in it can depend on the other
 * player's secrets.
 */
export interface Table {
  phase: Phase;
  first: Seat;
  chooser: Seat | null;
  /** This turn's Nightmare value `N`, or null between turns. */
  nightmare: number | null;
  /** The values of the two face-up cards (the first player's, the second's), or null before both are up. */
  faceUp: readonly [number, number] | null;
  ready: readonly boolean[];
  /** The acting seat's own identity and hand, when the caller knows them (a view knows only its own). */
  known: { seat: Seat; identity: Identity | null; hand: readonly string[] } | null;
}

export function other(seat: Seat): Seat {
  return 1 - seat;
}

/**
 * The seats the game waits for: the one turn rule of Dreamers, used by the server's timers, bots and the
 * clients' prompts. Every wait depends on the phase and public facts only: `closing` always waits for the
 * first player and each modification step waits for its player, whatever their hand or identity.
 */
export function awaiting(table: Pick<Table, "phase" | "first" | "chooser" | "ready">): Seat[] {
  switch (table.phase) {
    case "choosing":
      return table.chooser === null ? [] : [table.chooser];
    case "first_play":
    case "modify_first":
    case "closing":
      return [table.first];
    case "second_play":
    case "modify_second":
      return [other(table.first)];
    case "round_over":
      return table.ready.flatMap((ready, seat) => (ready ? [] : [seat]));
    case "over":
      return [];
  }
}

export function nightmareValue(round: RoundState): number | null {
  return round.nightmare === null ? null : (nightmareCard(round.nightmare)?.value ?? null);
}

/** The two played cards' values once both are face up (they are as soon as the second is played). */
export function faceUpValues(round: RoundState): [number, number] | null {
  const [first, second] = round.plays;
  if (first === null || second === null) return null;
  return [dreamCard(first)?.value ?? 0, dreamCard(second)?.value ?? 0];
}

/** The face-up sum, after the turn's modifier if one was played. */
export function tableSum(round: RoundState): number | null {
  const faceUp = faceUpValues(round);
  if (!faceUp) return null;
  const modifier = round.modifier;
  if (!modifier) return faceUp[0] + faceUp[1];
  return sumWith(faceUp, dreamCard(modifier.card)?.effect as Modifier, modifier.target);
}

/** The sum of the two face-up cards, a modifier applied to its target. */
export function sumWith(
  faceUp: readonly [number, number],
  modifier: Modifier | null,
  target: Target,
): number {
  const [first, second] = faceUp;
  if (modifier === null) return first + second;
  return target === "first" ? modified(first, modifier) + second : first + modified(second, modifier);
}

const TARGETS: readonly Target[] = ["first", "second"];

/** Every modifier some Dream card carries (the skull is none). */
const DECK_MODIFIERS: readonly Modifier[] = [
  ...new Set(DREAM_CARDS.flatMap((card) => (card.effect === "skull" ? [] : [card.effect]))),
];

/**
 * Whether any card of the Dream deck could make the sum exact as a modifier: a public fact. The
 * modification steps are skipped only when it is false; otherwise the game waits for each player's
 * modifier or pass, so that waiting reveals nothing about their hands.
 */
export function modificationPossible(faceUp: readonly [number, number], nightmare: number): boolean {
  for (const modifier of DECK_MODIFIERS)
    for (const target of TARGETS) if (sumWith(faceUp, modifier, target) === nightmare) return true;
  return false;
}

/** The (card, target) pairs of a hand that make the sum exactly `nightmare`. */
export function modifierOptions(
  hand: readonly string[],
  faceUp: readonly [number, number],
  nightmare: number,
): Array<{ card: string; target: Target }> {
  const options: Array<{ card: string; target: Target }> = [];
  for (const card of hand) {
    const effect = dreamCard(card)?.effect;
    if (effect === undefined || effect === "skull") continue;
    for (const target of TARGETS)
      if (sumWith(faceUp, effect, target) === nightmare) options.push({ card, target });
  }
  return options;
}

/**
 * The honest declaration for a card of value `value` against the Nightmare `nightmareValue`: "close"
 * when they differ by 3 or less, "far" by 7 or more, "between" otherwise. For the UI's hint and for
 * bots only: declarations are free speech and the rules never check them.
 */
export function honestDeclaration(value: number, nightmareValue: number): Declaration {
  const distance = Math.abs(nightmareValue - value);
  if (distance <= 3) return "close";
  if (distance >= 7) return "far";
  return "between";
}

/** The fields each action type may have; any other field makes it malformed. */
const FIELDS: Readonly<Record<DreamersAction["type"], readonly string[]>> = {
  choose_identity: ["type", "seat", "identity"],
  play_dream: ["type", "seat", "card", "declaration"],
  modify: ["type", "seat", "card", "target"],
  pass: ["type", "seat"],
  accuse: ["type", "seat"],
  end_turn: ["type", "seat"],
  ready: ["type", "seat"],
};

/**
 * Checks an action's shape, whatever was sent (Proxies and throwing getters included), and returns a
 * clean copy of it: only own fields are read, each once, and unknown fields are refused.
 */
export function parseAction(input: unknown): Result<DreamersAction> {
  return guarded(() => parseRaw(input));
}

function parseRaw(input: unknown): Result<DreamersAction> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return fail("action/malformed", "An action must be an object.");
  const raw = input as Record<string, unknown>;
  const type = own(raw, "type");
  if (typeof type !== "string") return fail("action/malformed", "An action needs a type.");
  if (!Object.hasOwn(FIELDS, type)) return fail("action/unknown_type", "Unknown action type.");
  const kind = type as DreamersAction["type"];
  const fields = FIELDS[kind];
  for (const key of Object.keys(raw))
    if (!fields.includes(key))
      return fail("action/malformed", `A ${kind} action has only the fields ${fields.join(", ")}.`);
  const rawSeat = own(raw, "seat");
  if (typeof rawSeat !== "number" || !Number.isInteger(rawSeat))
    return fail("action/malformed", "An action needs the acting seat's number.");
  if (rawSeat < 0 || rawSeat >= SEATS) return fail("action/unknown_seat", "Dreamers has seats 0 and 1.");
  const seat: Seat = rawSeat === 0 ? 0 : 1; // also turns -0 into 0
  switch (kind) {
    case "choose_identity": {
      const identity = own(raw, "identity");
      if (identity !== "dreamer" && identity !== "master")
        return fail("identity/unknown", "An identity is dreamer or master.");
      return ok({ type: kind, seat, identity });
    }
    case "play_dream": {
      const card = parseCard(own(raw, "card"));
      if (!card.ok) return card;
      const declaration = own(raw, "declaration");
      if (declaration === undefined) return ok({ type: kind, seat, card: card.value });
      if (typeof declaration !== "string" || !(DECLARATIONS as readonly string[]).includes(declaration))
        return fail("declaration/unknown", "A declaration is close, between or far.");
      return ok({ type: kind, seat, card: card.value, declaration: declaration as Declaration });
    }
    case "modify": {
      const card = parseCard(own(raw, "card"));
      if (!card.ok) return card;
      const target = own(raw, "target");
      if (target !== "first" && target !== "second")
        return fail("modify/unknown_target", "A modifier goes onto the first or the second card.");
      return ok({ type: kind, seat, card: card.value, target });
    }
    case "pass":
    case "accuse":
    case "end_turn":
    case "ready":
      return ok({ type: kind, seat });
  }
}

function own(raw: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(raw, key) ? raw[key] : undefined;
}

function parseCard(card: unknown): Result<string> {
  if (typeof card !== "string") return fail("action/malformed", "The action needs a card id.");
  if (dreamCard(card) === undefined) return fail("card/unknown", "No Dream card has that id.");
  return ok(card);
}

/**
 * Why a well-formed action is illegal at this table, or null when it is legal. Checks public facts
 * first, then the actor's own hand and identity, so a refusal tells the actor nothing they could not
 * know (and refusals go to the actor only).
 */
export function illegality(table: Table, action: DreamersAction): RuleError | null {
  if (table.phase === "over") return err("action/game_over", "The game is over.");
  const seat = action.seat;
  const known = table.known?.seat === seat ? table.known : null;
  const hand = known?.hand ?? [];
  switch (action.type) {
    case "choose_identity":
      if (table.phase !== "choosing")
        return err("action/wrong_phase", "Identities are chosen only before a round's deal.");
      if (table.chooser !== seat)
        return err("action/not_your_turn", "Only the player falsely accused last round chooses.");
      return null;
    case "play_dream":
      return playProblem(table, action, hand);
    case "modify":
      return modifyProblem(table, action, hand);
    case "pass":
      return turnProblem(table, seat, PASS_STEP);
    case "accuse":
      if (table.phase !== "closing")
        return err("action/wrong_phase", "Accusing is possible only at the end of a turn.");
      if (table.first !== seat) return err("accuse/not_first_player", "Only the first player may accuse.");
      if (known?.identity !== "dreamer") return err("accuse/master", "Only a Dreamer may accuse.");
      if (!hand.includes(SKULL_CARD)) return err("accuse/no_skull", "Accusing takes the skull card.");
      return null;
    case "end_turn":
      if (table.phase !== "closing")
        return err("action/wrong_phase", "The turn ends only after its plays and modifiers.");
      if (table.first !== seat) return err("action/not_your_turn", "The first player ends the turn.");
      return null;
    case "ready":
      if (table.phase !== "round_over") return err("action/wrong_phase", "Nothing to be ready for now.");
      if (table.ready[seat]) return err("ready/already", "You are already ready.");
      return null;
  }
}

/** Why this Dream card may not be played now (or with this declaration), or null. */
function playProblem(
  table: Table,
  action: Extract<DreamersAction, { type: "play_dream" }>,
  hand: readonly string[],
): RuleError | null {
  const problem = cardProblem(table, action, hand, PLAY_STEP);
  if (problem) return problem;
  if (table.phase === "first_play" && action.declaration === undefined)
    return err("declaration/missing", "The first player declares close, between or far.");
  if (table.phase === "second_play" && action.declaration !== undefined)
    return err("declaration/unexpected", "Only the first player declares.");
  return null;
}

/** Why this modifier may not be played now (or on this target), or null. */
function modifyProblem(
  table: Table,
  action: Extract<DreamersAction, { type: "modify" }>,
  hand: readonly string[],
): RuleError | null {
  const problem = cardProblem(table, action, hand, MODIFY_STEP);
  if (problem) return problem;
  const effect = dreamCard(action.card)?.effect;
  if (effect === undefined || effect === "skull")
    return err("modify/skull", "The skull card is never a modifier.");
  if (!table.faceUp || table.nightmare === null) return err("action/wrong_phase", "No cards are face up.");
  if (sumWith(table.faceUp, effect, action.target) !== table.nightmare)
    return err("modify/not_exact", "A modifier may only be played when it makes the sum exact.");
  return null;
}

/** A step of a turn: the first player's phase, the second player's, and why it is refused outside them. */
interface Step {
  firstPhase: Phase;
  secondPhase: Phase;
  wrongPhase: string;
}

const PLAY_STEP: Step = {
  firstPhase: "first_play",
  secondPhase: "second_play",
  wrongPhase: "Dream cards are played only at the start of a turn.",
};
const MODIFY_STEP: Step = {
  firstPhase: "modify_first",
  secondPhase: "modify_second",
  wrongPhase: "Modifiers are played only when the turned-up cards miss the sum.",
};
const PASS_STEP: Step = { ...MODIFY_STEP, wrongPhase: "Passing is possible only in a modification step." };

/** Refuses an action of a step owned by the first player (`firstPhase`) or the second (`secondPhase`). */
function turnProblem(table: Table, seat: Seat, step: Step): RuleError | null {
  if (table.phase === step.firstPhase) return seat === table.first ? null : notYourTurn();
  if (table.phase === step.secondPhase) return seat === other(table.first) ? null : notYourTurn();
  return err("action/wrong_phase", step.wrongPhase);
}

/** Refuses a card played out of its step or turn, or not in the player's hand. */
function cardProblem(
  table: Table,
  action: { seat: Seat; card: string },
  hand: readonly string[],
  step: Step,
): RuleError | null {
  const problem = turnProblem(table, action.seat, step);
  if (problem) return problem;
  return hand.includes(action.card) ? null : err("card/not_in_hand", "That card is not in your hand.");
}

function notYourTurn(): RuleError {
  return err("action/not_your_turn", "It is not your turn.");
}
