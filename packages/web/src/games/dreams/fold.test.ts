import type { DreamsTableView } from "@firmament/dreams";
import {
  COLOURS,
  createGame,
  dreams,
  mulberry32,
  randomLegalAction,
  revealedSecret,
  testSeed,
} from "@firmament/dreams";
import { beforeAll, describe, expect, it } from "vitest";
import { foldPush } from "../fold";
import { loadPlay } from "../registry";
import type { EventsPush, ViewPush } from "../types";

const DECK = Array.from({ length: 96 }, (_, i) => `card-${i}`);

describe("foldPush", () => {
  beforeAll(() => loadPlay("dreams"));

  it("folds a whole Dreams game's events into the views the server would send, revealed secrets included", () => {
    const created = createGame({ colours: COLOURS.slice(0, 4), deck: DECK, seed: testSeed(mulberry32(5)) });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    const revealed: ReturnType<typeof revealedSecret>[] = [];
    const server = (version: number): ViewPush => ({
      match: 1,
      game: 1,
      version,
      view: { ...dreams.view(state, 2), revealed: revealed.slice() } as DreamsTableView,
      events: [],
      deadline: null,
      now: 0,
    });
    let push = server(0);
    const random = mulberry32(9);
    for (let version = 1; state.phase !== "over"; version++) {
      const applied = dreams.apply(state, randomLegalAction(state, random));
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
      for (const e of applied.value.events)
        if (e.type === "round_revealed") revealed.push(revealedSecret(e.result.secret));
      const events = applied.value.events.map((e) => dreams.viewEvent(e, 2));
      const update = { match: 1, game: 1, version, events, deadline: null, now: version } as EventsPush;
      const next = foldPush(push, update);
      expect(next?.view).toEqual(server(version).view);
      expect(next?.events).toEqual(events);
      push = next as ViewPush;
    }
    expect(push.view.phase).toBe("over");
  });
});
