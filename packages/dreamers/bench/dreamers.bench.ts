/**
 * Dreamers benchmark: full random legal games (5 or 6 rounds) on one core. Prints games per second (wall
 * clock, and per CPU second, fairer on a busy machine), actions per game, µs per action all in (the
 * random chooser included), apply() alone per action (median, p99) and the largest serialised state.
 * Usage: npm run bench:rules [-- --seconds 3] (after the Dreams benchmark)
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
import type { DreamersAction, DreamersState } from "../src/types";

const DREAMERS: BenchGame<DreamersState, DreamersAction> = {
  newGame(random) {
    const created = createGame({}, testSeed(random));
    if (!created.ok) throw new Error(created.error.message);
    return created.value;
  },
  apply,
  randomAction: randomLegalAction,
  weighs: (state) => state.phase === "round_over",
};

function runDreamersBench(seconds: number): void {
  console.log(`\nDreamers benchmark — Node ${process.version}, ${seconds}s, one core`);
  console.log(
    "games/s  games/cpu-s  actions/game  µs/action(all-in, cpu)  apply median µs  apply p99 µs  state bytes (max)",
  );
  const run = throughput(DREAMERS, mulberry32(2022), 300, seconds);
  const seeds = Array.from({ length: 300 }, (_, g) => g + 50_000);
  const applied = applyTimes(DREAMERS, seeds, mulberry32);
  console.log(benchColumns(run, applied, [7, 12, 13, 23, 16, 13, 17]).join(" "));
}

runDreamersBench(secondsArgument(3));
