/**
 * How long the belief explanation takes on the standard deck: rounds played to the reveal by oracle bots
 * at every seat, then per round the beliefs at the reveal alone and the whole star-by-star trajectory
 * (explainStars computes both in one call; the reveal alone is timed with the stars' prefixes left out).
 * Usage: npx tsx packages/bots/scripts/explain-timing.ts [rounds] [players]
 */
import { type DetailMap, standardDeck } from "@firmament/cards";
import { apply, COLOURS, createGame, type DreamsState, type ImageNumber, view } from "@firmament/dreams";
import { hexSeed } from "../src/arena";
import { createBot } from "../src/bot";
import { explainStars } from "../src/explain";
import { clearMemo } from "../src/memo";

const rounds = Number(process.argv[2] ?? 40);
const players = Number(process.argv[3] ?? 6);
const deck = standardDeck();
const maps = new Map<string, DetailMap>(deck.cards.map((c) => [c.id, c.detail]));
const detail = (id: string) => maps.get(id) as DetailMap;

function playToReveal(seed: string): DreamsState {
  const created = createGame({
    colours: COLOURS.slice(0, players),
    deck: [...maps.keys()],
    seed: hexSeed(seed),
  });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const bots = Array.from({ length: players }, (_, s) => createBot({ level: "oracle", seed: `${seed}${s}` }));
  while (state.phase !== "reveal") {
    const moves = Array.from({ length: players }, (_, s) =>
      bots[s]?.decide({ view: view(state, s), detail }),
    );
    const applied = apply(state, moves.find((m) => m) ?? null);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  return state;
}

const quantile = (xs: number[], q: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};

const whole: number[] = [];
const first: number[] = [];
const wholeCpu: number[] = [];
const warm: number[] = [];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
// The first round also warms up the JIT and the cards' models: left out of the figures.
explainStars(view(playToReveal("warm"), "spectator"), 1, detail);
for (let r = 0; r < rounds; r++) {
  const spectator = view(playToReveal(`timing${r}`), "spectator");
  const vision = spectator.result?.secret.vision as ImageNumber;
  // Warm: right after oracle bots played the round in this process, their scans are in the memo.
  const w0 = performance.now();
  explainStars(spectator, vision, detail);
  warm.push(performance.now() - w0);
  // A cold start: no memo from the bots' own decisions helps (a table of people, or another process).
  clearMemo();
  let t0 = performance.now();
  const c0 = process.cpuUsage();
  explainStars(spectator, vision, detail);
  whole.push(performance.now() - t0);
  wholeCpu.push(cpuMs(c0));
  clearMemo();
  t0 = performance.now();
  explainStars(spectator, vision, detail, undefined, false);
  first.push(performance.now() - t0);
}
const fmt = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
console.log(`${rounds} rounds at ${players} players, deck ${deck.version}`);
console.log(`one reveal's beliefs with the whole trajectory (cold): ${fmt(whole)}`);
console.log(`  the same, CPU time of the process: ${fmt(wholeCpu)}`);
console.log(`the same, warm (oracle bots played the round in this process): ${fmt(warm)}`);
console.log(`one reveal's beliefs alone (cold): ${fmt(first)}`);
console.log(`per star of the trajectory (wall p50): ${(quantile(whole, 0.5) / (3 * players)).toFixed(1)} ms`);
