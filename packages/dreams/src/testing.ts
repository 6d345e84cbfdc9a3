import { mulberry32, pick, type Random, testSeed } from "@firmament/game-kit/testing";
import { crowdingStar } from "./geometry";
import { starsLeft, turnOf } from "./rules";
import type { Colour, DreamsAction, DreamsState, ImageNumber, Seat } from "./types";

export { mulberry32, type Random, testSeed };

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
