import { fold as foldDreamers } from "@firmament/dreamers";
import { foldDreams } from "./dreams/fold";
import type { EventsPush, GameKind, GameTypes, ViewPush } from "./types";

type Folds = {
  [K in GameKind]: (view: GameTypes[K]["view"], event: GameTypes[K]["event"]) => GameTypes[K]["view"];
};

/** Each game's pure fold of one event (as this viewer sees it) into the view the server sent. */
const FOLDS: Folds = { dreams: foldDreams, dreamers: foldDreamers };

/**
 * The `view` push the server would have sent after an `events` push (docs/protocol.md), or null if
 * the events do not follow on from `push` (another match, or a version missed): then ask for a whole view.
 */
export function foldPush(push: ViewPush, update: EventsPush): ViewPush | null {
  if (update.match !== push.match || update.version !== push.version + 1) return null;
  const fold = FOLDS[push.view.game] as (view: unknown, event: unknown) => ViewPush["view"];
  let view = push.view;
  for (const event of update.events) view = fold(view, event);
  return {
    ...push,
    version: update.version,
    view,
    events: update.events,
    deadline: update.deadline,
    now: update.now,
  } as ViewPush;
}
