export { type Baseline, createBaseline } from "./baselines";
export {
  type Bot,
  type BotInput,
  type BotLevel,
  type BotOptions,
  botWithParams,
  createBot,
  LEVELS,
  type Params,
} from "./bot";
export { syntheticDeck, syntheticDetail } from "./synthetic";
