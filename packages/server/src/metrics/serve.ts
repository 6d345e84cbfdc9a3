import type { Redis } from "ioredis";
import { hostedGames } from "../games";
import { listenForScrapes, type MetricsListener, type MetricsListenerOptions } from "./listener";
import { type Metrics, noMetrics } from "./metrics";
import { type PostgresHooks, postgresHooks } from "./postgres";
import { type MetricsSources, PrometheusMetrics } from "./prometheus";
import { instrumentRedis } from "./redis";

export type { MetricsListenerOptions } from "./listener";

/** A server's metrics, from its start (the store and the tables report to `metrics`) to its close. */
export interface ServerMetrics {
  readonly metrics: Metrics;
  /** What a PostgreSQL store reports its queries to; undefined when no metrics are kept. */
  readonly postgres: PostgresHooks | undefined;
  /** Times the commands of the cluster's Redis connections (when metrics are kept); returns them. */
  watchRedis<T extends { pub: Redis; sub: Redis }>(redis: T): T;
  /** Reads the server's tables and sockets on each scrape and listens; the scrape URL, or null when off. */
  serve(
    tables: { values(): ReturnType<MetricsSources["tables"]> },
    engine: { readonly clientsCount: number },
  ): Promise<string | null>;
  close(): Promise<void>;
}

/** Metrics kept and served on their own listener when `options` is given; else `noMetrics`, and nothing listens. */
export function serverMetrics(
  options: MetricsListenerOptions | undefined,
  fixtureGames: readonly string[] = [],
): ServerMetrics {
  if (!options)
    return {
      metrics: noMetrics,
      postgres: undefined,
      watchRedis: (redis) => redis,
      serve: async () => null,
      close: async () => undefined,
    };
  const prometheus = new PrometheusMetrics(hostedGames(fixtureGames).map((game) => game.kind));
  let listener: MetricsListener | null = null;
  return {
    metrics: prometheus,
    postgres: postgresHooks(prometheus),
    watchRedis(redis) {
      for (const connection of [redis.pub, redis.sub]) instrumentRedis(connection, prometheus);
      return redis;
    },
    async serve(tables, engine) {
      prometheus.watch({ tables: () => tables.values(), sockets: () => engine.clientsCount });
      listener = await listenForScrapes(prometheus, options);
      return listener.url;
    },
    async close() {
      await listener?.close();
      prometheus.close();
    },
  };
}
