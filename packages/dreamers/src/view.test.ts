import { describe, expect, it } from "vitest";
import { must, mustWithEvents, newGame, rig } from "../test/helpers";
import { progress } from "./game";
import type { DreamersState } from "./types";
import { view, viewEvent } from "./view";

const state = rig(newGame(8), {
  first: 0,
  identities: ["master", "dreamer"],
  hands: [
    ["dream-4a", "dream-6a", "dream-2a"],
    ["dream-4b", "dream-1a", "dream-3a"],
  ],
  nightmares: ["nightmare-10"],
});

describe("view", () => {
  it("shows a player their own identity and hand, and nobody else's", () => {
    expect(view(state, 0).me).toMatchObject({ seat: 0, identity: "master" });
    expect(view(state, 0).me?.hand.map((c) => c.id)).toEqual(["dream-4a", "dream-6a", "dream-2a"]);
    expect(view(state, 1).me).toMatchObject({ seat: 1, identity: "dreamer" });
    expect(view(state, "spectator").me).toBeNull();
    expect(JSON.stringify(view(state, 1))).not.toContain("dream-6a");
    expect(JSON.stringify(view(state, 1))).not.toContain("master");
    expect(JSON.stringify(view(state, "spectator"))).not.toMatch(/"(dreamer|master)"/);
  });

  it("shows everyone the public table: Nightmare, counts, first player, progress, commitment", () => {
    for (const viewer of [0, 1, "spectator"] as const) {
      const v = view(state, viewer);
      expect(v).toMatchObject({
        game: "dreamers",
        viewer,
        round: 1,
        phase: "first_play",
        awaiting: [0],
        rounds: 5,
        first: 0,
        turn: 1,
        gates: 0,
        nightmare: { id: "nightmare-10", value: 10 },
        declaration: null,
        plays: [],
        sum: null,
        counts: { dreamDeck: 14, dreamDiscard: 0, nightmareDeck: 12, nightmareDiscard: 0, hands: [3, 3] },
        commitment: state.round.commitment,
        result: null,
        results: [],
      });
      const { round, phase, awaiting } = v;
      expect({ round, phase, awaiting }).toEqual(progress(state));
    }
  });

  it("hides a face-down card from all but its owner until both are turned up", () => {
    const played = must(state, { type: "play_dream", seat: 0, card: "dream-4a", declaration: "between" });
    expect(view(played, 0).plays).toEqual([
      { seat: 0, card: { id: "dream-4a", value: 4, effect: "-3" }, faceUp: false },
    ]);
    expect(view(played, 1).plays).toEqual([{ seat: 0, card: null, faceUp: false }]);
    expect(view(played, "spectator").plays).toEqual([{ seat: 0, card: null, faceUp: false }]);
    expect(view(played, 1).declaration).toBe("between");
    expect(view(played, 1).counts.hands).toEqual([2, 3]);
    const turned = must(played, { type: "play_dream", seat: 1, card: "dream-4b" });
    const seen = view(turned, "spectator");
    expect(seen.plays.map((p) => [p.seat, p.card?.id, p.faceUp])).toEqual([
      [0, "dream-4a", true],
      [1, "dream-4b", true],
    ]);
    expect(seen.sum).toBe(8);
    const modified = must(must(turned, { type: "pass", seat: 0 }), {
      type: "modify",
      seat: 1,
      card: "dream-1a",
      target: "first",
    });
    expect(view(modified, 0).sum).toBe(10);
    expect(view(modified, 0).modifier).toEqual({
      seat: 1,
      card: { id: "dream-1a", value: 1, effect: "+2" },
      target: "first",
    });
  });

  it("shares nothing with the state: changing a view changes no state", () => {
    const before = JSON.stringify(state);
    const v = view(must(state, { type: "play_dream", seat: 0, card: "dream-4a", declaration: "far" }), 0);
    for (const card of v.me?.hand ?? []) card.value = 99;
    (v.plays[0]?.card as { value: number }).value = 99;
    v.scores[0] = 50;
    expect(JSON.stringify(state)).toBe(before);
    expect(view(state, 0).me?.hand[0]?.value).toBe(4);
  });

  it("shows no identity while a chooser chooses", () => {
    const choosing: DreamersState = {
      ...state,
      phase: "choosing",
      round: { ...state.round, chooser: 1, identities: null, unused: null, commitment: "" },
    };
    expect(view(choosing, 1).me?.identity).toBeNull();
    expect(view(choosing, 1).awaiting).toEqual([1]);
    expect(view(choosing, 0).chooser).toBe(1);
  });
});

describe("viewEvent", () => {
  it("shows a played card to its owner only, and the turned cards to everyone", () => {
    const [played, events] = mustWithEvents(state, {
      type: "play_dream",
      seat: 0,
      card: "dream-4a",
      declaration: "close",
    });
    const event = events[0];
    if (!event) throw new Error("no event");
    expect(viewEvent(event, 0)).toEqual({
      type: "card_played",
      seat: 0,
      declaration: "close",
      card: "dream-4a",
    });
    expect(viewEvent(event, 1)).toEqual({ type: "card_played", seat: 0, declaration: "close" });
    expect(viewEvent(event, "spectator")).toEqual({ type: "card_played", seat: 0, declaration: "close" });
    const [, turned] = mustWithEvents(played, { type: "play_dream", seat: 1, card: "dream-4b" });
    const shown = turned.map((e) => viewEvent(e, "spectator"));
    expect(shown).toContainEqual({ type: "cards_turned", cards: ["dream-4a", "dream-4b"], sum: 8 });
  });

  it("shows each player their own draws and identity, and only counts to others", () => {
    const first = newGame(8);
    const deal = {
      type: "identities_dealt" as const,
      identities: ["dreamer", "master"] as ["dreamer", "master"],
      unused: "dreamer" as const,
      salt: "a".repeat(32),
      commitment: "c".repeat(64),
      rng: first.rng,
    };
    expect(viewEvent(deal, 1)).toEqual({
      type: "identities_dealt",
      commitment: "c".repeat(64),
      identity: "master",
    });
    expect(viewEvent(deal, "spectator")).toEqual({ type: "identities_dealt", commitment: "c".repeat(64) });
    const turn = {
      type: "turn_started" as const,
      turn: 2,
      first: 1,
      draws: [["dream-1a"], ["dream-2a", "dream-3a"]] as [string[], string[]],
      reshuffled: null,
      rng: first.rng,
      nightmare: "nightmare-7",
    };
    expect(viewEvent(turn, 0)).toEqual({
      type: "turn_started",
      turn: 2,
      first: 1,
      drawn: [1, 2],
      reshuffled: false,
      nightmare: "nightmare-7",
      cards: ["dream-1a"],
    });
    expect(JSON.stringify(viewEvent(turn, "spectator"))).not.toContain("dream-");
  });
});
