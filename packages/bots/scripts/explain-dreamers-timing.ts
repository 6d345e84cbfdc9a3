/**
 * How long the Dreamers explanation takes: rounds played by oracle bots, then explainTurns on each
 * round's end (both seats, every turn), cold (its likelihood memo shared with the bots is not cleared:
 * this measures a server that explains rounds the bots did not play from a fresh process per run).
 * Usage: npx tsx packages/bots/scripts/explain-dreamers-timing.ts [games]
 */
import { createGame, type DreamersState, dreamers, mulberry32, testSeed, view } from "@firmament/dreamers";
import { createDreamersBot } from "../src/dreamers/bot";
import { explainTurns } from "../src/dreamers/explain";

const games = Number(process.argv[2] ?? 30);
const ends: DreamersState[] = [];
for (let g = 0; g < games; g++) {
  const created = createGame({}, testSeed(mulberry32(7000 + g)));
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const bots = [0, 1].map((s) => createDreamersBot({ level: "oracle", seed: `t${g}-${s}` }));
  while (state.phase !== "over") {
    if (state.phase === "round_over" && !state.round.ready.some(Boolean)) ends.push(state);
    const seat = dreamers.progress(state).awaiting[0] as number;
    const applied = dreamers.apply(state, bots[seat]?.decide(view(state, seat)));
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
}
const times = ends.map((state) => {
  const seen = view(state, "spectator");
  const t0 = performance.now();
  explainTurns(seen);
  return performance.now() - t0;
});
const sorted = times.slice().sort((a, b) => a - b);
const q = (p: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number).toFixed(2);
console.log(
  `${ends.length} Dreamers rounds: explainTurns p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`,
);
