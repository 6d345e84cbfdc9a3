import type { DreamsRoundBeliefs } from "@firmament/dreams";
import { beforeAll, describe, expect, it } from "vitest";
import { loadBeliefStrings, meters, renderBeliefs as render } from "../beliefsTesting";

const uniform = { asMortal: [0.25, 0.25, 0.25, 0.25], asGod: [0, 0.5, 0.5] };
const dreams: DreamsRoundBeliefs = {
  game: "dreams",
  round: 1,
  vision: 2,
  steps: [
    [uniform, { ...uniform, asGod: [0.5, 0, 0.5] }, { ...uniform, asGod: [0.5, 0.5, 0] }],
    [
      { asMortal: [0.1, 0.7, 0.1, 0.1], asGod: [0, 0.2, 0.8] },
      { asMortal: [0.1, 0.6, 0.2, 0.1], asGod: [0.3, 0, 0.7] },
      { asMortal: [0.4, 0.3, 0.2, 0.1], asGod: [0.9, 0.1, 0] },
    ],
  ],
  final: [],
};
dreams.final = dreams.steps[1] ?? [];
const names = ["Ada", "Bruno", "Chiara"];

beforeAll(() => loadBeliefStrings("dreams"));

describe("belief bars", () => {
  it("Dreams: per seat four card meters as mortal and one per other seat as god, named and valued", () => {
    const html = render({
      beliefs: dreams,
      nameOf: (s) => names[s] as string,
      colours: ["red", "blue", "green"],
    });
    const all = meters(html);
    expect(all).toHaveLength(3 * 4 + 3 * 2);
    expect(html).toContain('aria-label="Ada as mortal: the vision would be"');
    expect(html).toContain('aria-label="Chiara as god: the mortal would be"');
    expect(all[1]).toContain('aria-label="Card 2"');
    expect(all[1]).toContain('value="70"');
    expect(all[1]).toContain('aria-valuetext="70 %"');
    // Ada as god: Bruno 20 %, Chiara 80 %; never herself.
    expect(all[4]).toContain('aria-label="Bruno"');
    expect(all[5]).toContain('value="80"');
  });

  it("Dreams: a replay's step shows the beliefs after that many stars", () => {
    const html = render({
      beliefs: dreams,
      step: 0,
      nameOf: (s) => names[s] as string,
      colours: ["red", "blue", "green"],
    });
    expect(html).toContain("Before the first star");
    for (const m of meters(html).filter((m) => m.includes("Card "))) expect(m).toContain('value="25"');
    const later = render({
      beliefs: dreams,
      step: 9,
      nameOf: (s) => names[s] as string,
      colours: ["red", "blue", "green"],
    });
    expect(later).toContain("After star 1 of 1");
  });
});
