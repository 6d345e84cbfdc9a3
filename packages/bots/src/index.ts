export { type Baseline, createBaseline } from "./baselines";
export {
  BOT_LEVELS,
  type Bot,
  type BotInput,
  type BotLevel,
  type BotOptions,
  botWithParams,
  createBot,
  LEVELS,
  type Params,
} from "./bot";
export {
  EXPLAINING_LEVEL,
  explainStars,
  type RoundBeliefs,
  type SeatBelief,
  type StarsOnly,
} from "./explain";
export { syntheticDeck, syntheticDetail } from "./synthetic";
