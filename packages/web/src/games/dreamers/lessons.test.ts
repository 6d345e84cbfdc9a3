import {
  createGame as createDreamers,
  view as dreamersView,
  mulberry32,
  testSeed,
} from "@firmament/dreamers";
import { describe, expect, it } from "vitest";
import { dreamersLessons } from "./lessons";

describe("guided first game: which lesson fits the moment", () => {
  it("Dreamers: identity and the Nightmare, and declaring for the first player only", () => {
    const made = createDreamers({}, testSeed(mulberry32(11)));
    if (!made.ok) throw new Error(made.error.message);
    const first = made.value.round.first;
    const lead = dreamersLessons(dreamersView(made.value, first), new Set()).map((l) => l.id);
    expect(lead).toEqual(["identity", "nightmare", "declare"]);
    const follow = dreamersLessons(dreamersView(made.value, 1 - first), new Set()).map((l) => l.id);
    expect(follow).toEqual(["identity", "nightmare"]);
  });
});
