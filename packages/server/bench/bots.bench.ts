/**
 * `npm run bench:server-bots [-- --games 6 --players 5]`: how long one bot decision takes on the
 * server's event loop, per level, over whole games (the bots decide from each seat's view; the other
 * seats' moves come from the same bots). Prints p50/p90/p99/max in ms, as wall time and as the process's
 * CPU time (on a busy machine the wall-time tail is mostly waiting for a CPU) — the figures behind keeping bot
 * decisions on the event loop rather than in a worker thread (server README).
 */
import {
  apply,
  createGame,
  type DreamsState,
  mulberry32,
  progress,
  type Seat,
  testSeed,
  view,
} from "@firmament/dreams";
import { loadStandardDeck } from "../src/deck";
import { createSeatBot } from "../src/games/dreams-bot";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const GAMES = Number(args.get("games") ?? 6);
const PLAYERS = Number(args.get("players") ?? 5);
const COLOURS = ["red", "blue", "green", "yellow", "purple", "white"] as const;

const deck = loadStandardDeck();
const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

for (const level of ["easy", "medium", "hard"] as const) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let g = 0; g < GAMES; g++) {
    const random = mulberry32(g + 1);
    const created = createGame({
      colours: COLOURS.slice(0, PLAYERS),
      deck: deck.ids,
      seed: testSeed(random),
    });
    if (!created.ok) throw new Error(created.error.code);
    let state: DreamsState = created.value;
    const bots = Array.from({ length: PLAYERS }, (_, seat) =>
      createSeatBot(level, `${level}:${g}:${seat}`, (id) => deck.detail.get(id) as never),
    );
    while (state.phase !== "over") {
      const seat = progress(state).awaiting[0] as Seat;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const action = bots[seat]?.decide(view(state, seat));
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
      if (!action) throw new Error("a bot found no move");
      const next = apply(state, action);
      if (!next.ok) throw new Error(`a bot move was refused: ${next.error.code}`);
      state = next.value.state;
    }
  }
  const f = (n: number) => n.toFixed(2).padStart(6);
  const line = (what: string, values: number[]) => {
    values.sort((a, b) => a - b);
    return `${what} p50 ${f(at(values, 0.5))}  p90 ${f(at(values, 0.9))}  p99 ${f(at(values, 0.99))}  max ${f(values.at(-1) ?? 0)} ms`;
  };
  console.log(`${level.padEnd(6)} ${String(times.length).padStart(5)} decisions  ${line("wall", times)}`);
  console.log(`${"".padEnd(22)}${line(" cpu", cpu)}`);
}
const [load1] = (await import("node:fs")).readFileSync("/proc/loadavg", "utf8").split(" ");
console.log(`(machine load ${load1})`);
