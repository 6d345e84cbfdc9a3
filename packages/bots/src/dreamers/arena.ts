import {
  checkAction,
  type DreamersState,
  dreamers,
  type Identity,
  type RoundEnd,
  type Seat,
  view,
} from "@firmament/dreamers";
import { sha256Hex } from "@firmament/game-kit";
import { createDreamersBaseline, DREAMERS_BASELINES, type DreamersBaseline } from "./baselines";
import { createDreamersBot, DREAMERS_BOT_LEVELS, type DreamersBot, type DreamersBotLevel } from "./bot";

/** A seat's player in the arena: a bot level or a fixed baseline. */
export type DreamersPolicy = DreamersBotLevel | DreamersBaseline;
export const DREAMERS_POLICIES: readonly DreamersPolicy[] = [...DREAMERS_BOT_LEVELS, ...DREAMERS_BASELINES];

export function isDreamersPolicy(value: string): value is DreamersPolicy {
  return (DREAMERS_POLICIES as readonly string[]).includes(value);
}

export interface DreamersRoundRecord {
  policies: [DreamersPolicy, DreamersPolicy];
  identities: [Identity, Identity];
  /** The seat that chose its identity this round, if any. */
  chooser: Seat | null;
  end: RoundEnd;
  gates: number;
  accuser: Seat | null;
  points: [number, number];
  turns: number;
}

export interface DreamersGameRecord {
  rounds: DreamersRoundRecord[];
  winners: Seat[];
  /** Wall-clock milliseconds per decision, per seat. */
  times: [number[], number[]];
  /** CPU milliseconds per decision (this process, user + system), per seat. */
  cpuTimes: [number[], number[]];
  /** Wall-clock milliseconds of the card plays only (the heaviest decisions), per seat. */
  playTimes: [number[], number[]];
}

export type BotMaker = (seed: string) => DreamersBot;

export function makeBot(policy: DreamersPolicy, seed: string): DreamersBot {
  return (DREAMERS_BOT_LEVELS as readonly string[]).includes(policy)
    ? createDreamersBot({ level: policy as DreamersBotLevel, seed })
    : createDreamersBaseline(policy as DreamersBaseline, seed);
}

/**
 * Plays one game through the contract; every decision is a bot's, from `view(state, seat)` only, and is
 * checked with `checkAction` before it is applied (an illegal decision throws).
 */
export function playDreamersGame(
  policies: [DreamersPolicy, DreamersPolicy],
  seed: string,
  makers: Partial<Record<DreamersPolicy, BotMaker>> = {},
): DreamersGameRecord {
  const setup = dreamers.setup({}, sha256Hex(`arena|${seed}`));
  if (!setup.ok) throw new Error(setup.error.message);
  let state: DreamersState = setup.value;
  const bots = policies.map((policy, seat) => {
    const maker = makers[policy];
    const botSeed = `${seed}|seat${seat}`;
    return maker ? maker(botSeed) : makeBot(policy, botSeed);
  });
  const times: [number[], number[]] = [[], []];
  const cpuTimes: [number[], number[]] = [[], []];
  const playTimes: [number[], number[]] = [[], []];
  const rounds: DreamersRoundRecord[] = [];
  let turns = 0;
  for (let step = 0; step < 10_000; step++) {
    const awaiting = dreamers.progress(state).awaiting;
    const seat = awaiting[0];
    if (seat === undefined) break;
    const seen = view(state, seat);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const action = (bots[seat] as DreamersBot).decide(seen);
    const elapsed = performance.now() - start;
    times[seat]?.push(elapsed);
    if (state.phase === "first_play" || state.phase === "second_play") playTimes[seat]?.push(elapsed);
    const used = process.cpuUsage(cpu);
    cpuTimes[seat]?.push((used.user + used.system) / 1000);
    if (!action) throw new Error(`${policies[seat]} gave no action in ${state.phase}`);
    const problem = checkAction(seen, action);
    if (problem)
      throw new Error(
        `${policies[seat]} chose an illegal action (${problem.code}): ${JSON.stringify(action)}`,
      );
    const applied = dreamers.apply(state, action);
    if (!applied.ok) throw new Error(`refused: ${applied.error.code}`);
    for (const event of applied.value.events) {
      if (event.type === "turn_started") turns = event.turn;
      if (event.type === "round_ended") {
        const result = event.result;
        rounds.push({
          policies,
          identities: result.secret.identities,
          chooser: state.round.chooser,
          end: result.end,
          gates: result.gates,
          accuser: result.accuser,
          points: [result.scoring[0].points, result.scoring[1].points],
          turns,
        });
      }
    }
    state = applied.value.state;
  }
  if (state.phase !== "over") throw new Error("game did not finish");
  return { rounds, winners: state.winners ?? [], times, cpuTimes, playTimes };
}

