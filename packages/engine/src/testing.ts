import { crowdingStar } from "./geometry";
import { starsLeft, turnOf } from "./rules";
import type { Colour, DreamsAction, DreamsState, ImageNumber, Seat } from "./types";

/** A source of numbers in [0, 1). */
export type Random = () => number;

/** A seeded Random for tests and tools (mulberry32); never used for a game's secrets. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 64 hex digits from a Random: a valid game seed for tests. */
export function testSeed(random: Random): string {
  let out = "";
  for (let i = 0; i < 8; i++)
    out += Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0");
  return out;
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * A uniformly random legal action for the full state (for tests, simulation and benchmarks; bots play
 * from views instead). Null when the game is over. Written without allocations beyond the action, since
 * the engine benchmark spends much of its time here.
 */
export function randomLegalAction(state: DreamsState, random: Random): DreamsAction | null {
  const round = state.round;
  const players = state.colours.length;
  switch (state.phase) {
    case "placing": {
      const seat = turnOf({
        phase: state.phase,
        colours: state.colours,
        dealer: round.dealer,
        stars: round.stars,
      }) as Seat;
      const kind = pick(starsLeft(round.stars, seat), random);
      for (;;) {
        const x = random();
        const y = random();
        if (!crowdingStar(round.stars, x, y)) return { type: "place_star", seat, kind, x, y };
      }
    }
    case "guessing": {
      let waiting = 0;
      for (const guess of round.guesses) if (guess === null) waiting++;
      let k = Math.floor(random() * waiting);
      let seat = 0;
      for (; seat < players; seat++) if (round.guesses[seat] === null && k-- === 0) break;
      if (seat === round.mortal)
        return { type: "guess", seat, guess: { image: (1 + Math.floor(random() * 4)) as ImageNumber } };
      const other = Math.floor(random() * (players - 1));
      return {
        type: "guess",
        seat,
        guess: { colour: state.colours[other >= seat ? other + 1 : other] as Colour },
      };
    }
    case "reveal":
      return { type: "ready", seat: round.ready.indexOf(false) };
    case "over":
      return null;
  }
}
