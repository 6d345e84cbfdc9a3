import { describe, expect, it } from "vitest";
import {
  errorCode,
  missRound,
  must,
  mustWithEvents,
  newGame,
  readyBoth,
  rig,
  rigged,
  TWO_DREAMERS,
} from "../test/helpers";
import { apply, replay } from "./apply";
import { verifyCommitment } from "./commitment";
import { SKULL_CARD } from "./decks";
import { evolveAll } from "./evolve";
import { mulberry32, randomLegalAction } from "./testing";
import type { DreamersEvent, DreamersState, Seat } from "./types";

describe("refusals", () => {
  const state = rigged(
    [
      ["dream-1a", "dream-2a", "dream-3a"],
      ["dream-9a", "dream-8a", "dream-10a"],
    ],
    ["nightmare-16"],
  );

  it("name every problem with a namespaced code and leave the state untouched", () => {
    const cases: Array<[unknown, string, DreamersState?]> = [
      [null, "action/malformed"],
      [{ type: "fly", seat: 0 }, "action/unknown_type"],
      [{ type: "pass", seat: 2 }, "action/unknown_seat"],
      [{ type: "pass", seat: 0.5 }, "action/malformed"],
      [{ type: "pass", seat: 0, extra: 1 }, "action/malformed"],
      [{ type: "play_dream", seat: 1, card: "dream-9a" }, "action/not_your_turn"],
      [{ type: "play_dream", seat: 0, card: "dream-9a", declaration: "far" }, "card/not_in_hand"],
      [{ type: "play_dream", seat: 0, card: "dream-11a", declaration: "far" }, "card/unknown"],
      [{ type: "play_dream", seat: 0, card: "dream-1a" }, "declaration/missing"],
      [{ type: "play_dream", seat: 0, card: "dream-1a", declaration: "near" }, "declaration/unknown"],
      [{ type: "pass", seat: 0 }, "action/wrong_phase"],
      [{ type: "modify", seat: 0, card: "dream-2a", target: "first" }, "action/wrong_phase"],
      [{ type: "modify", seat: 0, card: "dream-2a", target: "third" }, "modify/unknown_target"],
      [{ type: "accuse", seat: 0 }, "action/wrong_phase"],
      [{ type: "end_turn", seat: 0 }, "action/wrong_phase"],
      [{ type: "ready", seat: 0 }, "action/wrong_phase"],
      [{ type: "choose_identity", seat: 0, identity: "master" }, "action/wrong_phase"],
      [{ type: "choose_identity", seat: 0, identity: "god" }, "identity/unknown"],
    ];
    const second = must(state, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" });
    cases.push([
      { type: "play_dream", seat: 1, card: "dream-9a", declaration: "close" },
      "declaration/unexpected",
      second,
    ]);
    cases.push([
      { type: "play_dream", seat: 0, card: "dream-2a", declaration: "close" },
      "action/not_your_turn",
      second,
    ]);
    const closing = must(second, { type: "play_dream", seat: 1, card: "dream-8a" });
    cases.push([{ type: "end_turn", seat: 1 }, "action/not_your_turn", closing]);
    const over = missRound(
      closing.phase === "closing" ? must(closing, { type: "end_turn", seat: 0 }) : closing,
    );
    const ready = must(over, { type: "ready", seat: 0 });
    cases.push([{ type: "ready", seat: 0 }, "ready/already", ready]);
    const modifying = must(
      must(
        rigged(
          [
            ["dream-4a", "dream-6a", SKULL_CARD],
            ["dream-4b", "dream-2a", "dream-3a"],
          ],
          ["nightmare-10"],
          ["master", "dreamer"],
        ),
        { type: "play_dream", seat: 0, card: "dream-4a", declaration: "close" },
      ),
      { type: "play_dream", seat: 1, card: "dream-4b" },
    );
    cases.push([{ type: "modify", seat: 0, card: SKULL_CARD, target: "first" }, "modify/skull", modifying]);
    cases.push([
      { type: "modify", seat: 0, card: "dream-4a", target: "first" },
      "card/not_in_hand",
      modifying,
    ]);
    cases.push([
      { type: "modify", seat: 1, card: "dream-2a", target: "first" },
      "action/not_your_turn",
      modifying,
    ]);
    const secondStep = must(modifying, { type: "pass", seat: 0 });
    cases.push([
      { type: "modify", seat: 1, card: "dream-2a", target: "first" },
      "modify/not_exact",
      secondStep,
    ]);
    cases.push([{ type: "pass", seat: 0 }, "action/not_your_turn", secondStep]);
    const masterCloses = must(secondStep, { type: "pass", seat: 1 });
    cases.push([{ type: "accuse", seat: 0 }, "accuse/master", masterCloses]);
    cases.push([{ type: "accuse", seat: 1 }, "accuse/not_first_player", masterCloses]);
    cases.push([{ type: "accuse", seat: 0 }, "accuse/no_skull", closing]);
    for (const [action, code, at = state] of cases) {
      const before = JSON.stringify(at);
      const result = apply(at, action);
      expect(result.ok ? "accepted" : result.error.code, JSON.stringify(action)).toBe(code);
      expect(JSON.stringify(at)).toBe(before);
    }
  });

  it("refuses everything once the game is over", () => {
    let game = newGame(9);
    for (let round = 0; round < 6 && game.phase !== "over"; round++) {
      game = missRound(rig(game, riggedMiss(game)));
      if (game.phase === "round_over") game = readyBoth(game);
    }
    expect(game.phase).toBe("over");
    expect(errorCode(game, { type: "ready", seat: 0 })).toBe("action/game_over");
    expect(errorCode(game, "anything")).toBe("action/game_over");
  });
});

/** A rigging that keeps the current hands and makes both players Dreamers. */
function riggedMiss(state: DreamersState): Parameters<typeof rig>[1] {
  const round = state.round;
  return {
    first: round.first as Seat,
    identities: TWO_DREAMERS,
    hands: [round.hands[0].slice(), round.hands[1].slice()],
    nightmares: [round.nightmare as string],
  };
}

describe("replay", () => {
  it("reproduces a game from its initial state and actions, and evolveAll from its events", () => {
    const initial = newGame(21);
    const random = mulberry32(5);
    let state = initial;
    const actions: unknown[] = [];
    const events: DreamersEvent[] = [];
    for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
      const [next, happened] = mustWithEvents(state, action);
      state = next;
      actions.push(action);
      events.push(...happened);
    }
    expect(state.phase).toBe("over");
    const replayed = replay(initial, actions);
    expect(replayed.ok && replayed.value).toEqual(state);
    expect(evolveAll(initial, events)).toEqual(state);
    const refused = replay(initial, [...actions.slice(0, 3), { type: "ready", seat: 0 }]);
    expect(refused.ok ? "accepted" : refused.error.code).toBe("action/wrong_phase");
  });

  it("publishes a commitment that the revealed secret verifies", () => {
    const done = missRound(newGame(4));
    expect(done.phase).toBe("round_over");
    const result = done.round.result;
    expect(result && verifyCommitment(done.round.commitment, result.secret)).toBe(true);
  });
});
