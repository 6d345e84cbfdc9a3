import { createHash } from "node:crypto";
import { createDreamersBot, type DreamersBotLevel } from "@firmament/bots/dreamers";
import {
  type DreamersAction,
  type DreamersView,
  dreamCard,
  dreamers,
  honestDeclaration,
} from "@firmament/dreamers";
import type { BotLevel } from "@firmament/protocol";
import type { SeatBot } from "./types";

/** The protocol's levels mapped onto @firmament/bots' levels, weakest to strongest. */
const LEVEL: Record<BotLevel, DreamersBotLevel> = { easy: "novice", medium: "adept", hard: "oracle" };

/**
 * The bot for a Dreamers seat from @firmament/bots. Should it ever fail or propose an illegal action,
 * the fallback below takes that turn from the same view, so a table never stalls.
 */
export function createDreamersSeatBot(
  level: BotLevel,
  seed: string,
  _deck: unknown,
  onFailure: (reason: unknown) => void = () => undefined,
): SeatBot {
  const bot = createDreamersBot({ level: LEVEL[level], seed });
  const fallback = dreamersFallbackBot(seed);
  return {
    decide(input) {
      const view = input as DreamersView;
      try {
        const action = bot.decide(view);
        if (action && dreamers.checkAction(view, action) === null) return action;
        onFailure(action ? `illegal action ${JSON.stringify(action)}` : "no action");
      } catch (error) {
        onFailure(error);
      }
      return fallback.decide(view);
    },
  };
}

/** A source of numbers in [0, 1) from a seed, for the fallback's choices. */
function seeded(seed: string): () => number {
  let counter = 0;
  return () => createHash("sha256").update(`${seed}:${counter++}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Legal moves from the view only, for when the real bot fails: a random card declared honestly, the
 * first exact modifier, never an accusation, ready.
 */
export function dreamersFallbackBot(seed: string): SeatBot {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  return {
    decide(input) {
      const view = input as DreamersView;
      const options = dreamers.legalActions(view);
      const has = (type: DreamersAction["type"]) => options.find((o) => o.type === type);
      for (const option of options) {
        const seat = option.seat;
        switch (option.type) {
          case "choose_identity": {
            const identity = pick(option.identities);
            return identity ? { type: "choose_identity", seat, identity } : null;
          }
          case "play_dream": {
            const card = pick(option.cards);
            if (!card) return null;
            if (!option.declare) return { type: "play_dream", seat, card };
            const value = dreamCard(card)?.value ?? 0;
            const declaration = honestDeclaration(value, view.nightmare?.value ?? 0);
            return { type: "play_dream", seat, card, declaration };
          }
          case "modify": {
            const first = option.options[0];
            if (first) return { type: "modify", seat, card: first.card, target: first.target };
            break;
          }
          case "pass":
            return { type: "pass", seat };
          case "accuse":
            if (has("end_turn")) break;
            return { type: "accuse", seat };
          case "end_turn":
            return { type: "end_turn", seat };
          case "ready":
            return { type: "ready", seat };
        }
      }
      return null;
    },
  };
}
