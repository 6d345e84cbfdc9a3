import { describe, expect, it } from "vitest";
import { chosen, gameWithFirst, must, mustWithEvents } from "../test/helpers";
import type { HighLowEvent, Viewer } from "./types";
import { view, viewEvent } from "./view";

const VIEWERS: Viewer[] = [0, 1, "spectator"];

describe("views", () => {
  const initial = gameWithFirst(0);
  const once = must(initial, { type: "choose", seat: 0, number: 17 });
  const playing = chosen(initial, [17, 33]);

  it("show a seat its own number only, and everyone who has chosen", () => {
    expect(view(once, 0)).toMatchObject({ mine: 17, chosen: [true, false], awaiting: [1], secret: null });
    expect(view(once, 1)).toMatchObject({ mine: null, chosen: [true, false], awaiting: [1] });
    expect(view(once, "spectator").mine).toBeNull();
    for (const viewer of [1, "spectator"] as Viewer[])
      expect(JSON.stringify(view(once, viewer))).not.toMatch(/17/);
  });

  it("publish the commitment to everyone, never the salt or the other number before the end", () => {
    for (const viewer of VIEWERS) {
      const seen = view(playing, viewer);
      expect(seen).toMatchObject({
        phase: "guessing",
        commitment: playing.commitment,
        secret: null,
        round: 1,
      });
      const text = JSON.stringify(seen);
      expect(text).not.toContain(playing.salt);
      if (viewer !== 0) expect(text).not.toMatch(/\b17\b/);
      if (viewer !== 1) expect(text).not.toMatch(/\b33\b/);
    }
  });

  it("show the guesses, whose turn it is and each seat's range", () => {
    const next = must(playing, { type: "guess", seat: 0, number: 20 });
    expect(view(next, "spectator")).toMatchObject({
      awaiting: [1],
      guesses: [{ seat: 0, number: 20, answer: "higher" }],
      ranges: [
        { min: 21, max: 50 },
        { min: 1, max: 50 },
      ],
    });
  });

  it("reveal both numbers and the salt to everyone once over", () => {
    const over = must(playing, { type: "guess", seat: 0, number: 33 });
    for (const viewer of VIEWERS)
      expect(view(over, viewer)).toMatchObject({
        phase: "over",
        awaiting: [],
        secret: { numbers: [17, 33], salt: playing.salt },
        winners: [0],
        scores: [1, 0],
      });
  });

  it("share nothing with the state", () => {
    const seen = view(playing, 0);
    seen.guesses.push({ seat: 0, number: 1, answer: "hit" });
    expect(playing.guesses).toEqual([]);
  });
});

describe("viewEvent", () => {
  it("hides a chosen number from everyone but its chooser, and shows the rest as it is", () => {
    const [, events] = mustWithEvents(gameWithFirst(0), { type: "choose", seat: 1, number: 9 });
    const event = events[0] as HighLowEvent;
    expect(viewEvent(event, 1)).toEqual({ type: "number_chosen", seat: 1, number: 9 });
    expect(viewEvent(event, 0)).toEqual({ type: "number_chosen", seat: 1 });
    expect(viewEvent(event, "spectator")).toEqual({ type: "number_chosen", seat: 1 });
    const guessed: HighLowEvent = { type: "guessed", seat: 0, number: 4, answer: "lower" };
    for (const viewer of VIEWERS) expect(viewEvent(guessed, viewer)).toEqual(guessed);
  });
});
