/**
 * The Dreamers arena: plays whole games through the game contract, every decision a bot's from its
 * seat's view (and checked with checkAction), and prints per pairing and identity how they did.
 *
 *   npm run arena -- --game dreamers --pairs oracle:blocker,honest:honest --games 400
 *   npm run arena -- --game dreamers --ladder --games 1200 --out packages/bots/arena-results/dreamers.md
 *
 * Policies: novice, adept, oracle (the bots), random, honest, blocker (baselines). --ladder plays every
 * pair of levels, each level against each baseline, and the baselines' reference pairings.
 * Options: --seed TEXT, --out FILE (also write the Markdown there).
 */
import { writeFileSync } from "node:fs";
import { type DreamersPolicy, isDreamersPolicy, type PairingStats, runPairing } from "../src/dreamers/arena";
import {
  LEVELS,
  ladderTables,
  pairingTable,
  targetLines,
  timesTable,
  winsTable,
} from "../src/dreamers/report";

const USAGE = `Dreamers arena: plays whole games between bots and prints how each pairing did.

  npm run arena -- --game dreamers [--pairs A:B,…] [--ladder] [--games N] [--seed TEXT] [--out FILE]

  --pairs A:B,…  pairings to play (default oracle:oracle); policies: novice, adept, oracle (the bots),
                 random, honest, blocker (baselines)
  --ladder       every pair of levels, each level against each baseline, and the baselines' pairings
  --games N      games per pairing (default 100, at least 2)
  --seed TEXT    the seed of the deals (default dreamers-arena)
  --out FILE     also write the Markdown report there
  --help         this text`;

interface Args {
  games: number;
  pairs: Array<[DreamersPolicy, DreamersPolicy]>;
  ladder: boolean;
  seed: string;
  out: string | null;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { games: 100, pairs: [], ladder: false, seed: "dreamers-arena", out: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (a === "--game") next();
    else if (a === "--games") args.games = Number(next());
    else if (a === "--ladder") args.ladder = true;
    else if (a === "--seed") args.seed = next();
    else if (a === "--out") args.out = next();
    else if (a === "--pairs")
      for (const pair of next().split(",")) {
        const [x, y] = pair.split(":").map((p) => p.trim());
        if (!x || !y || !isDreamersPolicy(x) || !isDreamersPolicy(y))
          throw new Error(
            `Bad pairing "${pair}": use A:B with novice, adept, oracle, random, honest, blocker.`,
          );
        args.pairs.push([x, y]);
      }
    else throw new Error(`Unknown option ${a}`);
  }
  if (!Number.isInteger(args.games) || args.games < 2) throw new Error("--games must be an integer ≥ 2");
  if (!args.ladder && args.pairs.length === 0) args.pairs.push(["oracle", "oracle"]);
  return args;
}

/** Every pair of levels, each level against each baseline, and the baselines' reference pairings. */
function ladderPairs(): Array<[DreamersPolicy, DreamersPolicy]> {
  const pairs: Array<[DreamersPolicy, DreamersPolicy]> = [];
  for (let i = 0; i < LEVELS.length; i++)
    for (let j = i; j < LEVELS.length; j++)
      pairs.push([LEVELS[i], LEVELS[j]] as [DreamersPolicy, DreamersPolicy]);
  for (const level of LEVELS)
    for (const baseline of ["random", "honest", "blocker"] as const) pairs.push([level, baseline]);
  pairs.push(["honest", "honest"], ["honest", "blocker"], ["random", "random"]);
  return pairs;
}

export async function runDreamersArena(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const pairs = args.ladder ? ladderPairs() : args.pairs;
  const t0 = performance.now();
  const results: PairingStats[] = [];
  for (const [a, b] of pairs) {
    const start = performance.now();
    results.push(runPairing(a, b, args.games, args.seed));
    console.error(
      `${a} vs ${b}: ${args.games} games in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
  }
  const rounds = results.reduce(
    (n, p) => n + p.bothDreamers.rounds + p.withMaster.reduce((m, r) => m + r.rounds, 0),
    0,
  );
  const sections = [
    `## Dreamers arena — ${args.games} games per pairing, seed "${args.seed}", ${rounds} rounds in all`,
    "",
    `\`npm run arena -- --game dreamers ${withoutGame(argv).join(" ")}\``,
    "",
    "Each pairing plays whole games (5 rounds, the tiebreak if tied), A and B alternating seats; the deal",
    "decides identities, so a pairing's rounds split into both Dreamers (about 1/3) and each one the Master.",
    "± is 2 standard errors.",
    "",
    "### Games won",
    "",
    winsTable(results),
    "",
    "### Per pairing and identity",
    "",
    pairingTable(results),
  ];
  const opponents = [...LEVELS, "random", "honest", "blocker"].filter((o) =>
    LEVELS.some((level) => results.some((p) => (p.a === level && p.b === o) || (p.b === level && p.a === o))),
  ) as DreamersPolicy[];
  if (LEVELS.every((level) => results.some((p) => p.a === level || p.b === level)))
    sections.push("", "### The ladder", ladderTables(results, opponents));
  const targets = targetLines(results);
  if (targets.length) sections.push("", "### Targets", "", ...targets);
  sections.push(
    "",
    "### Decision time",
    "",
    "Wall clock and CPU per decision on the machine that ran this (2 shared cores).",
    "",
    timesTable(results),
    "",
    `(${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const text = sections.join("\n");
  console.log(text);
  if (args.out) writeFileSync(args.out, `${text}\n`);
}

function withoutGame(argv: readonly string[]): string[] {
  const i = argv.indexOf("--game");
  return i < 0 ? argv.slice() : [...argv.slice(0, i), ...argv.slice(i + 2)];
}

/** `--game dreamers` hands the arena over to this file; `--game dreams` is dropped for Dreams' arena. */
export async function handOver(argv: string[]): Promise<boolean> {
  const i = argv.indexOf("--game");
  if (i < 0) return false;
  const game = argv[i + 1];
  if (game === "dreams") {
    argv.splice(i, 2);
    return false;
  }
  if (game !== "dreamers") throw new Error(`--game is dreams or dreamers, not "${game}"`);
  await runDreamersArena(argv.slice(2));
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`)
  runDreamersArena(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
