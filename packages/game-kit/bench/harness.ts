/**
 * What the games' rules benchmarks share: random legal games played on one core, their throughput (wall
 * clock and CPU time) and apply() timed call by call. Each benchmark prints its own table.
 */
import type { Result } from "../src/result";
import type { Random } from "../src/testing";

/** A game as its benchmark plays it: a new game, apply, a random legal action, and when to weigh the state. */
export interface BenchGame<State, Action> {
  newGame(random: Random): State;
  apply(state: State, action: Action): Result<{ state: State }>;
  randomAction(state: State, random: Random): Action | null;
  /** Whether the state after an action is one whose serialised size the benchmark reports. */
  weighs(state: State): boolean;
}

/** Plays one random game; keeps its actions in `record` and the sizes of the states it weighs in `sizes`. */
export function playGame<State, Action>(
  game: BenchGame<State, Action>,
  random: Random,
  record?: Action[],
  sizes?: number[],
): number {
  let state = game.newGame(random);
  let actions = 0;
  for (let action = game.randomAction(state, random); action; action = game.randomAction(state, random)) {
    const result = game.apply(state, action);
    if (!result.ok) throw new Error(result.error.code);
    record?.push(action);
    state = result.value.state;
    actions++;
    if (sizes && game.weighs(state)) sizes.push(Buffer.byteLength(JSON.stringify(state)));
  }
  return actions;
}

export interface Throughput {
  games: number;
  actions: number;
  /** Wall-clock seconds. */
  elapsed: number;
  cpuSeconds: number;
}

/** Games played in batches of 50 for `seconds`, after `warmUp` games not counted. */
export function throughput<State, Action>(
  game: BenchGame<State, Action>,
  random: Random,
  warmUp: number,
  seconds: number,
): Throughput {
  for (let i = 0; i < warmUp; i++) playGame(game, random);
  let games = 0;
  let actions = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(seconds * 1e9);
  while (process.hrtime.bigint() < deadline) {
    for (let i = 0; i < 50; i++) actions += playGame(game, random);
    games += 50;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  return { games, actions, elapsed, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/**
 * apply() alone, timed call by call (µs, sorted) on the games `seeds` give (each game's generator seeded
 * with its seed), and the sizes of the states weighed on the way.
 */
export function applyTimes<State, Action>(
  game: BenchGame<State, Action>,
  seeds: readonly number[],
  seeded: (seed: number) => Random,
): { times: Float64Array; sizes: number[] } {
  const sizes: number[] = [];
  const games = seeds.map((seed) => {
    const initial = game.newGame(seeded(seed));
    const actions: Action[] = [];
    playGame(game, seeded(seed), actions, sizes);
    return { initial, actions };
  });
  const times = new Float64Array(games.reduce((sum, g) => sum + g.actions.length, 0));
  let t = 0;
  for (const { initial, actions } of games) {
    let state = initial;
    for (const action of actions) {
      const before = process.hrtime.bigint();
      const result = game.apply(state, action);
      times[t++] = Number(process.hrtime.bigint() - before) / 1000;
      if (!result.ok) throw new Error(result.error.code);
      state = result.value.state;
    }
  }
  times.sort();
  return { times, sizes };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/** The `--seconds` argument, or `fallback`. */
export function secondsArgument(fallback: number): number {
  const at = process.argv.indexOf("--seconds");
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/**
 * The columns every rules benchmark prints, each padded to its width in `widths`: games/s, games per CPU
 * second, actions per game, µs per action all in, apply() median and p99 (µs), and the largest state.
 */
export function benchColumns(
  run: Throughput,
  applied: { times: Float64Array; sizes: number[] },
  widths: readonly number[],
): string[] {
  const { games, actions, elapsed, cpuSeconds } = run;
  return [
    (games / elapsed).toFixed(0),
    (games / cpuSeconds).toFixed(0),
    (actions / games).toFixed(1),
    ((cpuSeconds * 1e6) / actions).toFixed(2),
    percentile(applied.times, 0.5).toFixed(2),
    percentile(applied.times, 0.99).toFixed(2),
    String(Math.max(...applied.sizes)),
  ].map((cell, i) => cell.padStart(widths[i] ?? 0));
}
