import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import { collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { CounterFamily, type HistogramChild, HistogramFamily } from "./hot";
import {
  HAND_OVER_KINDS,
  type HandOverKind,
  type Metrics,
  TIMER_MOVE_KINDS,
  type TimerMoveKind,
} from "./metrics";
import { POSTGRES_ERROR_KINDS, postgresErrorKind } from "./postgres";

/** What the gauges read on each scrape: the tables and sockets this process holds. */
export interface MetricsSources {
  tables(): Iterable<{ readonly row: { readonly status: string }; readonly game: { readonly kind: string } }>;
  sockets(): number;
}

/** Upper bounds (seconds) for steps that take milliseconds: an action, a query, a Redis command. */
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Upper bounds (seconds) for an adoption: a lease taken, the table loaded and its match replayed. */
const ADOPTION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const TABLE_STATES = ["lobby", "playing", "over"];
const LINTED_DEFAULTS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];
const DELAY_PERCENTILES = [50, 90, 99] as const;

/**
 * The server's metrics in Prometheus's text format (`text`), through prom-client: Node's default
 * metrics (CPU, memory, heap, GC, event-loop lag) and Firmament's own, prefixed `firmament_`.
 */
export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry();
  private sources: MetricsSources | null = null;
  private readonly table: ReturnType<typeof tableFamilies>;
  private readonly engines: ReturnType<typeof engineFamilies>;
  private readonly stored: HistogramChild;
  private readonly pushed: HistogramChild;
  private readonly loopDelay: IntervalHistogram;

  /** `games`: the kinds this server hosts, whose series are there (at 0) before their first table. */
  constructor(games: readonly string[]) {
    collectDefaultMetrics({ register: this.registry });
    // gauges named like counters (promtool objects); `nodejs_active_handles` etc. by type remain
    for (const name of LINTED_DEFAULTS) this.registry.removeSingleMetric(name);
    this.table = tableFamilies(this.registry, games);
    this.engines = engineFamilies(this.registry);
    this.stored = this.table.latency.child("stored");
    this.pushed = this.table.latency.child("pushed");
    this.loopDelay = monitorEventLoopDelay({ resolution: 10 });
    this.loopDelay.enable();
    this.registerGauges(games);
  }

  /** Starts reading the tables and sockets of the running server on each scrape. */
  watch(sources: MetricsSources): void {
    this.sources = sources;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric, in Prometheus's text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  close(): void {
    this.loopDelay.disable();
  }

  actionDone(game: string, receivedAt: number, storedAt: number, pushedAt: number): void {
    this.table.actions.child(game).value++;
    this.stored.observe((storedAt - receivedAt) / 1000);
    this.pushed.observe((pushedAt - receivedAt) / 1000);
  }
  timerMove(kind: TimerMoveKind): void {
    this.table.timerMoves.child(kind).value++;
  }
  handOver(kind: HandOverKind): void {
    this.table.handOvers.child(kind).value++;
  }
  adopted(ms: number): void {
    this.table.adoption.observe(ms / 1000);
  }
  postgresQuery(ms: number, error: unknown): void {
    this.engines.postgresSeconds.observe(ms / 1000);
    if (error !== undefined) this.engines.postgresErrors.child(postgresErrorKind(error)).value++;
  }
  postgresConnectionError(): void {
    this.engines.postgresErrors.child("connection").value++;
  }
  redisCommand(ms: number, failed: boolean): void {
    this.engines.redisSeconds.observe(ms / 1000);
    if (failed) this.engines.redisErrors.value++;
  }
  redisReconnect(): void {
    this.engines.redisReconnects.value++;
  }

  /** The gauges read when scraped: tables, sockets, the event loop's delay since the last scrape. */
  private registerGauges(games: readonly string[]): void {
    const metrics = this;
    new Gauge({
      name: "firmament_tables",
      help: "Tables this process holds in memory, by state (lobby, playing, over) and game.",
      labelNames: ["state", "game"],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const game of games) for (const state of TABLE_STATES) this.set({ state, game }, 0);
        for (const table of metrics.sources?.tables() ?? [])
          this.inc({ state: table.row.status, game: table.game.kind });
      },
    });
    new Gauge({
      name: "firmament_sockets_connected",
      help: "Realtime (socket.io) connections open on this process.",
      registers: [this.registry],
      collect() {
        this.set(metrics.sources?.sockets() ?? 0);
      },
    });
    new Gauge({
      name: "firmament_eventloop_delay_seconds",
      help: "The event loop's delay since the previous scrape (perf_hooks.monitorEventLoopDelay), by percentile; 100 is the largest.",
      labelNames: ["percentile"],
      registers: [this.registry],
      collect() {
        const delay = metrics.loopDelay;
        const seconds = (ns: number) => (delay.count > 0 ? ns / 1e9 : 0);
        for (const p of DELAY_PERCENTILES) this.set({ percentile: String(p) }, seconds(delay.percentile(p)));
        this.set({ percentile: "100" }, seconds(delay.max));
        delay.reset();
      },
    });
  }
}

