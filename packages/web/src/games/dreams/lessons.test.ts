import {
  apply,
  createGame,
  type DreamsState,
  mulberry32,
  randomLegalAction,
  testSeed,
  view,
} from "@firmament/dreams";
import { describe, expect, it } from "vitest";
import { nextLesson } from "../../guide/lessons";
import { dreamsLessons } from "./lessons";

const deck = Array.from({ length: 96 }, (_, i) => `card-${i}`);

function dreamsGame(seed: string): DreamsState {
  const made = createGame({ colours: ["red", "blue", "green"], deck, seed });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

describe("guided first game: which lesson fits the moment", () => {
  it("Dreams: the role first, then placing on the dealer's turn, then nothing until it fits", () => {
    const state = dreamsGame(testSeed(mulberry32(7)));
    const dealer = state.round.dealer;
    const seen = new Set<string>();
    const mine = dreamsLessons(view(state, dealer), seen);
    expect(mine.map((l) => l.id)).toEqual(["role", "place"]);
    // Both god lessons name the vision, so the text never shows a bare placeholder.
    const me = view(state, dealer).me;
    const vision = me?.role === "god" ? me.vision : undefined;
    expect(vision).toBeDefined();
    for (const lesson of mine) expect(lesson.values).toEqual({ vision });
    expect(nextLesson(mine, seen)?.id).toBe("role");
    seen.add("role");
    expect(nextLesson(mine, seen)?.id).toBe("place");
    const other = (dealer + 1) % 3;
    // Not their turn: no "place" lesson, and no faint marks to explain before anyone else placed.
    const theirs = dreamsLessons(view(state, other), new Set(["role"])).map((l) => l.id);
    expect(theirs).not.toContain("place");
    expect(theirs).not.toContain("marks");
    expect(dreamsLessons(view(state, "spectator"), seen)).toEqual([]);
  });

  it("Dreams: the faint marks once another player's star is down, guessing, then the reveal", () => {
    let state = dreamsGame(testSeed(mulberry32(8)));
    const random = mulberry32(3);
    const me = (state.round.dealer + 2) % 3;
    const ids = new Set<string>();
    while (state.phase !== "reveal") {
      for (const l of dreamsLessons(view(state, me), new Set())) ids.add(l.id);
      const action = randomLegalAction(state, random);
      const next = action && apply(state, action);
      if (!next?.ok) throw new Error("refused");
      state = next.value.state;
    }
    for (const l of dreamsLessons(view(state, me), new Set())) ids.add(l.id);
    expect(ids.has(state.round.mortal === me ? "guessImage" : "guess")).toBe(true);
    expect([...ids]).toEqual(expect.arrayContaining(["role", "marks", "place", "reveal"]));
    // the finish comes only after round 2's reveal
    expect(dreamsLessons(view(state, me), new Set(["reveal"])).map((l) => l.id)).not.toContain("finish");
  });
});
