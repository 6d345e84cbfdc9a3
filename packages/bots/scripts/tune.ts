/**
 * Tuning aid: plays role-fixed tables where the mortal and the gods are oracle bots with parameter
 * overrides (JSON), or any arena policy by name, and prints the role figures.
 *
 *   npx tsx packages/bots/scripts/tune.ts --players 5 --games 100 --mortal '{"hedge":0.8}' --gods oracle
 */
import { type DetailMap, standardDeck } from "@firmament/cards";
import { ArenaStats, isPolicy, playGame, quantile } from "../src/arena";
import { type Bot, botWithParams, LEVELS, type Params } from "../src/bot";
import { syntheticDeck } from "../src/synthetic";

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] as string) : fallback;
};
const players = Number(opt("players", "5"));
const games = Number(opt("games", "100"));
const seed = opt("seed", "tune");

async function deck(): Promise<{ ids: string[]; detail: (id: string) => DetailMap }> {
  if (opt("deck", "standard") === "synthetic") return syntheticDeck(96);
  const edition = argv.includes("--edition") ? Number(opt("edition", "")) : undefined;
  const maps = new Map(standardDeck(edition).cards.map((m) => [m.id, m.detail]));
  return { ids: [...maps.keys()], detail: (id) => maps.get(id) as DetailMap };
}

function side(text: string, name: string): { policy: string; custom?: (seed: string) => Bot } {
  if (isPolicy(text)) return { policy: text };
  const params: Params = { ...LEVELS.oracle, ...(JSON.parse(text) as Partial<Params>) };
  return { policy: name, custom: (s) => botWithParams(params, s) };
}

const { ids, detail } = await deck();
const mortal = side(opt("mortal", "oracle"), "tuned-mortal");
const gods = side(opt("gods", "oracle"), "tuned-gods");
const custom: Record<string, (seed: string) => Bot> = {};
if (mortal.custom) custom[mortal.policy] = mortal.custom;
if (gods.custom) custom[gods.policy] = gods.custom;
const stats = new ArenaStats();
const t0 = performance.now();
for (let g = 0; g < games; g++)
  stats.addGame(
    playGame({
      lineup: { players, mortal: mortal.policy as never, god: gods.policy as never },
      deck: ids,
      detail,
      seed: `${seed}|${g}`,
      custom,
    }),
    false,
  );
const m = stats.of(mortal.policy as never);
const g = stats.of(gods.policy as never);
const order = m.undetectedByOrder.map((t) => Math.round(100 * t.mean)).join("/");
console.log(
  `${players}p ${stats.rounds} rounds | vision ${(100 * m.visionFound.mean).toFixed(1)}% | named ${(100 * g.godNamed.mean).toFixed(1)}% | undetected ${(100 * m.undetected.mean).toFixed(1)}% [${order}] | mortal ${m.mortalPoints.mean.toFixed(2)}±${(2 * m.mortalPoints.se).toFixed(2)} | god ${g.godPoints.mean.toFixed(2)}±${(2 * g.godPoints.se).toFixed(2)} | p99 ${quantile([...m.times, ...g.times], 0.99).toFixed(1)}ms | ${((performance.now() - t0) / 1000).toFixed(0)}s`,
);
