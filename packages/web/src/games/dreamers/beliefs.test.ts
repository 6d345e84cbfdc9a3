import type { DreamersRoundBeliefs } from "@firmament/dreamers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadBeliefStrings, meters, renderBeliefs as render } from "../beliefsTesting";

const dreamers: DreamersRoundBeliefs = {
  game: "dreamers",
  round: 2,
  seats: [
    [0.5, 0.6, 0.9],
    [0.5, 0.4, 0.3],
  ],
};
const names = ["Ada", "Bruno", "Chiara"];

beforeAll(() => loadBeliefStrings("dreamers"));

describe("belief bars", () => {
  it("Dreamers: per seat one meter per turn, up to the replay's step", () => {
    const html = render({ beliefs: dreamers, nameOf: (s) => names[s] as string, colours: [] });
    expect(meters(html)).toHaveLength(6);
    expect(html).toContain('aria-label="Ada, if a Dreamer: the other is the Master of Nightmares"');
    expect(meters(html)[2]).toContain('aria-label="After turn 2"');
    expect(meters(html)[2]).toContain('value="90"');
    const step = render({ beliefs: dreamers, step: 1, nameOf: (s) => names[s] as string, colours: [] });
    expect(meters(step)).toHaveLength(4);
    expect(meters(step)[0]).toContain('aria-label="Before the first turn"');
  });
});
