import { describe, expect, it } from "vitest";
import { must, newGame, rig } from "../test/helpers";
import { SKULL_CARD } from "./decks";
import { checkAction, legalActions } from "./legal";
import type { DreamersState, Identity } from "./types";
import { view } from "./view";

function table(
  identities: [Identity, Identity],
  hands: [string[], string[]],
  nightmare: string,
): DreamersState {
  return rig(newGame(5), { first: 0, identities, hands, nightmares: [nightmare] });
}

/** Both hands of the rigged turn both suites start from. */
const HANDS: [string[], string[]] = [
  ["dream-4a", "dream-6a", SKULL_CARD],
  ["dream-4b", "dream-1a", "dream-3a"],
];

describe("legalActions", () => {
  const state = table(["dreamer", "dreamer"], HANDS, "nightmare-10");

  it("offers the awaited player their plays, the first with a declaration; nothing to others", () => {
    expect(legalActions(view(state, 0))).toEqual([
      { type: "play_dream", seat: 0, cards: ["dream-4a", "dream-6a", SKULL_CARD], declare: true },
    ]);
    expect(legalActions(view(state, 1))).toEqual([]);
    expect(legalActions(view(state, "spectator"))).toEqual([]);
    const second = must(state, { type: "play_dream", seat: 0, card: "dream-4a", declaration: "close" });
    expect(legalActions(view(second, 1))).toEqual([
      { type: "play_dream", seat: 1, cards: ["dream-4b", "dream-1a", "dream-3a"], declare: false },
    ]);
    expect(legalActions(view(second, 0))).toEqual([]);
  });

  it("offers exactly the modifiers that make the sum exact, never the skull, and always pass", () => {
    const turned = must(
      must(state, { type: "play_dream", seat: 0, card: "dream-4a", declaration: "close" }),
      { type: "play_dream", seat: 1, card: "dream-4b" },
    );
    // 4 + 4 = 8, N = 10: dream-6a (+2) fits either card; the skull never.
    expect(legalActions(view(turned, 0))).toEqual([
      {
        type: "modify",
        seat: 0,
        options: [
          { card: "dream-6a", target: "first" },
          { card: "dream-6a", target: "second" },
        ],
      },
      { type: "pass", seat: 0 },
    ]);
    const second = must(turned, { type: "pass", seat: 0 });
    // dream-1a (+2) fits either card; dream-3a (+3) does not.
    expect(legalActions(view(second, 1))).toEqual([
      {
        type: "modify",
        seat: 1,
        options: [
          { card: "dream-1a", target: "first" },
          { card: "dream-1a", target: "second" },
        ],
      },
      { type: "pass", seat: 1 },
    ]);
  });

  it("offers accuse only to a Dreamer holding the skull as first player, and end_turn always", () => {
    const closing = (identities: [Identity, Identity], hands: [string[], string[]]) =>
      must(
        must(table(identities, hands, "nightmare-16"), {
          type: "play_dream",
          seat: 0,
          card: "dream-1b",
          declaration: "far",
        }),
        { type: "play_dream", seat: 1, card: "dream-2b" },
      );
    const withSkull: [string[], string[]] = [
      ["dream-1b", SKULL_CARD, "dream-3a"],
      ["dream-2b", "dream-8a", "dream-10a"],
    ];
    const dreamer = closing(["dreamer", "master"], withSkull);
    expect(dreamer.phase).toBe("closing");
    expect(legalActions(view(dreamer, 0))).toEqual([
      { type: "accuse", seat: 0 },
      { type: "end_turn", seat: 0 },
    ]);
    expect(legalActions(view(dreamer, 1))).toEqual([]);
    const master = closing(["master", "dreamer"], withSkull);
    expect(legalActions(view(master, 0))).toEqual([{ type: "end_turn", seat: 0 }]);
    const noSkull = closing(
      ["dreamer", "master"],
      [
        ["dream-1b", "dream-2a", "dream-3a"],
        ["dream-2b", "dream-8a", SKULL_CARD],
      ],
    );
    expect(legalActions(view(noSkull, 0))).toEqual([{ type: "end_turn", seat: 0 }]);
  });
});

describe("checkAction", () => {
  const state = table(["master", "dreamer"], HANDS, "nightmare-10");

  it("gives the error apply would give, from the view alone", () => {
    const v = view(state, 0);
    expect(checkAction(v, { type: "play_dream", seat: 0, card: "dream-4a", declaration: "far" })).toBeNull();
    expect(checkAction(v, { type: "play_dream", seat: 0, card: "dream-4b", declaration: "far" })?.code).toBe(
      "card/not_in_hand",
    );
    expect(checkAction(v, { type: "play_dream", seat: 0, card: "dream-4a" })?.code).toBe(
      "declaration/missing",
    );
    expect(checkAction(v, { type: "pass", seat: 1 })?.code).toBe("action/not_your_seat");
    expect(checkAction(view(state, "spectator"), { type: "pass", seat: 0 })?.code).toBe(
      "action/not_your_seat",
    );
    expect(checkAction(v, { type: "pass", seat: 0, x: 1 })?.code).toBe("action/malformed");
    expect(checkAction(v, { type: "end_turn", seat: 0 })?.code).toBe("action/wrong_phase");
  });

  it("tells the Master that they may not accuse", () => {
    const closing = must(must(state, { type: "play_dream", seat: 0, card: "dream-4a", declaration: "far" }), {
      type: "play_dream",
      seat: 1,
      card: "dream-1a",
    });
    expect(closing.phase).toBe("closing");
    expect(checkAction(view(closing, 0), { type: "accuse", seat: 0 })?.code).toBe("accuse/master");
    expect(checkAction(view(closing, 1), { type: "accuse", seat: 1 })?.code).toBe("accuse/not_first_player");
  });
});
