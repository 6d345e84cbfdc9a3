import { createHash } from "node:crypto";
import {
  type DreamersAction,
  type DreamersView,
  dreamCard,
  dreamers,
  honestDeclaration,
} from "@firmament/dreamers";
import type { SeatBot } from "./types";

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
