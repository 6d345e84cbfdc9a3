import { fold } from "@firmament/highlow";
import type { GamePlay } from "../record";
import { HighLowReplay, HighLowScreen } from "./HighLowTable";

/** High-Low's table, replay and fold; it has no bot beliefs and no guided game. */
export const play: GamePlay<"highlow"> = {
  Screen: HighLowScreen,
  Replay: HighLowReplay,
  fold,
  Beliefs: () => null,
  beliefStep: (view) => view.guesses.length,
  lessons: { order: [], fitting: () => [] },
};
