import { describe, expect, it } from "vitest";
import {
  errorCode,
  missTurn,
  must,
  mustWithEvents,
  newGame,
  readyBoth,
  rigged,
  TWO_DREAMERS,
} from "../test/helpers";
import { SKULL_CARD } from "./decks";
import type { DreamersState, Identity } from "./types";

describe("a turn", () => {
  it("opens a gate when the two face-up cards add up to the Nightmare, then waits for the first player", () => {
    const state = rigged(
      [
        ["dream-1a", "dream-2a", "dream-3a"],
        ["dream-9a", "dream-8a", "dream-10a"],
      ],
      ["nightmare-10"],
    );
    const played = must(state, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" });
    expect(played.phase).toBe("second_play");
    expect(played.round.declaration).toBe("far");
    const [turned, events] = mustWithEvents(played, { type: "play_dream", seat: 1, card: "dream-9a" });
    expect(events.map((e) => e.type)).toEqual(["card_played", "cards_turned", "gate_opened"]);
    expect(turned.round.gates).toBe(1);
    expect(turned.phase).toBe("closing");
    const ended = must(turned, { type: "end_turn", seat: 0 });
    expect(ended.phase).toBe("first_play");
    expect(ended.round.first).toBe(1);
    expect(ended.round.turn).toBe(2);
    expect(ended.round.hands.map((h) => h.length)).toEqual([3, 3]);
    expect(ended.round.dreamDiscard).toEqual(["dream-1a", "dream-9a"]);
    expect(ended.round.nightmareDiscard).toEqual(["nightmare-10"]);
    expect(ended.round.history).toEqual([
      expect.objectContaining({
        turn: 1,
        first: 0,
        declaration: "far",
        sum: 10,
        gateOpened: true,
        modifier: null,
      }),
    ]);
  });

  it("refills the first player's hand first, from the top of the Dream deck", () => {
    const state = rigged(
      [
        ["dream-1a", "dream-2a", "dream-3a"],
        ["dream-9a", "dream-8a", "dream-10a"],
      ],
      ["nightmare-10", "nightmare-12"],
      TWO_DREAMERS,
      ["dream-7a", "dream-7b"],
    );
    const next = missTurn(state);
    // Seat 1 is first in turn 2 and draws first.
    expect(next.round.hands[1]).toContain("dream-7a");
    expect(next.round.hands[0]).toContain("dream-7b");
    expect(next.round.nightmare).toBe("nightmare-12");
  });

  it("waits for both modification steps when some Dream card could make the sum exact", () => {
    const state = rigged(
      [
        ["dream-4a", "dream-6a", "dream-2a"],
        ["dream-4b", "dream-1a", "dream-3a"],
      ],
      ["nightmare-10", "nightmare-13"],
    );
    let next = must(state, { type: "play_dream", seat: 0, card: "dream-4a", declaration: "between" });
    next = must(next, { type: "play_dream", seat: 1, card: "dream-4b" });
    expect(next.phase).toBe("modify_first");
    expect(next.round.gates).toBe(0);
    // dream-2a carries +1: 5 + 4 = 9, not 10.
    expect(errorCode(next, { type: "modify", seat: 0, card: "dream-2a", target: "first" })).toBe(
      "modify/not_exact",
    );
    const passed = must(next, { type: "pass", seat: 0 });
    expect(passed.phase).toBe("modify_second");
    // dream-1a carries +2 onto the first card: 6 + 4 = 10.
    const [modified, events] = mustWithEvents(passed, {
      type: "modify",
      seat: 1,
      card: "dream-1a",
      target: "first",
    });
    expect(events.map((e) => e.type)).toEqual(["modifier_played", "gate_opened"]);
    expect(modified.phase).toBe("closing");
    expect(modified.round.gates).toBe(1);
    const ended = must(modified, { type: "end_turn", seat: 0 });
    expect(ended.round.dreamDiscard).toEqual(["dream-4a", "dream-4b", "dream-1a"]);
    expect(ended.round.history[0]).toMatchObject({
      sum: 10,
      gateOpened: true,
      modifier: { seat: 1, target: "first", modifier: "+2", card: { id: "dream-1a" } },
    });
  });

  it("lets the first player modify (x2 doubles the target card) and then skips the second's step", () => {
    const state = rigged(
      [
        ["dream-3b", "dream-9a", "dream-2b"],
        ["dream-4a", "dream-5b", "dream-6b"],
      ],
      ["nightmare-10"],
    );
    let next = must(state, { type: "play_dream", seat: 0, card: "dream-3b", declaration: "close" });
    next = must(next, { type: "play_dream", seat: 1, card: "dream-4a" });
    expect(next.phase).toBe("modify_first");
    // dream-9a carries x2: 3 + 4×2 = 11; onto the first card: 6 + 4 = 10.
    expect(errorCode(next, { type: "modify", seat: 0, card: "dream-9a", target: "second" })).toBe(
      "modify/not_exact",
    );
    next = must(next, { type: "modify", seat: 0, card: "dream-9a", target: "first" });
    expect(next.phase).toBe("closing");
    expect(next.round.gates).toBe(1);
    expect(errorCode(next, { type: "pass", seat: 1 })).toBe("action/wrong_phase");
  });

  it("skips the modification steps only when no Dream card at all could make the sum exact", () => {
    const state = rigged(
      [
        ["dream-1a", "dream-2a", "dream-3a"],
        ["dream-2b", "dream-8a", "dream-10a"],
      ],
      ["nightmare-16"],
    );
    let next = must(state, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" });
    next = must(next, { type: "play_dream", seat: 1, card: "dream-2b" });
    expect(next.phase).toBe("closing");
    expect(next.round.gates).toBe(0);
  });

  it("never accepts the skull as a modifier", () => {
    const state = rigged(
      [
        ["dream-5b", "dream-9a", "dream-5a"],
        ["dream-4a", "dream-1a", "dream-6b"],
      ],
      ["nightmare-11"],
    );
    let next = must(state, { type: "play_dream", seat: 0, card: "dream-5b", declaration: "close" });
    next = must(next, { type: "play_dream", seat: 1, card: "dream-4a" });
    expect(next.phase).toBe("modify_first");
    expect(errorCode(next, { type: "modify", seat: 0, card: SKULL_CARD, target: "first" })).toBe(
      "modify/skull",
    );
  });

  it("ends the round at once when the third gate opens, without an accusation step", () => {
    const state = rigged(
      [
        ["dream-1a", "dream-2a", "dream-3a"],
        ["dream-9a", "dream-8a", "dream-10a"],
      ],
      ["nightmare-10", "nightmare-11", "nightmare-12"],
    );
    let next = must(state, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" });
    next = must(must(next, { type: "play_dream", seat: 1, card: "dream-9a" }), { type: "end_turn", seat: 0 });
    next = must(next, { type: "play_dream", seat: 1, card: "dream-8a", declaration: "close" });
    next = must(must(next, { type: "play_dream", seat: 0, card: "dream-3a" }), { type: "end_turn", seat: 1 });
    next = must(next, { type: "play_dream", seat: 0, card: "dream-2a", declaration: "far" });
    const [done, events] = mustWithEvents(next, { type: "play_dream", seat: 1, card: "dream-10a" });
    expect(events.map((e) => e.type)).toEqual([
      "card_played",
      "cards_turned",
      "gate_opened",
      "turn_ended",
      "round_ended",
    ]);
    expect(done.phase).toBe("round_over");
    expect(done.round.result).toMatchObject({ end: "gates", gates: 3, accuser: null });
    expect(done.round.history).toHaveLength(3);
    expect(done.round.dreamDiscard).toHaveLength(6);
  });

  it("ends the round when the Dream deck cannot refill the hands: after 8 turns of two cards", () => {
    const state = rigged(
      [
        ["dream-1a", "dream-2a", "dream-3a"],
        ["dream-9a", "dream-8a", "dream-10a"],
      ],
      ["nightmare-16"],
    );
    let next = state;
    let turns = 0;
    while (next.phase === "first_play") {
      next = missTurn(next);
      turns++;
    }
    expect(turns).toBe(8);
    expect(next.phase).toBe("round_over");
    expect(next.round.result?.end).toBe("exhausted");
    expect(next.round.dreamDeck).toEqual([]);
    expect(next.round.hands.map((h) => h.length)).toEqual([2, 2]);
  });

  it("shuffles the Nightmare discards back when the Nightmare deck is empty", () => {
    const state = rigged(
      [
        ["dream-1a", "dream-2a", "dream-3a"],
        ["dream-9a", "dream-8a", "dream-10a"],
      ],
      ["nightmare-16"],
    );
    const round = state.round;
    const drained: DreamersState = {
      ...state,
      round: {
        ...round,
        nightmareDeck: [],
        nightmareDiscard: round.nightmareDeck.slice(),
      },
    };
    const [next, events] = mustWithEvents(
      must(must(drained, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" }), {
        type: "play_dream",
        seat: 1,
        card: "dream-9a",
      }),
      { type: "end_turn", seat: 0 },
    );
    const started = events.find((e) => e.type === "turn_started");
    expect(started?.type === "turn_started" && started.reshuffled?.length).toBe(13);
    expect(next.round.nightmareDiscard).toEqual([]);
    expect(next.round.nightmareDeck).toHaveLength(12);
    expect(new Set([...next.round.nightmareDeck, next.round.nightmare]).size).toBe(13);
  });
});

describe("accusation", () => {
  function closingWithSkull(identities: [Identity, Identity]): DreamersState {
    const state = rigged(
      [
        ["dream-1a", SKULL_CARD, "dream-3a"],
        ["dream-9a", "dream-8a", "dream-10a"],
      ],
      ["nightmare-16"],
      identities,
    );
    const next = must(state, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" });
    return must(next, { type: "play_dream", seat: 1, card: "dream-8a" });
  }

  it("ends the round: a Dreamer who accuses the Master scores 2", () => {
    const state = closingWithSkull(["dreamer", "master"]);
    expect(state.phase).toBe("closing");
    const [done, events] = mustWithEvents(state, { type: "accuse", seat: 0 });
    expect(events.map((e) => e.type)).toEqual(["accused", "turn_ended", "round_ended"]);
    expect(done.round.result).toMatchObject({ end: "accusation", accuser: 0 });
    expect(done.scores).toEqual([2, 0]);
    expect(done.round.dreamDiscard).toContain(SKULL_CARD);
    expect(done.round.hands[0]).not.toContain(SKULL_CARD);
  });

  it("costs a false accuser 1 point (below zero too), and the accused chooses next round", () => {
    const done = must(closingWithSkull(TWO_DREAMERS), { type: "accuse", seat: 0 });
    expect(done.scores).toEqual([-1, 0]);
    expect(done.round.result?.scoring[0]).toEqual({ seat: 0, points: -1, reasons: ["false_accusation"] });
    const next = readyBoth(done);
    expect(next.phase).toBe("choosing");
    expect(next.round.chooser).toBe(1);
    expect(next.round.identities).toBeNull();
    expect(next.round.commitment).toBe("");
    expect(errorCode(next, { type: "choose_identity", seat: 0, identity: "master" })).toBe(
      "action/not_your_turn",
    );
    expect(errorCode(next, { type: "play_dream", seat: next.round.first, card: "dream-1a" })).toBe(
      "action/wrong_phase",
    );
    const [chosen, events] = mustWithEvents(next, { type: "choose_identity", seat: 1, identity: "master" });
    expect(events.map((e) => e.type)).toEqual(["identity_chosen", "identities_dealt", "turn_started"]);
    expect(chosen.round.identities).toEqual(["dreamer", "master"]);
    expect(chosen.round.unused).toBe("dreamer");
    expect(chosen.phase).toBe("first_play");
    expect(chosen.round.hands.map((h) => h.length)).toEqual([3, 3]);
  });

  it("after choosing dreamer, the other draws blind from a Dreamer and the Master", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const base = newGame(seed);
      const choosing: DreamersState = { ...base, phase: "choosing", round: { ...base.round, chooser: 0 } };
      const chosen = must(choosing, { type: "choose_identity", seat: 0, identity: "dreamer" });
      expect(chosen.round.identities?.[0]).toBe("dreamer");
      seen.add(`${chosen.round.identities?.[1]}/${chosen.round.unused}`);
    }
    expect(seen).toEqual(new Set(["dreamer/master", "master/dreamer"]));
  });

  it("is refused to the second player, to the Master, and without the skull", () => {
    const asMaster = closingWithSkull(["master", "dreamer"]);
    expect(errorCode(asMaster, { type: "accuse", seat: 0 })).toBe("accuse/master");
    expect(errorCode(asMaster, { type: "accuse", seat: 1 })).toBe("accuse/not_first_player");
    const state = rigged(
      [
        ["dream-1a", "dream-2a", "dream-3a"],
        ["dream-9a", "dream-8a", SKULL_CARD],
      ],
      ["nightmare-16"],
    );
    const closing = must(must(state, { type: "play_dream", seat: 0, card: "dream-1a", declaration: "far" }), {
      type: "play_dream",
      seat: 1,
      card: "dream-8a",
    });
    expect(errorCode(closing, { type: "accuse", seat: 0 })).toBe("accuse/no_skull");
    expect(errorCode(closing, { type: "accuse", seat: 1 })).toBe("accuse/not_first_player");
  });
});
