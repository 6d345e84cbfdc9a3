import type { GamePlay } from "../record";
import { DreamsBeliefs } from "./Beliefs";
import DreamsReplay from "./DreamsReplay";
import DreamsScreen from "./DreamsScreen";
import { foldDreams } from "./fold";
import { DREAMS_LESSONS, dreamsLessons } from "./lessons";

/** Dreams' table, replay, fold, beliefs and lessons: one chunk, loaded when a table of Dreams needs it. */
export const play: GamePlay<"dreams"> = {
  Screen: DreamsScreen,
  Replay: DreamsReplay,
  fold: foldDreams,
  Beliefs: DreamsBeliefs,
  beliefStep: (view) => view.stars.length,
  lessons: { order: DREAMS_LESSONS, fitting: dreamsLessons },
};
