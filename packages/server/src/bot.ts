import { createHash } from "node:crypto";
import * as bots from "@firmament/bots";
import { checkAction, type DreamsAction, type DreamsView, legalActions } from "@firmament/engine";
import type { BotLevel } from "./protocol";

/** A bot playing one seat. It sees only that seat's view and the cards' detail maps. */
export interface SeatBot {
  decide(view: DreamsView): DreamsAction | null;
}

interface BotsModule {
  createBot?: (options: { level: unknown; seed: string }) => {
    decide(input: { view: DreamsView; detail: unknown }): DreamsAction | null;
  };
  BOT_LEVELS?: readonly unknown[];
}

/** A bot's seed: derived from a server-only secret, the game and the seat (never sent to anyone). */
export function botSeed(secret: string, game: number, seat: number): string {
  return createHash("sha256").update(`bot:${secret}:${game}:${seat}`).digest("hex");
}

/**
 * Creates the bot for a seat: @firmament/bots when available, else a fallback that plays legal,
 * plausible moves. `detailFor` gives the detail maps of the cards on the table.
 */
export function createSeatBot(
  level: BotLevel,
  seed: string,
  detailFor: (cards: readonly string[]) => unknown,
): SeatBot {
  const mod = bots as unknown as BotsModule;
  if (typeof mod.createBot === "function") {
    const bot = mod.createBot({ level: mapLevel(level, mod.BOT_LEVELS), seed });
    return { decide: (view) => bot.decide({ view, detail: detailFor(view.cards) }) };
  }
  return fallbackBot(seed);
}

function mapLevel(level: BotLevel, known: readonly unknown[] | undefined): unknown {
  if (!known || known.length === 0) return level;
  if (known.includes(level)) return level;
  const index =
    level === "easy" ? 0 : level === "medium" ? Math.floor((known.length - 1) / 2) : known.length - 1;
  return known[index];
}

/** Legal moves from the view only: a star near a random spot, a random legal guess, ready. */
export function fallbackBot(seed: string): SeatBot {
  let counter = 0;
  const random = () => {
    const h = createHash("sha256").update(`${seed}:${counter++}`).digest();
    return h.readUInt32BE(0) / 2 ** 32;
  };
  return {
    decide(view) {
      const options = legalActions(view);
      const option = options[0];
      if (!option) return null;
      switch (option.type) {
        case "place_star": {
          const kind = option.kinds[Math.floor(random() * option.kinds.length)] ?? option.kinds[0];
          if (!kind) return null;
          for (let tries = 0; tries < 200; tries++) {
            const action: DreamsAction = {
              type: "place_star",
              seat: option.seat,
              kind,
              x: 0.05 + random() * 0.9,
              y: 0.05 + random() * 0.9,
            };
            if (checkAction(view, action) === null) return action;
          }
          return null;
        }
        case "guess": {
          const guess = option.guesses[Math.floor(random() * option.guesses.length)];
          return guess ? { type: "guess", seat: option.seat, guess } : null;
        }
        case "ready":
          return { type: "ready", seat: option.seat };
      }
    },
  };
}
