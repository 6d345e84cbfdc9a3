import { fold } from "@firmament/dreamers";
import type { GamePlay } from "../record";
import { DreamersBeliefs } from "./Beliefs";
import DreamersReplay from "./DreamersReplay";
import DreamersScreen from "./DreamersScreen";
import { DREAMERS_LESSONS, dreamersLessons } from "./lessons";

/** Dreamers' table, replay, fold, beliefs and lessons: one chunk, loaded when a table of Dreamers needs it. */
export const play: GamePlay<"dreamers"> = {
  Screen: DreamersScreen,
  Replay: DreamersReplay,
  fold,
  Beliefs: DreamersBeliefs,
  beliefStep: (view) => view.history.length,
  lessons: { order: DREAMERS_LESSONS, fitting: dreamersLessons },
};
