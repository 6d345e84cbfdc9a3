import { sha256Hex } from "@firmament/game-kit";
import { legalActions } from "./legal";
import { HIGHEST, type HighLowAction, type HighLowView, LOWEST } from "./types";

/** A bot for one seat, deciding from that seat's view only. */
export interface HighLowBot {
  decide(view: HighLowView): HighLowAction | null;
}

/**
 * The simplest sound player: it hides a number drawn from its seed, then guesses the middle of the
 * range the public answers leave (so it hits within 6 guesses). Deterministic per seed; null when the
 * view's seat has nothing to do.
 */
export function createHighLowBot(seed: string): HighLowBot {
  const span = HIGHEST - LOWEST + 1;
  const hidden = LOWEST + (Number.parseInt(sha256Hex(`highlow-bot|${seed}`).slice(0, 8), 16) % span);
  return {
    decide(view) {
      const legal = legalActions(view)[0];
      if (!legal) return null;
      const number = legal.type === "choose" ? hidden : Math.floor((legal.min + legal.max) / 2);
      return { type: legal.type, seat: legal.seat, number };
    },
  };
}
