/**
 * The bots' arena: plays whole games with the engine and prints, per policy and role, how they did.
 *
 *   npm run arena -- --players 5 --games 2000 --seats oracle,oracle,adept,novice,oracle
 *   npm run arena -- --players 5 --games 300 --mortal oracle --gods peak   (roles fixed per round)
 *   npm run arena -- --ladder --games 200      (every level against every other, baselines, mixed tables)
 *   npm run arena -- --mixed --players 5 --games 500   (seats drawn at random from the three levels)
 *
 * Options: --deck standard|synthetic (standard by default), --edition N (of the standard deck; default
 * the current one), --seed TEXT, --sizes 3,4,5,6 (ladder), --lambda-curve 0,0.1,0.2 (oracle gods' subtlety
 * against an oracle mortal who knows it), --oracle '{"lambda":0.3}' / --adept '{…}' (override a level's
 * parameters, for tuning).
 */
import { type DetailMap, standardDeck } from "@firmament/cards";
import { ArenaStats, isPolicy, type Lineup, type Policy, playGame, quantile, type Tally } from "../src/arena";
import { type Bot, botWithParams, LEVELS, type Params } from "../src/bot";
import { syntheticDeck } from "../src/synthetic";
import { handOver } from "./arena-dreamers";

const USAGE = `Dreams arena: plays whole games between bots and prints, per policy and role, how they did.

  npm run arena -- [--players N] [--games N] [--seats P,P,…] [--mortal P --gods P] [--ladder] [--mixed]
  npm run arena -- --game dreamers --help      (Dreamers' arena and its options)

  --players N         3 to 6 (default 5)            --games N       games to play (default 200)
  --seats P,P,…       a policy per seat             --mortal P, --gods P   roles fixed per round
  --ladder            every level against every other, baselines, mixed tables (--sizes 3,4,5,6)
  --mixed             seats drawn at random from the three levels
  --deck standard|synthetic, --edition N, --seed TEXT
  --lambda-curve 0,0.1,…   oracle gods' subtlety against an oracle mortal who knows it
  --oracle '{…}', --adept '{…}'   override a level's parameters (tuning)
  Policies: novice, adept, oracle, random, peak.`;

const asksHelp = process.argv.includes("--help") || process.argv.includes("-h");
if (asksHelp && !process.argv.includes("dreamers")) {
  console.log(USAGE);
  process.exit(0);
}

// `--game dreamers` runs Dreamers' arena (arena-dreamers.ts) instead; `--game dreams` is this one.
if (await handOver(process.argv).catch(fail)) process.exit(0);

function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

interface Args {
  players: number;
  games: number;
  seats?: Policy[];
  mortal?: Policy;
  gods?: Policy;
  ladder: boolean;
  mixed: boolean;
  deck: "standard" | "synthetic";
  edition?: number;
  seed: string;
  sizes: number[];
  lambdaCurve?: number[];
  oracle?: Partial<Params>;
  adept?: Partial<Params>;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    players: 5,
    games: 200,
    ladder: false,
    mixed: false,
    deck: "standard",
    seed: "arena",
    sizes: [3, 4, 5, 6],
  };
  const policies = (text: string): Policy[] =>
    text.split(",").map((p) => {
      const t = p.trim();
      if (!isPolicy(t)) throw new Error(`Unknown policy "${t}": use novice, adept, oracle, random or peak.`);
      return t;
    });
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--players") args.players = Number(next());
    else if (a === "--games") args.games = Number(next());
    else if (a === "--seats") args.seats = policies(next());
    else if (a === "--mortal") args.mortal = policies(next())[0];
    else if (a === "--gods") args.gods = policies(next())[0];
    else if (a === "--ladder") args.ladder = true;
    else if (a === "--mixed") args.mixed = true;
    else if (a === "--seed") args.seed = next();
    else if (a === "--sizes") args.sizes = next().split(",").map(Number);
    else if (a === "--edition") args.edition = Number(next());
    else if (a === "--lambda-curve") args.lambdaCurve = next().split(",").map(Number);
    else if (a === "--oracle") args.oracle = JSON.parse(next()) as Partial<Params>;
    else if (a === "--adept") args.adept = JSON.parse(next()) as Partial<Params>;
    else if (a === "--deck") {
      const d = next();
      if (d !== "standard" && d !== "synthetic") throw new Error("--deck is standard or synthetic");
      args.deck = d;
    } else throw new Error(`Unknown option ${a}`);
  }
  if (!Number.isInteger(args.players) || args.players < 3 || args.players > 6)
    throw new Error("--players must be 3..6");
  if (!Number.isInteger(args.games) || args.games < 1) throw new Error("--games must be a positive integer");
  if (args.seats && args.seats.length !== args.players) args.players = args.seats.length;
  return args;
}

