/**
 * Frame-level leak checks over whole client logs, for tests that play elsewhere (the cluster tests):
 * each frame a client received, checked against the true match rebuilt from the stored log. Dreams'
 * frame rules are leak-check.ts's, shared with leak.test.ts.
 */

import { type DreamersEvent, type DreamersState, dreamers } from "@firmament/dreamers";
import type { Viewer } from "@firmament/dreams";
import type { Viewer as KitViewer } from "@firmament/game-kit";
import type { ActionRow, MatchRow } from "../src/store/types";
import type { PushOf } from "./game-pushes";
import type { Frame } from "./helpers";
import { check, dreamsTruth, type Truth } from "./leak-check";

export { dreamsTruth };

type ViewPush = PushOf<"dreams">;
type DreamersPush = PushOf<"dreamers">;

/** Problems in one client's frames of a Dreams match. */
export function dreamsLeaks(frames: Frame[], viewer: Viewer, truth: Truth): string[] {
  const problems: string[] = [];
  let lastVersion = 0;
  for (const frame of frames) {
    if (frame.event === "view") lastVersion = (frame.payload as ViewPush).version;
    for (const p of check(frame, viewer, truth, lastVersion))
      problems.push(`${frame.event} v${lastVersion}: ${p}`);
  }
  return problems;
}

export interface DreamersTruth {
  seed: string;
  states: DreamersState[];
  events: DreamersEvent[][];
}

/** A stored Dreamers match, replayed. */
export function dreamersTruth(stored: { match: MatchRow; actions: ActionRow[] }): DreamersTruth {
  const created = dreamers.setup(stored.match.setup as never, stored.match.seed);
  if (!created.ok) throw new Error(created.error.code);
  const states: DreamersState[] = [created.value];
  const events: DreamersEvent[][] = [[]];
  for (const row of stored.actions) {
    const applied = dreamers.apply(states.at(-1) as DreamersState, row.action);
    if (!applied.ok) throw new Error(applied.error.code);
    states.push(applied.value.state);
    events.push(applied.value.events);
  }
  return { seed: stored.match.seed, states, events };
}

/** Card ids `viewer` may not see in the state: the decks, and the other player's hand and face-down card. */
function hiddenCards(state: DreamersState, viewer: KitViewer): string[] {
  const round = state.round;
  const hidden = [...round.dreamDeck, ...round.nightmareDeck];
  for (const seat of [0, 1]) if (seat !== viewer) hidden.push(...(round.hands[seat] ?? []));
  // the first player's card lies face down, alone, until the second player plays
  const faceDown = round.plays[0];
  if (state.phase === "second_play" && faceDown && viewer !== round.first) hidden.push(faceDown);
  return hidden;
}

/** What a client's frames show that `viewer` may not know; empty when nothing leaks. */
export function dreamersLeaks(frames: Frame[], viewer: KitViewer, truth: DreamersTruth): string[] {
  const problems: string[] = [];
  let version = 0;
  for (const frame of frames) {
    if (frame.event === "view") {
      const push = frame.payload as DreamersPush;
      version = push.version;
      const state = truth.states[version] as DreamersState;
      // The view is exactly the rules' view for this viewer: the server adds nothing.
      if (JSON.stringify(push.view) !== JSON.stringify(dreamers.view(state, viewer)))
        problems.push(`view ${version} is not the rules' view for ${viewer}`);
      const expected =
        push.events.length === 0
          ? []
          : (truth.events[version] ?? []).map((e) => dreamers.viewEvent(e, viewer));
      if (JSON.stringify(push.events) !== JSON.stringify(expected))
        problems.push(`events of version ${version} differ from the rules' for ${viewer}`);
    }
    const state = truth.states[version] as DreamersState;
    if (frame.json.includes(truth.seed)) problems.push(`${frame.event} contains the seed`);
    if (frame.json.includes(state.rng.key)) problems.push(`${frame.event} contains the generator's key`);
    if (state.round.result === null && state.round.salt !== "" && frame.json.includes(state.round.salt))
      problems.push(`${frame.event} at ${version} contains the salt before the round's end`);
    for (const id of hiddenCards(state, viewer))
      if (frame.json.includes(`"${id}"`))
        problems.push(`${frame.event} at ${version} shows hidden card ${id}`);
  }
  return problems;
}
