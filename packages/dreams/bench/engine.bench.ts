/**
 * Engine benchmark: full random legal games of Dreams per player count (`npm run bench:rules` runs the
 * Dreamers benchmark after it).
 * Prints games per second (wall clock, and per CPU second, which is fairer on a busy machine), apply() time
 * per action (median, p99) and serialised state sizes.
 * Usage: npm run bench:engine [-- --seconds 3]
 */
import {
  applyTimes,
  type BenchGame,
  percentile,
  secondsArgument,
  throughput,
} from "@firmament/game-kit/bench";
import { apply } from "../src/apply";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction, testSeed } from "../src/testing";
import { COLOURS, type DreamsAction, type DreamsState } from "../src/types";

const SECONDS = secondsArgument(3);
const DECK = Array.from({ length: 96 }, (_, i) => `card-${String(i).padStart(3, "0")}`);

function dreamsOf(players: number): BenchGame<DreamsState, DreamsAction> {
  return {
    newGame(random) {
      const created = createGame({ colours: COLOURS.slice(0, players), deck: DECK, seed: testSeed(random) });
      if (!created.ok) throw new Error(created.error.message);
      return created.value;
    },
    apply,
    randomAction: randomLegalAction,
    weighs: (state) => state.phase === "guessing" && state.round.guesses.every((g) => g === null),
  };
}

console.log(`Engine benchmark — Node ${process.version}, ${SECONDS}s per player count, one core`);
console.log(
  "players  games/s  games/cpu-s  actions/game  µs/action(all-in, cpu)  apply median µs  apply p99 µs  state bytes (mid-game max)",
);
for (const players of [3, 4, 5, 6]) {
  const dreams = dreamsOf(players);
  const { games, actions, elapsed, cpuSeconds } = throughput(
    dreams,
    mulberry32(players * 7919),
    200,
    SECONDS,
  );
  const seeds = Array.from({ length: 300 }, (_, g) => g + 1000 * players);
  const { times, sizes } = applyTimes(dreams, seeds, mulberry32);
  console.log(
    [
      String(players).padStart(7),
      (games / elapsed).toFixed(0).padStart(8),
      (games / cpuSeconds).toFixed(0).padStart(12),
      (actions / games).toFixed(1).padStart(13),
      ((cpuSeconds * 1e6) / actions).toFixed(2).padStart(18),
      percentile(times, 0.5).toFixed(2).padStart(16),
      percentile(times, 0.99).toFixed(2).padStart(13),
      String(Math.max(...sizes)).padStart(27),
    ].join(" "),
  );
}
