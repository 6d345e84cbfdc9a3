import type { DetailMap } from "@firmament/cards";
import {
  apply,
  COLOURS,
  checkAction,
  commit,
  createGame,
  type DreamsState,
  type DreamsView,
  type ImageNumber,
  view,
} from "@firmament/dreams";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ArenaStats, hexSeed, playGame } from "./arena";
import { createBaseline } from "./baselines";
import { type BotInput, type BotLevel, createBot } from "./bot";
import { clearMemo } from "./memo";
import { syntheticDeck } from "./synthetic";

const deck = syntheticDeck(24, 7);
const LEVELS: BotLevel[] = ["novice", "adept", "oracle"];

function newGame(players: number, seed: string): DreamsState {
  const created = createGame({ colours: COLOURS.slice(0, players), deck: deck.ids, seed: hexSeed(seed) });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Drives a game with bots at every seat, checking each action against the seat's own view. */
function driveChecked(state: DreamsState, levelOf: (seat: number) => BotLevel, steps: number): DreamsState {
  const players = state.colours.length;
  const bots = Array.from({ length: players }, (_, s) => createBot({ level: levelOf(s), seed: `t${s}` }));
  for (let i = 0; i < steps && state.phase !== "over"; i++) {
    const waiting = Array.from({ length: players }, (_, s) => s).filter((s) => {
      const v = view(state, s);
      return bots[s]?.decide({ view: v, detail: deck.detail }) !== null;
    });
    expect(waiting.length).toBeGreaterThan(0);
    const seat = waiting[0] as number;
    const v = view(state, seat);
    const action = bots[seat]?.decide({ view: v, detail: deck.detail });
    expect(checkAction(v, action)).toBeNull();
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.value.state;
  }
  return state;
}

describe("bots", () => {
  it.each([3, 6])("every level plays only legal actions from its view (%i players)", (players) => {
    const end = driveChecked(newGame(players, `legal${players}`), (s) => LEVELS[s % 3] as BotLevel, 250);
    expect(end.round.number).toBeGreaterThan(3);
  });

  it("takes only a seat's view and detail maps (checked by the type checker)", () => {
    expectTypeOf<BotInput>().toEqualTypeOf<{ view: DreamsView; detail: (cardId: string) => DetailMap }>();
    expectTypeOf<DreamsView>().not.toHaveProperty("mortal");
    expectTypeOf<DreamsView>().not.toHaveProperty("vision");
    expectTypeOf<DreamsView>().not.toHaveProperty("pile");
    expectTypeOf<DreamsView>().not.toHaveProperty("rng");
    expectTypeOf<DreamsView>().not.toHaveProperty("guesses");
  });

  it("returns null when the seat has nothing to do", () => {
    const state = newGame(4, "idle");
    const notMyTurn = (state.round.dealer + 1) % 4;
    const bot = createBot({ level: "oracle", seed: "x" });
    expect(bot.decide({ view: view(state, notMyTurn), detail: deck.detail })).toBeNull();
    expect(bot.decide({ view: view(state, "spectator"), detail: deck.detail })).toBeNull();
  });

  it("is a pure function of options and view", () => {
    const state = driveChecked(newGame(5, "pure"), () => "oracle", 7);
    const seat = (state.round.dealer + state.round.stars.length) % 5;
    const v = view(state, seat);
    for (const level of LEVELS) {
      const a = createBot({ level, seed: "s1" }).decide({ view: v, detail: deck.detail });
      const b = createBot({ level, seed: "s1" }).decide({ view: structuredClone(v), detail: deck.detail });
      expect(b).toEqual(a);
    }
    const spots = new Set(
      Array.from({ length: 12 }, (_, i) =>
        JSON.stringify(
          createBot({ level: "novice", seed: `s${i}` }).decide({ view: v, detail: deck.detail }),
        ),
      ),
    );
    expect(spots.size).toBeGreaterThan(1);
  });

  it("decides the same with a cold or a warm memo", () => {
    const state = driveChecked(newGame(6, "memo"), () => "oracle", 14);
    const round = state.round;
    const seats = [0, 1, 2, 3, 4, 5];
    const bot = createBot({ level: "oracle", seed: "m" });
    const warm = seats.map((s) =>
      bot.decide({ view: { ...view(state, s), phase: "placing", turn: s }, detail: deck.detail }),
    );
    clearMemo();
    const cold = seats.map((s) =>
      bot.decide({ view: { ...view(state, s), phase: "placing", turn: s }, detail: deck.detail }),
    );
    expect(cold).toEqual(warm);
    expect(round.stars.length).toBe(14);
  });

  it("decides the same whatever the hidden parts of the full state are", () => {
    const state = driveChecked(newGame(5, "hidden"), () => "adept", 8);
    const round = state.round;
    const seat = (round.dealer + round.stars.length) % 5;
    // Another world that this seat cannot tell apart: a different pile, and for a god another mortal
    // among the other seats; for the mortal another vision.
    const other = structuredClone(state);
    other.pile = [...state.pile].reverse();
    other.rng = { key: hexSeed("other"), counter: 3 };
    other.round.salt = "00".repeat(16);
    if (round.mortal === seat) other.round.vision = ((round.vision % 4) + 1) as ImageNumber;
    else other.round.mortal = [0, 1, 2, 3, 4].find((s) => s !== seat && s !== round.mortal) as number;
    const { number, vision, mortal, salt } = other.round;
    other.round.commitment = commit({ round: number, vision, mortal, salt });
    for (const level of LEVELS) {
      const bot = createBot({ level, seed: "h" });
      const a = bot.decide({ view: view(state, seat), detail: deck.detail });
      const b = bot.decide({ view: view(other, seat), detail: deck.detail });
      expect(a).not.toBeNull();
      expect(b).toEqual(a);
    }
  });

  it("rejects bad options with a clear error", () => {
    expect(() => createBot({ level: "genius" as BotLevel, seed: "x" })).toThrow(/Unknown bot level/);
    expect(() => createBot({ level: "adept", seed: "x", subtlety: 2 })).toThrow(/subtlety/);
    expect(() => createBot({ level: "adept", seed: "x", temperature: -1 })).toThrow(/temperature/);
  });

  it("baselines and levels finish whole games in the arena", () => {
    const game = playGame({
      lineup: { seats: ["oracle", "adept", "novice", "random", "peak"] },
      deck: deck.ids,
      detail: deck.detail,
      seed: "arena-test",
    });
    expect(game.winners.length).toBeGreaterThan(0);
    expect(game.rounds.length).toBeGreaterThan(3);
    for (const r of game.rounds) expect(r.points.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(0);
    const baseline = createBaseline("random", "r");
    const state = newGame(3, "baseline");
    const v = view(state, state.round.dealer);
    expect(checkAction(v, baseline.decide({ view: v, detail: deck.detail }))).toBeNull();
  });

  it("plays well: oracle gods name a random mortal, an oracle mortal reads peak-pointing gods", () => {
    const stats = new ArenaStats();
    for (let g = 0; g < 3; g++) {
      const common = { deck: deck.ids, detail: deck.detail, maxRounds: 8 };
      stats.addGame(
        playGame({ ...common, lineup: { players: 4, mortal: "random", god: "oracle" }, seed: `r${g}` }),
        false,
      );
      stats.addGame(
        playGame({ ...common, lineup: { players: 4, mortal: "oracle", god: "peak" }, seed: `p${g}` }),
        false,
      );
    }
    expect(stats.of("oracle").godNamed.n).toBeGreaterThan(30);
    expect(stats.of("oracle").godNamed.mean).toBeGreaterThan(0.9);
    expect(stats.of("random").visionFound.n).toBeGreaterThan(10);
    expect(stats.of("oracle").visionFound.mean).toBeGreaterThan(0.8);
  });
});
