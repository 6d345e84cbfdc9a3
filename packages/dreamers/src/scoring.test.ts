import { describe, expect, it } from "vitest";
import { missRound, must, newGame, readyBoth, rig } from "../test/helpers";
import { verifyCommitment } from "./commitment";
import { SKULL_CARD } from "./decks";
import { leaders, scoreRound } from "./scoring";
import type { DreamersState, Identity, Seat } from "./types";
import { view } from "./view";

/** Seat 0 first, holding the cards to open three gates with seat 1 over turns 1–3. */
function threeGates(state: DreamersState, identities: [Identity, Identity]): DreamersState {
  let next = rig(state, {
    first: 0,
    identities,
    hands: [
      ["dream-1a", "dream-2a", "dream-3a"],
      ["dream-9a", "dream-8a", "dream-10a"],
    ],
    nightmares: ["nightmare-10", "nightmare-11", "nightmare-12"],
  });
  next = must(next, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" });
  next = must(must(next, { type: "play_dream", seat: 1, card: "dream-9a" }), { type: "end_turn", seat: 0 });
  next = must(next, { type: "play_dream", seat: 1, card: "dream-8a", declaration: "close" });
  next = must(must(next, { type: "play_dream", seat: 0, card: "dream-3a" }), { type: "end_turn", seat: 1 });
  next = must(next, { type: "play_dream", seat: 0, card: "dream-2a", declaration: "far" });
  return must(next, { type: "play_dream", seat: 1, card: "dream-10a" });
}

/** Seat `accuser` first with the skull, accusing at the end of turn 1. */
function accusation(state: DreamersState, identities: [Identity, Identity], accuser: Seat): DreamersState {
  const hands: [string[], string[]] = [[], []];
  hands[accuser] = ["dream-1a", SKULL_CARD, "dream-3a"];
  hands[1 - accuser] = ["dream-9a", "dream-8a", "dream-10a"];
  let next = rig(state, { first: accuser, identities, hands, nightmares: ["nightmare-16"] });
  next = must(next, { type: "play_dream", seat: accuser, card: "dream-1a", declaration: "far" });
  next = must(next, { type: "play_dream", seat: 1 - accuser, card: "dream-8a" });
  return must(next, { type: "accuse", seat: accuser });
}

/** A round where no gate opens until the Dream deck runs out. */
function exhausted(state: DreamersState, identities: [Identity, Identity]): DreamersState {
  const round = state.round;
  return missRound(
    rig(state, {
      first: round.first,
      identities,
      hands: [round.hands[0].slice(), round.hands[1].slice()],
      nightmares: [round.nightmare as string],
    }),
  );
}

describe("scoring a round, played", () => {
  const start = newGame(17);

  it("both Dreamers open three gates: both +2", () => {
    const done = threeGates(start, ["dreamer", "dreamer"]);
    expect(done.phase).toBe("round_over");
    expect(done.scores).toEqual([2, 2]);
    expect(done.round.result?.scoring.map((s) => s.reasons)).toEqual([
      ["dreamers_opened_gates"],
      ["dreamers_opened_gates"],
    ]);
  });

  it("a Dreamer opens three gates against the Master: the Dreamer +3", () => {
    expect(threeGates(start, ["dreamer", "master"]).scores).toEqual([3, 0]);
    expect(threeGates(start, ["master", "dreamer"]).scores).toEqual([0, 3]);
  });

  it("a Dreamer accuses the Master: +2", () => {
    expect(accusation(start, ["dreamer", "master"], 0).scores).toEqual([2, 0]);
    expect(accusation(start, ["master", "dreamer"], 1).scores).toEqual([0, 2]);
  });

  it("a Dreamer accuses a Dreamer: the accuser −1, even from zero", () => {
    const done = accusation(start, ["dreamer", "dreamer"], 1);
    expect(done.scores).toEqual([0, -1]);
    expect(done.round.result?.end).toBe("accusation");
  });

  it("the Master keeps the gates from all opening: the Master +2", () => {
    const done = exhausted(start, ["master", "dreamer"]);
    expect(done.round.result?.end).toBe("exhausted");
    expect(done.scores).toEqual([2, 0]);
    expect(done.round.result?.scoring[0].reasons).toEqual(["master_kept_gates"]);
  });

  it("two Dreamers fail to open three gates: nobody scores", () => {
    const done = exhausted(start, ["dreamer", "dreamer"]);
    expect(done.scores).toEqual([0, 0]);
    expect(done.round.result?.scoring.map((s) => s.reasons)).toEqual([[], []]);
  });

  it("reveals both identities, the unused card and the salt, and the commitment checks out", () => {
    const done = accusation(start, ["master", "dreamer"], 1);
    const result = done.round.result;
    expect(result?.secret).toEqual({
      round: 1,
      identities: ["master", "dreamer"],
      unused: "dreamer",
      salt: start.round.salt,
    });
    expect(result && verifyCommitment(done.round.commitment, result.secret)).toBe(true);
    expect(view(done, "spectator").result).toEqual(result);
    expect(view(done, "spectator").results).toEqual([result]);
  });
});

describe("scoreRound", () => {
  it("scores every line of docs/rules.md (Dreamers)", () => {
    const points = (
      identities: [Identity, Identity],
      end: "gates" | "accusation" | "exhausted",
      accuser: Seat | null,
    ) => scoreRound(identities, end, end === "gates" ? 3 : 1, accuser).map((s) => s.points);
    expect(points(["dreamer", "dreamer"], "gates", null)).toEqual([2, 2]);
    expect(points(["master", "dreamer"], "gates", null)).toEqual([0, 3]);
    expect(points(["dreamer", "master"], "accusation", 0)).toEqual([2, 0]);
    expect(points(["dreamer", "dreamer"], "accusation", 0)).toEqual([-1, 0]);
    expect(points(["dreamer", "master"], "exhausted", null)).toEqual([0, 2]);
    expect(points(["dreamer", "dreamer"], "exhausted", null)).toEqual([0, 0]);
  });

  it("names the leaders, both on a tie", () => {
    expect(leaders([3, 1])).toEqual([0]);
    expect(leaders([-1, 0])).toEqual([1]);
    expect(leaders([2, 2])).toEqual([0, 1]);
  });
});

describe("the game's end", () => {
  /** Plays `count` rounds with `play`, readying in between; returns the state after the last round. */
  function rounds(state: DreamersState, plays: Array<(s: DreamersState) => DreamersState>): DreamersState {
    let next = state;
    for (const [index, play] of plays.entries()) {
      if (index > 0) next = readyBoth(next);
      next = play(next);
    }
    return next;
  }
  const nobody = (s: DreamersState) => exhausted(s, ["dreamer", "dreamer"]);

  it("ends after 5 rounds when the scores differ; later rounds alternate the starting player", () => {
    const start = newGame(30);
    const starters: Seat[] = [];
    const done = rounds(start, [
      ...Array.from({ length: 4 }, () => (s: DreamersState) => {
        starters.push(s.round.starter);
        return nobody(s);
      }),
      (s) => {
        starters.push(s.round.starter);
        return exhausted(s, ["master", "dreamer"]);
      },
    ]);
    const first = start.round.starter;
    expect(starters).toEqual([first, 1 - first, first, 1 - first, first]);
    expect(done.phase).toBe("over");
    expect(done.winners).toEqual([0]);
    expect(done.scores).toEqual([2, 0]);
    expect(done.results).toHaveLength(5);
    expect(view(done, 1).rounds).toBe(5);
    expect(view(done, 1).awaiting).toEqual([]);
  });

  it("plays a sixth round after a tie, which can break it", () => {
    const tied = rounds(
      newGame(31),
      Array.from({ length: 5 }, () => nobody),
    );
    expect(tied.phase).toBe("round_over");
    expect(view(tied, "spectator").rounds).toBe(6);
    const sixth = readyBoth(tied);
    expect(sixth.round.number).toBe(6);
    expect(view(sixth, 0).rounds).toBe(6);
    const done = exhausted(sixth, ["dreamer", "master"]);
    expect(done.phase).toBe("over");
    expect(done.winners).toEqual([1]);
  });

  it("lets both win when still tied after the sixth round", () => {
    const done = rounds(newGame(32), [
      nobody,
      (s) => threeGates(s, ["dreamer", "master"]),
      (s) => threeGates(s, ["master", "dreamer"]),
      nobody,
      nobody,
      nobody,
    ]);
    expect(done.scores).toEqual([3, 3]);
    expect(done.phase).toBe("over");
    expect(done.winners).toEqual([0, 1]);
    expect(done.results).toHaveLength(6);
  });
});