interface Deck {
  name: string;
  ids: string[];
  detail: (id: string) => DetailMap;
}

async function loadDeck(kind: Args["deck"], edition?: number): Promise<Deck> {
  if (kind === "standard") {
    const deck = standardDeck(edition);
    const maps = new Map(deck.cards.map((m) => [m.id, m.detail]));
    return {
      name: `standard ${deck.version}, edition ${deck.edition} (${maps.size} cards)`,
      ids: [...maps.keys()],
      detail: (id) => maps.get(id) as DetailMap,
    };
  }
  const syn = syntheticDeck(96);
  return { name: "synthetic (96 cards)", ...syn };
}

const pct = (t: Tally): string => (t.n ? `${(100 * t.mean).toFixed(1)}%` : "—");
const pm = (t: Tally, digits = 2): string =>
  t.n ? `${t.mean.toFixed(digits)} ±${(2 * t.se).toFixed(digits)}` : "—";

/** Players that replace a built-in policy of the same name (the oracle with --oracle overrides). */
let custom: Record<string, (seed: string) => Bot> = {};

function run(
  lineup: Lineup,
  games: number,
  deck: Deck,
  seed: string,
  countWins: boolean,
  into = new ArenaStats(),
) {
  for (let g = 0; g < games; g++)
    into.addGame(
      playGame({ lineup, deck: deck.ids, detail: deck.detail, seed: `${seed}|${g}`, custom }),
      countWins,
    );
  return into;
}

/**
 * The subtlety curve: oracle gods with each λ against an oracle mortal who knows that λ (its god model
 * is the gods' own policy), at one table size. Vision found falls as λ rises; naming the mortal rises.
 */
function lambdaCurve(players: number, games: number, deck: Deck, seed: string, lambdas: number[]): void {
  console.log(
    `\n### Subtlety curve, ${players} players, oracle mortal vs oracle gods (${games} games per λ)\n`,
  );
  console.log(
    "| λ | rounds | vision found | gods name the mortal | undetected | mortal pts/round | god pts/round |",
  );
  console.log("|---|---|---|---|---|---|---|");
  const base = custom.oracle;
  for (const lambda of lambdas) {
    const params: Params = { ...LEVELS.oracle, ...overrides, lambda };
    custom = { oracle: (s) => botWithParams(params, s) };
    const stats = run(
      { players, mortal: "oracle", god: "oracle" },
      games,
      deck,
      `${seed}|curve|${players}`,
      false,
    );
    const o = stats.of("oracle");
    console.log(
      `| ${lambda} | ${o.mortalRounds} | ${pct(o.visionFound)} ±${(200 * o.visionFound.se).toFixed(1)} | ${pct(o.godNamed)} | ${pct(o.undetected)} | ${pm(o.mortalPoints)} | ${pm(o.godPoints)} |`,
    );
  }
  custom = base ? { oracle: base } : {};
}

let overrides: Partial<Params> = {};

function printStats(stats: ArenaStats, title: string): void {
  console.log(`\n### ${title} — ${stats.games} games, ${stats.rounds} rounds\n`);
  console.log(
    "| policy | mortal rounds | vision found | undetected | pts/round mortal | god guesses | names mortal | pts/round god | wins/game | undetected by placing order | undetected by seat | p50 ms | p99 ms | p99 CPU ms |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const [policy, s] of stats.byPolicy) {
    const rate = (t: Tally | undefined): string => (t ? `${Math.round(100 * t.mean)}` : "—");
    const order = Array.from(s.undetectedByOrder, rate).join("/");
    const seats = Array.from(s.undetectedBySeat, rate).join("/");
    console.log(
      `| ${policy} | ${s.mortalRounds} | ${pct(s.visionFound)} | ${pct(s.undetected)} | ${pm(s.mortalPoints)} | ${s.godNamed.n} | ${pct(s.godNamed)} | ${pm(s.godPoints)} | ${s.wins.n ? s.wins.mean.toFixed(3) : "—"} | ${order} | ${seats} | ${quantile(s.times, 0.5).toFixed(2)} | ${quantile(s.times, 0.99).toFixed(2)} | ${quantile(s.cpuTimes, 0.99).toFixed(2)} |`,
    );
  }
}

