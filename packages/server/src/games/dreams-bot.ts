import { createHash } from "node:crypto";
import { type BotLevel as BotsLevel, createBot } from "@firmament/bots";
import type { DetailMap } from "@firmament/cards";
import { checkAction, type DreamsAction, type DreamsView, legalActions } from "@firmament/dreams";
import type { BotLevel } from "@firmament/protocol";

/** A bot playing one seat. It sees only that seat's view and the cards' detail maps. */
export interface SeatBot {
  decide(view: DreamsView): DreamsAction | null;
}

/** The protocol's levels mapped onto @firmament/bots' levels, weakest to strongest. */
const LEVEL: Record<BotLevel, BotsLevel> = { easy: "novice", medium: "adept", hard: "oracle" };

/** A bot's seed: derived from a server-only secret, the game and the seat (never sent to anyone). */
export function botSeed(secret: string, game: number, seat: number): string {
  return createHash("sha256").update(`bot:${secret}:${game}:${seat}`).digest("hex");
}

/**
 * Creates the bot for a seat from @firmament/bots. Should it ever fail or propose an illegal action,
 * a fallback that plays legal, plausible moves from the same view takes that turn, so a table never
 * stalls. `detail` gives a card's detail map; `onFailure` hears why the real bot could not move.
 */
export function createSeatBot(
  level: BotLevel,
  seed: string,
  detail: (cardId: string) => DetailMap,
  onFailure: (reason: unknown) => void = () => undefined,
): SeatBot {
  const bot = createBot({ level: LEVEL[level], seed });
  const fallback = fallbackBot(seed);
  return {
    decide(view) {
      try {
        const action = bot.decide({ view, detail });
        if (action && checkAction(view, action) === null) return action;
        onFailure(action ? `illegal action ${JSON.stringify(action)}` : "no action");
      } catch (error) {
        onFailure(error);
      }
      return fallback.decide(view);
    },
  };
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
