import type { DetailMap } from "@firmament/cards";
import { apply, COLOURS, createGame, type DreamsState, type Seat, view } from "@firmament/dreams";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { type Baseline, createBaseline } from "./baselines";
import { type Bot, type BotLevel, createBot } from "./bot";

/** A seat's player in the arena: a bot level or a fixed baseline. */
export type Policy = BotLevel | Baseline;
export const POLICIES: readonly Policy[] = ["novice", "adept", "oracle", "random", "peak"];

export function isPolicy(value: string): value is Policy {
  return (POLICIES as readonly string[]).includes(value);
}

/** Who plays a seat: fixed per seat, or chosen by the seat's role in each round. */
export type Lineup = { seats: Policy[] } | { players: number; mortal: Policy; god: Policy };

export interface GameSetup {
  lineup: Lineup;
  deck: readonly string[];
  detail: (cardId: string) => DetailMap;
  /** Any string; fixes the deal and every bot's seed. */
  seed: string;
  /** Stops a game after this many rounds even if nobody reached 16 (default 60). */
  maxRounds?: number;
  /** Extra players by name (for tuning): used instead of the built-in policy of that name. */
  custom?: Record<string, (seed: string) => Bot>;
}

export interface RoundRecord {
  players: number;
  /** The four cards laid out this round. */
  cards: string[];
  mortal: Seat;
  /** The mortal's place in this round's placing order (0 = placed first). */
  mortalOrder: number;
  mortalPolicy: Policy;
  /** Per seat, the policy that played it this round. */
  policies: Policy[];
  visionFound: boolean;
  undetected: boolean;
  /** Per seat: true if this god named the mortal; null for the mortal. */
  named: (boolean | null)[];
  points: number[];
}

export interface GameRecord {
  rounds: RoundRecord[];
  /** Per seat, the seat's policy (for role lineups: "mixed" is not tracked; the god policy). */
  seatPolicies: Policy[];
  winners: Seat[];
  /** Decision times in milliseconds (wall clock), per policy. */
  times: Map<Policy, number[]>;
  /** Decision CPU times in milliseconds (this process, user + system), per policy. */
  cpuTimes: Map<Policy, number[]>;
}

function lineupPlayers(lineup: Lineup): number {
  return "seats" in lineup ? lineup.seats.length : lineup.players;
}

function policyFor(lineup: Lineup, seat: Seat, mortal: Seat): Policy {
  if ("seats" in lineup) return lineup.seats[seat] as Policy;
  return seat === mortal ? lineup.mortal : lineup.god;
}

export function hexSeed(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

function makeBot(policy: Policy, seed: string): Bot {
  return policy === "random" || policy === "peak"
    ? createBaseline(policy, seed)
    : createBot({ level: policy, seed });
}

/** Plays one game with the engine; every decision is a bot's, taken from `view(state, seat)` only. */
export function playGame(setup: GameSetup): GameRecord {
  const players = lineupPlayers(setup.lineup);
  const created = createGame({
    colours: COLOURS.slice(0, players),
    deck: setup.deck,
    seed: hexSeed(`game|${setup.seed}`),
  });
  if (!created.ok) throw new Error(`createGame: ${created.error.message}`);
  let state: DreamsState = created.value;
  const bots = new Map<string, Bot>();
  const botFor = (policy: Policy, seat: Seat): Bot => {
    const key = `${policy}|${seat}`;
    let bot = bots.get(key);
    if (!bot) {
      const seed = `${setup.seed}|seat${seat}|${policy}`;
      const custom = setup.custom?.[policy];
      bot = custom ? custom(seed) : makeBot(policy, seed);
      bots.set(key, bot);
    }
    return bot;
  };
  const times = new Map<Policy, number[]>();
  const cpuTimes = new Map<Policy, number[]>();
  const rounds: RoundRecord[] = [];
  const maxRounds = setup.maxRounds ?? 60;
  while (state.phase !== "over") {
    const round = state.round;
    const seat = seatToAct(state, players, maxRounds);
    if (seat === null) break;
    const policy = policyFor(setup.lineup, seat, round.mortal);
    const bot = botFor(policy, seat);
    const seatView = view(state, seat);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const action = bot.decide({ view: seatView, detail: setup.detail });
    const dt = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    const list = times.get(policy) ?? [];
    list.push(dt);
    times.set(policy, list);
    const cpuList = cpuTimes.get(policy) ?? [];
    cpuList.push((cpu.user + cpu.system) / 1000);
    cpuTimes.set(policy, cpuList);
    if (!action) throw new Error(`${policy} bot at seat ${seat} returned no action in phase ${state.phase}`);
    const result = apply(state, action);
    if (!result.ok) throw new Error(`${policy} bot made an illegal move: ${result.error.code}`);
    const before = state;
    state = result.value.state;
    if (before.phase === "guessing" && state.phase !== "guessing")
      rounds.push(record(setup.lineup, before, state));
  }
  const seatPolicies = Array.from({ length: players }, (_, s) =>
    "seats" in setup.lineup ? (setup.lineup.seats[s] as Policy) : setup.lineup.god,
  );
  const winners = state.winners ?? leadersOf(state.scores);
  return { rounds, seatPolicies, winners, times, cpuTimes };
}

/** The seat whose decision the game awaits, or null to stop after `maxRounds` rounds. */
function seatToAct(state: DreamsState, players: number, maxRounds: number): Seat | null {
  const round = state.round;
  if (state.phase === "placing") return (round.dealer + round.stars.length) % players;
  if (state.phase === "guessing") return round.guesses.indexOf(null);
  if (round.number >= maxRounds && round.ready.every((r) => !r)) return null;
  return round.ready.findIndex((r) => !r);
}

function leadersOf(scores: number[]): Seat[] {
  const best = Math.max(...scores);
  return scores.flatMap((s, seat) => (s === best ? [seat] : []));
}

function record(lineup: Lineup, before: DreamsState, after: DreamsState): RoundRecord {
  const result = after.round.result;
  if (!result) throw new Error("round not revealed");
  const players = before.colours.length;
  const { mortal, vision } = result.secret;
  const mortalColour = before.colours[mortal];
  const guesses = result.guesses;
  const named = guesses.map((g, s) => (s === mortal ? null : "colour" in g && g.colour === mortalColour));
  const mortalGuess = guesses[mortal];
  return {
    players,
    cards: [...before.round.cards],
    mortal,
    mortalOrder: (mortal - before.round.dealer + players) % players,
    mortalPolicy: policyFor(lineup, mortal, mortal),
    policies: Array.from({ length: players }, (_, s) => policyFor(lineup, s, mortal)),
    visionFound: mortalGuess !== undefined && "image" in mortalGuess && mortalGuess.image === vision,
    undetected: named.every((n) => n !== true),
    named,
    points: result.scoring.map((s) => s.points),
  };
}

/** Running mean and standard error. */
export class Tally {
  n = 0;
  sum = 0;
  sumSq = 0;
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
  }
  get mean(): number {
    return this.n ? this.sum / this.n : Number.NaN;
  }
  get se(): number {
    if (this.n < 2) return Number.NaN;
    const m = this.mean;
    const variance = (this.sumSq - this.n * m * m) / (this.n - 1);
    return Math.sqrt(Math.max(0, variance) / this.n);
  }
}

