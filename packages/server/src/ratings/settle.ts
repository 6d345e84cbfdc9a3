import type { Logger } from "pino";
import type { Clock } from "../clock";
import { gameOf } from "../games";
import { replayStored } from "../games/replay";
import type { SettledSeat, Settlement } from "../store/ratings-tables";
import type { MatchRow, SeatRow, Store } from "../store/types";
import { placesOf } from "./model";
import { ProfileCache } from "./profile-cache";

/**
 * How far back a sweep looks for finished matches whose results were never written: a week when a
 * process starts, a quarter of an hour on the periodic sweeps (matches of a process that stopped
 * moments ago; cheap whatever the number of games stored).
 */
export const STARTUP_SWEEP_MS = 7 * 86_400_000;
export const PERIODIC_SWEEP_MS = 15 * 60_000;
const SWEEP_BATCH = 200;

/**
 * Writes each finished match's results and ratings once, from what is stored: the match's actions
 * replayed through its rules give the outcome; its seats give the accounts and bots. A table calls
 * `finished` when a match ends; `sweep` (at start and then now and then, in every process) settles
 * the matches of a process that stopped in between. The store's `rating_updates` key makes every
 * repeat, and every race between processes, a no-op.
 */
export class MatchResults {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Profiles as others see them: a settled match's players' are dropped. */
  readonly profiles = new ProfileCache();

  constructor(
    private readonly env: { store: Store; log: Logger; clock: Clock },
    private readonly holdMs = 0,
  ) {}

  /** A match just ended at this table: its results are written in the background. */
  finished(code: string, match: number): void {
    this.settle(code, match).catch((error) =>
      this.env.log.error({ err: error, table: code, match }, "could not settle a finished match"),
    );
  }

  /** Settles one finished match; false if it is not finished, has no signed-in player or was settled. */
  async settle(code: string, match: number): Promise<boolean> {
    const settlement = await this.settlementOf(code, match);
    if (!settlement) return false;
    this.env.log.info({ table: code, match, rated: settlement.rated }, "settling match");
    const written = await this.env.store.settleMatch(
      this.holdMs > 0 ? { ...settlement, holdMs: this.holdMs } : settlement,
    );
    this.profiles.forget(settlement.seats.flatMap((s) => (s.accountId ? [s.accountId] : [])));
    return written;
  }

  /**
   * Settles the table's finished matches not settled yet: those a guest played there, once the guest's
   * seat joins an account (a match with no signed-in player waits unsettled). How many this call wrote.
   */
  async settleTable(code: string): Promise<number> {
    const table = await this.env.store.loadTable(code, 0);
    let written = 0;
    for (let match = 1; match <= (table?.table.match ?? 0); match++)
      if (await this.settle(code, match)) written++;
    return written;
  }

  /** Settles every finished match of the last `windowMs` left unsettled; returns how many this call wrote. */
  async sweep(windowMs = STARTUP_SWEEP_MS): Promise<number> {
    const since = this.env.clock.now() - windowMs;
    let written = 0;
    for (;;) {
      const pending = await this.env.store.pendingSettlements(since, SWEEP_BATCH);
      let progressed = false;
      for (const { code, match } of pending) {
        const settled = await this.settle(code, match).catch((error) => {
          this.env.log.error({ err: error, table: code, match }, "could not settle a finished match");
          return false;
        });
        if (settled) written++;
        progressed ||= settled;
      }
      if (pending.length < SWEEP_BATCH || !progressed) return written;
    }
  }

  /** Sweeps the last week now, then the last quarter of an hour every `periodMs` until `stop`. */
  start(periodMs: number): void {
    const run = (windowMs: number) =>
      void this.sweep(windowMs).catch((error) =>
        this.env.log.error({ err: error }, "settlement sweep failed"),
      );
    run(STARTUP_SWEEP_MS);
    this.timer = setInterval(() => run(PERIODIC_SWEEP_MS), periodMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async settlementOf(code: string, match: number): Promise<Settlement | null> {
    const table = await this.env.store.loadTable(code, 0);
    const stored = await this.env.store.loadMatch(code, match);
    if (!table || !stored || stored.match.finishedAt === null) return null;
    const seats = table.seats.filter((s) => s.kind !== "empty");
    if (!seats.some((s) => s.kind === "human" && s.accountId)) return null;
    const game = gameOf(stored.match.kind);
    if (!game) return null;
    const { states } = replayStored(game, stored.match, stored.actions, `Table ${code}`);
    const outcome = game.rules.outcome(states.at(-1));
    if (!outcome) return null;
    return {
      code,
      match,
      kind: stored.match.kind,
      finishedAt: stored.match.finishedAt,
      rated: table.table.config.rated === true,
      seats: settledSeats(seats, stored.match, outcome),
    };
  }
}

/** The match's seats with their places: winners first, then by score; abandoned seats last. */
export function settledSeats(
  seats: readonly SeatRow[],
  match: Pick<MatchRow, "abandoned">,
  outcome: { winners: readonly number[]; scores: readonly number[] },
): SettledSeat[] {
  const abandoned = new Set(match.abandoned ?? []);
  const places = placesOf(outcome, abandoned);
  return seats.map((s) => ({
    seat: s.seat,
    accountId: s.kind === "human" ? (s.accountId ?? null) : null,
    botLevel: s.kind === "bot" ? (s.level ?? "medium") : null,
    place: places[s.seat] ?? seats.length,
    won: outcome.winners.includes(s.seat) && !abandoned.has(s.seat),
    score: outcome.scores[s.seat] ?? 0,
    abandoned: abandoned.has(s.seat),
  }));
}
