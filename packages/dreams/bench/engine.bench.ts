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
  benchColumns,
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
  const run = throughput(dreams, mulberry32(players * 7919), 200, SECONDS);
  const seeds = Array.from({ length: 300 }, (_, g) => g + 1000 * players);
  const applied = applyTimes(dreams, seeds, mulberry32);
  const columns = benchColumns(run, applied, [8, 12, 13, 18, 16, 13, 27]);
  console.log([String(players).padStart(7), ...columns].join(" "));
}