/** Mean and standard error of a stream of numbers. */
export class Tally {
  n = 0;
  private sum = 0;
  private squares = 0;
  add(x: number): void {
    this.n++;
    this.sum += x;
    this.squares += x * x;
  }
  merge(other: Tally): void {
    this.n += other.n;
    this.sum += other.sum;
    this.squares += other.squares;
  }
  get mean(): number {
    return this.n ? this.sum / this.n : 0;
  }
  get se(): number {
    if (this.n < 2) return 0;
    const variance = (this.squares - (this.sum * this.sum) / this.n) / (this.n - 1);
    return Math.sqrt(Math.max(0, variance) / this.n);
  }
}

/** Rounds of one kind between two policies: both Dreamers, or one policy the Master. */
export class RoundStats {
  rounds = 0;
  gates = new Tally();
  allGates = new Tally();
  ends: Record<RoundEnd, number> = { gates: 0, accusation: 0, exhausted: 0 };
  /** A Master accused (rounds with a Master only). */
  unmasked = new Tally();
  /** Per policy side (0: the row's policy, 1: the other): false accusations made, points per round. */
  falseAccusations = [new Tally(), new Tally()];
  points = [new Tally(), new Tally()];
  turns = new Tally();

  add(round: DreamersRoundRecord, side: (seat: Seat) => 0 | 1): void {
    this.rounds++;
    this.gates.add(round.gates);
    this.allGates.add(round.gates >= 3 ? 1 : 0);
    this.ends[round.end]++;
    this.turns.add(round.turns);
    const master = round.identities.indexOf("master");
    if (master >= 0) this.unmasked.add(round.end === "accusation" ? 1 : 0);
    for (const seat of [0, 1] as const) {
      const s = side(seat);
      this.points[s]?.add(round.points[seat]);
      const falseAccusation = round.accuser === seat && round.identities[1 - seat] === "dreamer";
      this.falseAccusations[s]?.add(falseAccusation ? 1 : 0);
    }
  }
}

/** One pairing's results: both Dreamers, A the Master, B the Master; per-policy points per identity. */
export class PairingStats {
  readonly bothDreamers = new RoundStats();
  /** Index 0: `a` is the Master (b the Dreamer); 1: `b` is the Master. */
  readonly withMaster = [new RoundStats(), new RoundStats()];
  readonly asDreamer = [new Tally(), new Tally()];
  readonly asMaster = [new Tally(), new Tally()];
  readonly times: [number[], number[]] = [[], []];
  readonly cpuTimes: [number[], number[]] = [[], []];
  readonly playTimes: [number[], number[]] = [[], []];
  games = 0;
  wins = [new Tally(), new Tally()];

  constructor(
    readonly a: DreamersPolicy,
    readonly b: DreamersPolicy,
  ) {}

  /** `aSeat`: the seat `a` played in this game. */
  addGame(game: DreamersGameRecord, aSeat: Seat): void {
    this.games++;
    const side = (seat: Seat): 0 | 1 => (seat === aSeat ? 0 : 1);
    for (const round of game.rounds) {
      const master = round.identities.indexOf("master");
      if (master < 0) this.bothDreamers.add(round, side);
      else this.withMaster[side(master)]?.add(round, side);
      for (const seat of [0, 1] as const) {
        const tally = round.identities[seat] === "master" ? this.asMaster : this.asDreamer;
        tally[side(seat)]?.add(round.points[seat]);
      }
    }
    for (const seat of [0, 1] as const) {
      this.wins[side(seat)]?.add(game.winners.includes(seat) ? 1 / game.winners.length : 0);
      for (const t of game.times[seat]) this.times[side(seat)]?.push(t);
      for (const t of game.cpuTimes[seat]) this.cpuTimes[side(seat)]?.push(t);
      for (const t of game.playTimes[seat]) this.playTimes[side(seat)]?.push(t);
    }
  }
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Plays `games` games of `a` against `b`, alternating seats. */
export function runPairing(
  a: DreamersPolicy,
  b: DreamersPolicy,
  games: number,
  seed: string,
  makers: Partial<Record<DreamersPolicy, BotMaker>> = {},
): PairingStats {
  const stats = new PairingStats(a, b);
  for (let g = 0; g < games; g++) {
    const aSeat: Seat = g % 2;
    const policies: [DreamersPolicy, DreamersPolicy] = aSeat === 0 ? [a, b] : [b, a];
    stats.addGame(playDreamersGame(policies, `${seed}|${a}|${b}|${g}`, makers), aSeat);
  }
  return stats;
}