/** For mixed tables: does each level score more than the level below it, in both roles, beyond 2 SE? */
function printLadderCheck(stats: ArenaStats): void {
  const levels: Policy[] = ["novice", "adept", "oracle"];
  console.log("\n| role | step | points per round | gap | 2 SE of the gap | beyond 2 SE |");
  console.log("|---|---|---|---|---|---|");
  for (const role of ["mortal", "god"] as const) {
    for (let i = 1; i < levels.length; i++) {
      const lo = stats.of(levels[i - 1] as Policy);
      const hi = stats.of(levels[i] as Policy);
      const a = role === "mortal" ? hi.mortalPoints : hi.godPoints;
      const b = role === "mortal" ? lo.mortalPoints : lo.godPoints;
      const gap = a.mean - b.mean;
      const twoSe = 2 * Math.hypot(a.se, b.se);
      console.log(
        `| ${role} | ${levels[i]} > ${levels[i - 1]} | ${a.mean.toFixed(2)} vs ${b.mean.toFixed(2)} | ${gap.toFixed(2)} | ${twoSe.toFixed(2)} | ${gap > twoSe ? "yes" : "no"} |`,
      );
    }
  }
}

function roleMatrix(players: number, games: number, deck: Deck, seed: string): void {
  const mortals: Policy[] = ["random", "peak", "novice", "adept", "oracle"];
  const gods: Policy[] = ["peak", "novice", "adept", "oracle"];
  console.log(`\n### Roles at ${players} players (${games} games per cell; mortal policy × god policy)\n`);
  console.log(
    "| mortal ↓ / gods → | " +
      gods.map((g) => `${g}: vision · named · mortal pts · god pts`).join(" | ") +
      " |",
  );
  console.log(`|---|${gods.map(() => "---").join("|")}|`);
  for (const m of mortals) {
    const cells: string[] = [];
    for (const g of gods) {
      const stats = run({ players, mortal: m, god: g }, games, deck, `${seed}|${players}|${m}|${g}`, false);
      const ms = stats.of(m);
      const gs = stats.of(g);
      cells.push(
        `${pct(ms.visionFound)} · ${pct(gs.godNamed)} · ${ms.mortalPoints.mean.toFixed(2)} · ${gs.godPoints.mean.toFixed(2)}`,
      );
    }
    console.log(`| ${m} | ${cells.join(" | ")} |`);
  }
}

function mixed(players: number, games: number, deck: Deck, seed: string): ArenaStats {
  const levels: Policy[] = ["novice", "adept", "oracle"];
  const stats = new ArenaStats();
  for (let g = 0; g < games; g++) {
    // Every level at every table, the rest drawn in turn, seats rotated so no level owns a seat.
    const seats: Policy[] = Array.from({ length: players }, (_, s) => levels[(s + g) % 3] as Policy);
    run({ seats }, 1, deck, `${seed}|mixed|${players}|${g}`, true, stats);
  }
  return stats;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const deck = await loadDeck(args.deck, args.edition);
  console.log(`Deck: ${deck.name}; seed "${args.seed}"`);
  if (args.oracle) {
    overrides = args.oracle;
    const params: Params = { ...LEVELS.oracle, ...overrides };
    custom = { oracle: (s) => botWithParams(params, s) };
    console.log(`Oracle overrides: ${JSON.stringify(overrides)}`);
  }
  if (args.adept) {
    const params: Params = { ...LEVELS.adept, ...args.adept };
    custom = { ...custom, adept: (s) => botWithParams(params, s) };
    console.log(`Adept overrides: ${JSON.stringify(args.adept)}`);
  }
  const t0 = performance.now();
  if (args.lambdaCurve) lambdaCurve(args.players, args.games, deck, args.seed, args.lambdaCurve);
  else if (args.ladder) {
    for (const n of args.sizes) roleMatrix(n, args.games, deck, args.seed);
    for (const n of args.sizes) {
      const stats = mixed(n, args.games, deck, args.seed);
      printStats(stats, `Mixed tables, ${n} players`);
      printLadderCheck(stats);
    }
  } else if (args.mixed) {
    const stats = mixed(args.players, args.games, deck, args.seed);
    printStats(stats, `Mixed tables, ${args.players} players`);
    printLadderCheck(stats);
  } else {
    let lineup: Lineup;
    if (args.seats) lineup = { seats: args.seats };
    else if (args.mortal || args.gods)
      lineup = { players: args.players, mortal: args.mortal ?? "oracle", god: args.gods ?? "oracle" };
    else lineup = { seats: Array.from({ length: args.players }, () => "oracle" as Policy) };
    const label = "seats" in lineup ? lineup.seats.join(",") : `mortal ${lineup.mortal}, gods ${lineup.god}`;
    printStats(
      run(lineup, args.games, deck, args.seed, "seats" in lineup),
      `${args.players} players: ${label}`,
    );
  }
  console.log(`\n(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
