import type { Colour, DreamsAction, StarKind } from "@firmament/dreams";
import { type BotInput, context } from "./context";
import { type BotLevel, LEVELS, type Params } from "./levels";
import { cellCentre } from "./model";
import { guessMortal, guessVision, placeGod, placeMortal } from "./place";

export type { BotInput } from "./context";
export { BOT_LEVELS, type BotLevel, LEVELS, type Params } from "./levels";

export interface Bot {
  /** The action the seat should take now, or null when it has nothing to do. Pure in (options, input). */
  decide(input: BotInput): DreamsAction | null;
}

export interface BotOptions {
  level: BotLevel;
  /** Any string; with the view it fixes every random choice. */
  seed: string;
  /** Placement randomness (softmax temperature in log-probability units); higher is looser. */
  temperature?: number;
  /** For a god, 0..1: how much stars blend in with what a mortal would place rather than point at the vision. */
  subtlety?: number;
}

export function createBot(options: BotOptions): Bot {
  const base = LEVELS[options.level];
  if (!base) throw new Error(`Unknown bot level "${String(options.level)}"; use novice, adept or oracle.`);
  if (typeof options.seed !== "string") throw new Error("A bot needs a string seed.");
  const params: Params = { ...base };
  if (options.temperature !== undefined) {
    if (!Number.isFinite(options.temperature) || options.temperature < 0)
      throw new Error("temperature must be a finite number ≥ 0.");
    params.mortalTau *= options.temperature / Math.max(1e-9, params.tau);
    params.tau = options.temperature;
  }
  if (options.subtlety !== undefined) {
    if (!Number.isFinite(options.subtlety) || options.subtlety < 0 || options.subtlety > 1)
      throw new Error("subtlety must be between 0 and 1.");
    params.lambda = options.subtlety;
  }
  return botWithParams(params, options.seed);
}

export function botWithParams(params: Params, seed: string): Bot {
  return { decide: (input) => decide(params, seed, input) };
}

function decide(params: Params, seed: string, input: BotInput): DreamsAction | null {
  const ctx = context(input, seed, params.alpha);
  if (!ctx) return null;
  const { view, me } = ctx;
  const seat = me.seat;
  switch (view.phase) {
    case "placing": {
      if (view.turn !== seat || me.starsLeft.length === 0) return null;
      const { cell, kind } = me.role === "god" ? placeGod(ctx, params, me.vision) : placeMortal(ctx, params);
      return placeAt(seat, kind, cell);
    }
    case "guessing": {
      if (view.guessed[seat]) return null;
      if (me.role === "mortal") return { type: "guess", seat, guess: { image: guessVision(ctx, params) } };
      const named = guessMortal(ctx, params, me.vision);
      return { type: "guess", seat, guess: { colour: view.colours[named] as Colour } };
    }
    case "reveal":
      return view.ready[seat] ? null : { type: "ready", seat };
    case "over":
      return null;
  }
}

export function placeAt(seat: number, kind: StarKind, cell: number): DreamsAction {
  const { x, y } = cellCentre(cell);
  return { type: "place_star", seat, kind, x, y };
}
