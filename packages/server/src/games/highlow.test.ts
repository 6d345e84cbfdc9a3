import { type HighLowState, type HighLowView, highlow, testSeed } from "@firmament/highlow";
import { describe, expect, it } from "vitest";
import { createHighLowSeatBot, highLowFallback } from "./highlow";
import { createTableBody, createTableBodyOf, gameOf, hostedGames } from "./index";

const body = { game: "highlow", visibility: "private", timer: "off" };

/** Plays a whole game with one seat bot per seat, each deciding from its own view; the final state. */
function playOut(decide: (view: HighLowView, seat: number) => unknown): HighLowState {
  const created = highlow.setup(
    {},
    testSeed(() => 0.25),
  );
  if (!created.ok) throw new Error(created.error.code);
  let state = created.value;
  for (let moves = 0; state.phase !== "over"; moves++) {
    expect(moves).toBeLessThan(102);
    const seat = highlow.progress(state).awaiting[0] ?? 0;
    const applied = highlow.apply(state, decide(highlow.view(state, seat), seat));
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
  }
  return state;
}

describe("High-Low, the test fixture, on the server", () => {
  it("is hosted only when named: its tables are refused otherwise, like an unknown game's", () => {
    expect(hostedGames().map((game) => game.kind)).toEqual(["dreams", "dreamers"]);
    expect(hostedGames(["highlow"]).map((game) => game.kind)).toEqual(["dreams", "dreamers", "highlow"]);
    expect(gameOf("highlow")?.fixture).toBe(true);
    expect(createTableBody.safeParse(body).success).toBe(false);
    const withFixture = createTableBodyOf(hostedGames(["highlow"]));
    expect(withFixture.safeParse(body).data).toEqual({ ...body, seats: 2 });
    expect(withFixture.safeParse({ ...body, seats: 3 }).success).toBe(false);
    expect(withFixture.safeParse({ ...body, deck: "standard" }).success).toBe(false);
  });

  it("its bots play a whole game at every level", () => {
    for (const level of ["easy", "medium", "hard"] as const) {
      const failures: unknown[] = [];
      const bots = [0, 1].map((seat) =>
        createHighLowSeatBot(level, `seed-${seat}`, null, (r) => failures.push(r)),
      );
      const final = playOut((view, seat) => bots[seat]?.decide(view));
      expect(final.winners).toHaveLength(1);
      expect(failures).toEqual([]);
    }
  });

  it("the fallback alone also plays legal moves to the end", () => {
    const final = playOut((view, seat) => highLowFallback(view, `fallback-${seat}`));
    expect(highlow.outcome(final)?.winners).toHaveLength(1);
  });
});
