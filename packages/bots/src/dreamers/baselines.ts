import { DECLARATIONS, type DreamersAction, type DreamersView, legalActions } from "@firmament/dreamers";
import { DREAMERS_LEVELS, type DreamersBot, type DreamersPlayer, playerBot } from "./bot";
import { decisionRandom } from "./random";

/**
 * Fixed reference players for the arena (not for real tables):
 * - "random": a uniformly random legal action (every card, declaration, modifier option or pass alike);
 * - "honest": an always-cooperating Dreamer, in both identities: as first player the card whose
 *   complement is most often unseen, declared honestly; as second the card that fits the declaration;
 *   a modifier whenever one makes the sum; never accuses;
 * - "blocker": the honest Dreamer when a Dreamer; as the Master it always blocks: far cards as first
 *   player, a card that avoids the declared complement as second, never a modifier.
 */
export const DREAMERS_BASELINES = ["random", "honest", "blocker"] as const;
export type DreamersBaseline = (typeof DREAMERS_BASELINES)[number];

const HONEST_DREAMER: DreamersPlayer["dreamer"] = {
  ...DREAMERS_LEVELS.novice.dreamer,
  temperature: 0,
  declarationNoise: 0,
  skullKeep: 0,
  accuse: "never",
};

export const HONEST: DreamersPlayer = {
  dreamer: HONEST_DREAMER,
  master: DREAMERS_LEVELS.novice.master,
  // It cooperates as the Master too: it plays as the honest Dreamer would.
  masterCooperates: true,
  chooseMaster: 0,
};

export const BLOCKER: DreamersPlayer = {
  dreamer: HONEST_DREAMER,
  master: { ...DREAMERS_LEVELS.novice.master, style: "blunt", noise: 0, lies: 0, temperature: 0 },
  chooseMaster: 1,
};

export function createDreamersBaseline(kind: DreamersBaseline, seed: string): DreamersBot {
  if (kind === "random") return { decide: (view) => randomAction(view, seed) };
  if (kind === "honest") return playerBot(HONEST, seed);
  return playerBot(BLOCKER, seed);
}

function randomAction(view: DreamersView, seed: string): DreamersAction | null {
  const random = decisionRandom(seed, view, "random");
  const actions: DreamersAction[] = [];
  for (const legal of legalActions(view)) {
    switch (legal.type) {
      case "choose_identity":
        for (const identity of legal.identities)
          actions.push({ type: legal.type, seat: legal.seat, identity });
        break;
      case "play_dream":
        for (const card of legal.cards)
          if (legal.declare)
            for (const declaration of DECLARATIONS)
              actions.push({ type: legal.type, seat: legal.seat, card, declaration });
          else actions.push({ type: legal.type, seat: legal.seat, card });
        break;
      case "modify":
        for (const option of legal.options) actions.push({ type: legal.type, seat: legal.seat, ...option });
        break;
      default:
        actions.push({ type: legal.type, seat: legal.seat });
    }
  }
  return actions[Math.floor(random() * actions.length)] ?? null;
}
