import { loadedPlay } from "./registry";
import type { EventsPush, ViewPush } from "./types";

/**
 * The `view` push the server would have sent after an `events` push (docs/protocol.md), or null if
 * the events do not follow on from `push` (another match, or a version missed), or the game's code has
 * not arrived yet (it is asked for at once): then ask for a whole view.
 */
export function foldPush(push: ViewPush, update: EventsPush): ViewPush | null {
  if (update.match !== push.match || update.version !== push.version + 1) return null;
  const play = loadedPlay(push.view.game);
  if (!play) return null;
  const fold = play.fold as (view: unknown, event: unknown) => ViewPush["view"];
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
