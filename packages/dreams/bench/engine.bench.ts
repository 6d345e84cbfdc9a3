/**
 * Engine benchmark: full random legal games of Dreams per player count (`npm run bench:rules` runs the
 * Dreamers benchmark after it).
 * Prints games per second (wall clock, and per CPU second, which is fairer on a busy machine), apply() time
 * per action (median, p99) and serialised state sizes.
 * Usage: npm run bench:engine [-- --seconds 3]
 */
import { apply } from "../src/apply";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction, testSeed } from "../src/testing";
import { COLOURS, type DreamsAction, type DreamsState } from "../src/types";

const secondsArg = process.argv.indexOf("--seconds");
const SECONDS = secondsArg >= 0 ? Number(process.argv[secondsArg + 1]) : 3;
const DECK = Array.from({ length: 96 }, (_, i) => `card-${String(i).padStart(3, "0")}`);

function newGame(players: number, random: () => number): DreamsState {
  const created = createGame({ colours: COLOURS.slice(0, players), deck: DECK, seed: testSeed(random) });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function playGame(players: number, random: () => number, record?: DreamsAction[], sizes?: number[]): number {
  let state = newGame(players, random);
  let actions = 0;
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.code);
    record?.push(action);
    state = result.value.state;
    actions++;
    if (sizes && state.phase === "guessing" && state.round.guesses.every((g) => g === null))
      sizes.push(Buffer.byteLength(JSON.stringify(state)));
  }
  return actions;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

console.log(`Engine benchmark — Node ${process.version}, ${SECONDS}s per player count, one core`);
console.log(
  "players  games/s  games/cpu-s  actions/game  µs/action(all-in, cpu)  apply median µs  apply p99 µs  state bytes (mid-game max)",
);
for (const players of [3, 4, 5, 6]) {
  const random = mulberry32(players * 7919);
  for (let i = 0; i < 200; i++) playGame(players, random); // warm-up
  let games = 0;
  let actions = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(SECONDS * 1e9);
  while (process.hrtime.bigint() < deadline) {
    for (let i = 0; i < 50; i++) actions += playGame(players, random);
    games += 50;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  // Time apply() alone, call by call, on recorded games.
  const recorded: DreamsAction[] = [];
  const sizes: number[] = [];
  const initials: DreamsState[] = [];
  const perGame: DreamsAction[][] = [];
  for (let g = 0; g < 300; g++) {
    const gameRandom = mulberry32(g + 1000 * players);
    initials.push(newGame(players, mulberry32(g + 1000 * players)));
    const actionsOfGame: DreamsAction[] = [];
    playGame(players, gameRandom, actionsOfGame, sizes);
    perGame.push(actionsOfGame);
    recorded.push(...actionsOfGame);
  }
  const times = new Float64Array(recorded.length);
  let t = 0;
  for (let g = 0; g < initials.length; g++) {
    let state = initials[g] as DreamsState;
    for (const action of perGame[g] as DreamsAction[]) {
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
