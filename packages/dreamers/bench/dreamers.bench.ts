/**
 * Dreamers benchmark: full random legal games (5 or 6 rounds) on one core. Prints games per second (wall
 * clock, and per CPU second, fairer on a busy machine), actions per game, µs per action all in (the
 * random chooser included), apply() alone per action (median, p99) and the largest serialised state.
 * Usage: npm run bench:rules [-- --seconds 3] (after the Dreams benchmark)
 */
import { apply } from "../src/apply";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction, testSeed } from "../src/testing";
import type { DreamersAction, DreamersState } from "../src/types";

function newGame(random: () => number): DreamersState {
  const created = createGame({}, testSeed(random));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function playGame(random: () => number, record?: DreamersAction[], sizes?: number[]): number {
  let state = newGame(random);
  let actions = 0;
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.code);
    record?.push(action);
    state = result.value.state;
    actions++;
    if (sizes && state.phase === "round_over") sizes.push(Buffer.byteLength(JSON.stringify(state)));
  }
  return actions;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

function runDreamersBench(seconds: number): void {
  console.log(`\nDreamers benchmark — Node ${process.version}, ${seconds}s, one core`);
  console.log(
    "games/s  games/cpu-s  actions/game  µs/action(all-in, cpu)  apply median µs  apply p99 µs  state bytes (max)",
  );
  const random = mulberry32(2022);
  for (let i = 0; i < 300; i++) playGame(random); // warm-up
  let games = 0;
  let actions = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(seconds * 1e9);
  while (process.hrtime.bigint() < deadline) {
    for (let i = 0; i < 50; i++) actions += playGame(random);
    games += 50;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  // Time apply() alone, call by call, on recorded games.
  const sizes: number[] = [];
  const initials: DreamersState[] = [];
  const perGame: DreamersAction[][] = [];
  let count = 0;
  for (let g = 0; g < 300; g++) {
    initials.push(newGame(mulberry32(g + 50_000)));
    const actionsOfGame: DreamersAction[] = [];
    playGame(mulberry32(g + 50_000), actionsOfGame, sizes);
    perGame.push(actionsOfGame);
    count += actionsOfGame.length;
  }
  const times = new Float64Array(count);
  let t = 0;
  for (let g = 0; g < initials.length; g++) {
    let state = initials[g] as DreamersState;
    for (const action of perGame[g] as DreamersAction[]) {
      const before = process.hrtime.bigint();
      const result = apply(state, action);
      times[t++] = Number(process.hrtime.bigint() - before) / 1000;
      if (!result.ok) throw new Error(result.error.code);
      state = result.value.state;
    }
  }
  times.sort();
  console.log(
    [
      (games / elapsed).toFixed(0).padStart(7),
      (games / cpuSeconds).toFixed(0).padStart(12),
      (actions / games).toFixed(1).padStart(13),
      ((cpuSeconds * 1e6) / actions).toFixed(2).padStart(23),
      percentile(times, 0.5).toFixed(2).padStart(16),
      percentile(times, 0.99).toFixed(2).padStart(13),
      String(Math.max(...sizes)).padStart(17),
    ].join(" "),
  );
}

const secondsArg = process.argv.indexOf("--seconds");
runDreamersBench(secondsArg >= 0 ? Number(process.argv[secondsArg + 1]) : 3);