/** The tables' own series: actions, their latency, timer moves, hand-overs and adoptions. */
function tableFamilies(registry: Registry, games: readonly string[]) {
  return {
    actions: new CounterFamily(
      "firmament_actions_total",
      "Actions accepted (stored and pushed) by the tables this process owns, players' and the timer's, by game.",
      "game",
      games,
    ).registerIn(registry),
    latency: new HistogramFamily(
      "firmament_action_latency_seconds",
      "Seconds from an action's receipt by its table to a stage: stored (committed to the store) and pushed (the last push handed to the sockets).",
      "stage",
      FAST_BUCKETS,
    ).registerIn(registry),
    timerMoves: new CounterFamily(
      "firmament_timer_moves_total",
      "Moves the tables' timers made, by kind: bot (a bot's seat), absent (a player away past the grace time, or away at a round's end), timeout (a turn timer ran out).",
      "kind",
      TIMER_MOVE_KINDS,
    ).registerIn(registry),
    handOvers: new CounterFamily(
      "firmament_table_handovers_total",
      "Table leases that changed hands at this process, by kind: adopted (a dead process's table), taken_over (from a process known to be gone), lost (another process holds it now), handed_back (given back to the process the front routes it to).",
      "kind",
      HAND_OVER_KINDS,
    ).registerIn(registry),
    adoption: new HistogramFamily(
      "firmament_table_adoption_seconds",
      "Seconds to adopt an orphaned table: its lease taken, the table loaded and its match replayed.",
      null,
      ADOPTION_BUCKETS,
    )
      .registerIn(registry)
      .child(),
  };
}

/** PostgreSQL's and Redis's series: latency and errors. */
function engineFamilies(registry: Registry) {
  const single = (name: string, help: string) =>
    new CounterFamily(name, help, null).registerIn(registry).child();
  return {
    postgresSeconds: new HistogramFamily(
      "firmament_postgres_query_seconds",
      "Seconds PostgreSQL queries took, failed ones included.",
      null,
      FAST_BUCKETS,
    )
      .registerIn(registry)
      .child(),
    postgresErrors: new CounterFamily(
      "firmament_postgres_errors_total",
      "PostgreSQL errors, by kind: connection (the database unreachable, restarting, or a connection lost), constraint (a refused duplicate: two writers raced for one step), query (any other).",
      "kind",
      POSTGRES_ERROR_KINDS,
    ).registerIn(registry),
    redisSeconds: new HistogramFamily(
      "firmament_redis_command_seconds",
      "Seconds Redis commands took, from sent (or queued while disconnected) to answered.",
      null,
      FAST_BUCKETS,
    )
      .registerIn(registry)
      .child(),
    redisErrors: single(
      "firmament_redis_errors_total",
      "Redis commands that failed (an error reply, or the connection failed before the answer).",
    ),
    redisReconnects: single(
      "firmament_redis_reconnects_total",
      "Times a Redis connection was lost and made again.",
    ),
  };
}
