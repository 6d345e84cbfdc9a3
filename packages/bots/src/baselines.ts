import type { Colour, DreamsAction, ImageNumber, StarKind } from "@firmament/dreams";
import { type Bot, type BotInput, placeAt } from "./bot";
import { context } from "./context";
import { LEVELS, type Params } from "./levels";
import { CELLS, cellCentre, KINDS, kindIndex, type StarInfo } from "./model";
import { guessMortal, guessVision } from "./place";

/**
 * Fixed reference players for the arena (not for real tables):
 * - "random": stars on uniformly random free spots, random kinds, random guesses.
 * - "peak": as a god, always on the vision's most salient free spot for its star; as the mortal, a
 *   copier who puts each star next to a star someone else placed. Guesses like a novice, but greedy.
 */
export type Baseline = "random" | "peak";

const GREEDY: Params = { ...LEVELS.novice, guessTau: 0, modelBeta: 3, detectBeta: 1 };

export function createBaseline(kind: Baseline, seed: string): Bot {
  return { decide: (input) => (kind === "random" ? randomAction(input, seed) : peakAction(input, seed)) };
}

function randomAction(input: BotInput, seed: string): DreamsAction | null {
  const ctx = context(input, seed, 0.05);
  if (!ctx) return null;
  const { view, me, random } = ctx;
  const seat = me.seat;
  switch (view.phase) {
    case "placing": {
      if (view.turn !== seat || me.starsLeft.length === 0) return null;
      const kind = me.starsLeft[Math.floor(random() * me.starsLeft.length)] as StarKind;
      const free = freeCells(ctx.stars);
      return placeAt(seat, kind, free[Math.floor(random() * free.length)] as number);
    }
    case "guessing": {
      if (view.guessed[seat]) return null;
      if (me.role === "mortal")
        return { type: "guess", seat, guess: { image: (1 + Math.floor(random() * 4)) as ImageNumber } };
      const others = view.colours.filter((_, s) => s !== seat);
      return {
        type: "guess",
        seat,
        guess: { colour: others[Math.floor(random() * others.length)] as Colour },
      };
    }
    case "reveal":
      return view.ready[seat] ? null : { type: "ready", seat };
    case "over":
      return null;
  }
}

function freeCells(stars: readonly StarInfo[]): number[] {
  const blocked = new Uint8Array(CELLS);
  for (const s of stars) for (const c of s.blocks) blocked[c] = 1;
  const out: number[] = [];
  for (let c = 0; c < CELLS; c++) if (!blocked[c]) out.push(c);
  return out;
}

function peakAction(input: BotInput, seed: string): DreamsAction | null {
  const ctx = context(input, seed, GREEDY.alpha);
  if (!ctx) return null;
  const { view, me, random } = ctx;
  const seat = me.seat;
  switch (view.phase) {
    case "placing": {
      if (view.turn !== seat || me.starsLeft.length === 0) return null;
      const free = freeCells(ctx.stars);
      const kinds = KINDS.filter((k) => me.starsLeft.includes(k));
      if (me.role === "god") {
        const card = ctx.cards[me.vision - 1];
        let best = { w: -1, cell: free[0] as number, kind: kinds[0] as StarKind };
        for (const kind of kinds) {
          const w = card?.base[kindIndex(kind)] as Float64Array;
          for (const c of free) if ((w[c] as number) > best.w) best = { w: w[c] as number, cell: c, kind };
        }
        return placeAt(seat, best.kind, best.cell);
      }
      const kind = kinds[Math.floor(random() * kinds.length)] as StarKind;
      const theirs = ctx.stars.filter((s) => s.seat !== seat);
      if (theirs.length === 0) return placeAt(seat, kind, free[Math.floor(random() * free.length)] as number);
      const target = theirs[Math.floor(random() * theirs.length)] as StarInfo;
      let best = { d: Number.POSITIVE_INFINITY, cell: free[0] as number };
      for (const c of free) {
        const { x, y } = cellCentre(c);
        const d = (x - target.x) ** 2 + ((y - target.y) * 1.5) ** 2;
        if (d < best.d) best = { d, cell: c };
      }
      return placeAt(seat, kind, best.cell);
    }
    case "guessing": {
      if (view.guessed[seat]) return null;
      if (me.role === "mortal") return { type: "guess", seat, guess: { image: guessVision(ctx, GREEDY) } };
      const named = guessMortal(ctx, GREEDY, me.vision);
      return { type: "guess", seat, guess: { colour: view.colours[named] as Colour } };
    }
    case "reveal":
      return view.ready[seat] ? null : { type: "ready", seat };
    case "over":
      return null;
  }
}