export interface PolicyStats {
  mortalRounds: number;
  visionFound: Tally;
  undetected: Tally;
  mortalPoints: Tally;
  godNamed: Tally;
  godPoints: Tally;
  wins: Tally;
  /** Undetected rate by the mortal's place in the placing order. */
  undetectedByOrder: Tally[];
  /** Undetected rate by the mortal's seat index. */
  undetectedBySeat: Tally[];
  times: number[];
  cpuTimes: number[];
}

function emptyStats(): PolicyStats {
  return {
    mortalRounds: 0,
    visionFound: new Tally(),
    undetected: new Tally(),
    mortalPoints: new Tally(),
    godNamed: new Tally(),
    godPoints: new Tally(),
    wins: new Tally(),
    undetectedByOrder: [],
    undetectedBySeat: [],
    times: [],
    cpuTimes: [],
  };
}

export class ArenaStats {
  readonly byPolicy = new Map<Policy, PolicyStats>();
  rounds = 0;
  games = 0;

  of(policy: Policy): PolicyStats {
    const s = this.byPolicy.get(policy) ?? emptyStats();
    this.byPolicy.set(policy, s);
    return s;
  }

  addGame(game: GameRecord, countWins: boolean): void {
    this.games++;
    for (const r of game.rounds) this.addRound(r);
    if (countWins)
      game.seatPolicies.forEach((p, seat) => {
        this.of(p).wins.add(game.winners.includes(seat) ? 1 : 0);
      });
    for (const [p, list] of game.times) for (const t of list) this.of(p).times.push(t);
    for (const [p, list] of game.cpuTimes) for (const t of list) this.of(p).cpuTimes.push(t);
  }

  addRound(r: RoundRecord): void {
    this.rounds++;
    const m = this.of(r.mortalPolicy);
    m.mortalRounds++;
    m.visionFound.add(r.visionFound ? 1 : 0);
    m.undetected.add(r.undetected ? 1 : 0);
    m.mortalPoints.add(r.points[r.mortal] as number);
    let byOrder = m.undetectedByOrder[r.mortalOrder];
    if (!byOrder) m.undetectedByOrder[r.mortalOrder] = byOrder = new Tally();
    byOrder.add(r.undetected ? 1 : 0);
    let bySeat = m.undetectedBySeat[r.mortal];
    if (!bySeat) m.undetectedBySeat[r.mortal] = bySeat = new Tally();
    bySeat.add(r.undetected ? 1 : 0);
    r.named.forEach((named, seat) => {
      if (named === null) return;
      const g = this.of(r.policies[seat] as Policy);
      g.godNamed.add(named ? 1 : 0);
      g.godPoints.add(r.points[seat] as number);
    });
  }
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}
