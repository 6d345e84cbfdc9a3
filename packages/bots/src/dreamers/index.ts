/** Dreamers bots: `import { createDreamersBot } from "@firmament/bots/dreamers"`. */

export { createDreamersBaseline, DREAMERS_BASELINES, type DreamersBaseline } from "./baselines";
export {
  createDreamersBot,
  DREAMERS_BOT_LEVELS,
  DREAMERS_LEVELS,
  type DreamersBot,
  type DreamersBotLevel,
  type DreamersBotOptions,
  type DreamersPlayer,
  playerBot,
} from "./bot";
export { explainTurns, type PublicTurns, type TurnBeliefs } from "./explain";
