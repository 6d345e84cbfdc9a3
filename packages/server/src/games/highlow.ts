import { createHash } from "node:crypto";
import {
  createHighLowBot,
  type HighLowAction,
  type HighLowView,
  highlow,
  highlowRecorder,
} from "@firmament/highlow";
import type { BotLevel } from "@firmament/protocol";
import { z } from "zod";
import type { SeatBot, ServerGame } from "./types";

/**
 * High-Low on the server: a test fixture (packages/highlow), hosted only when the server is started with
 * it (`FIXTURE_GAMES=highlow`). Two seats, no deck, no tutorial; every bot level is the one bisecting bot.
 */
export const highlowGame: ServerGame = {
  kind: "highlow",
  rules: highlow,
  title: "High-Low",
  fixture: true,
  usesDeck: false,
  tableOptions: { seats: z.literal(highlow.seats.max).default(highlow.seats.max) },
  vocabularyCodes: new Set(),
  readyPhases: new Set(),
  setupFor: () => ({}),
  recorder: highlowRecorder,
  // High-Low is played without cards
  deckTag: () => "none",
  bot: createHighLowSeatBot,
};

/** The bot for a High-Low seat; if it fails or proposes an illegal action, a seeded legal number instead. */
export function createHighLowSeatBot(
  _level: BotLevel,
  seed: string,
  _deck: unknown,
  onFailure: (reason: unknown) => void = () => undefined,
): SeatBot {
  const bot = createHighLowBot(seed);
  return {
    decide(input) {
      const view = input as HighLowView;
      try {
        const action = bot.decide(view);
        if (action && highlow.checkAction(view, action) === null) return action;
        if (action) onFailure(`illegal action ${JSON.stringify(action)}`);
      } catch (error) {
        onFailure(error);
      }
      return highLowFallback(view, seed);
    },
  };
}

/** A legal move from the view only: a number in the allowed range drawn from the seed and the move count. */
export function highLowFallback(view: HighLowView, seed: string): HighLowAction | null {
  const legal = highlow.legalActions(view)[0];
  if (!legal) return null;
  const draw = createHash("sha256").update(`${seed}:${view.guesses.length}`).digest().readUInt32BE(0);
  return { type: legal.type, seat: legal.seat, number: legal.min + (draw % (legal.max - legal.min + 1)) };
}
