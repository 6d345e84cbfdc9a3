import {
  dreamers,
  mulberry32,
  randomLegalAction as randomDreamersAction,
  testSeed,
} from "@firmament/dreamers";
import { beforeAll, describe, expect, it } from "vitest";
import { foldPush } from "../fold";
import { loadPlay } from "../registry";
import type { EventsPush, ViewPush } from "../types";

describe("foldPush", () => {
  beforeAll(() => loadPlay("dreamers"));

  it("folds Dreamers events for a spectator", () => {
    const created = dreamers.setup({}, testSeed(mulberry32(3)));
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    let push = {
      match: 2,
      game: 2,
      version: 0,
      view: dreamers.view(state, "spectator"),
      events: [],
      deadline: null,
      now: 0,
    } as ViewPush;
    const random = mulberry32(4);
    for (let version = 1; version <= 60 && state.phase !== "over"; version++) {
      const applied = dreamers.apply(state, randomDreamersAction(state, random));
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
      const events = applied.value.events.map((e) => dreamers.viewEvent(e, "spectator"));
      push = foldPush(push, {
        match: 2,
        game: 2,
        version,
        events,
        deadline: null,
        now: 0,
      } as EventsPush) as ViewPush;
      expect(push.view).toEqual(dreamers.view(state, "spectator"));
    }
  });

  it("refuses events that do not follow on from the view it has (another match, or a version missed)", () => {
    const created = dreamers.setup({}, testSeed(mulberry32(3)));
    if (!created.ok) throw new Error(created.error.message);
    const push = {
      match: 2,
      game: 2,
      version: 4,
      view: dreamers.view(created.value, 0),
      events: [],
      deadline: null,
      now: 0,
    } as ViewPush;
    const update = (match: number, version: number) =>
      ({ match, game: match, version, events: [], deadline: null, now: 0 }) as EventsPush;
    expect(foldPush(push, update(2, 6))).toBeNull();
    expect(foldPush(push, update(3, 5))).toBeNull();
    expect(foldPush(push, update(2, 5))?.version).toBe(5);
  });
});
