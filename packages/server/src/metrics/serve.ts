import { hostedGames } from "../games";
import { listenForScrapes, type MetricsListener, type MetricsListenerOptions } from "./listener";
import { type Metrics, noMetrics } from "./metrics";
import { type MetricsSources, PrometheusMetrics } from "./prometheus";

export type { MetricsListenerOptions } from "./listener";

/** A server's metrics, from its start (the store and the tables report to `metrics`) to its close. */
export interface ServerMetrics {
  readonly metrics: Metrics;
  /** Reads the running server's tables and sockets on each scrape and listens; the scrape URL, or null when off. */
  serve(sources: MetricsSources): Promise<string | null>;
  close(): Promise<void>;
}

/** Metrics kept and served on their own listener when `options` is given; else `noMetrics`, and nothing listens. */
export function serverMetrics(
  options: MetricsListenerOptions | undefined,
  fixtureGames: readonly string[] = [],
): ServerMetrics {
  if (!options) return { metrics: noMetrics, serve: async () => null, close: async () => undefined };
  const prometheus = new PrometheusMetrics(hostedGames(fixtureGames).map((game) => game.kind));
  let listener: MetricsListener | null = null;
  return {
    metrics: prometheus,
    async serve(sources) {
      prometheus.watch(sources);
      listener = await listenForScrapes(prometheus, options);
      return listener.url;
    },
    async close() {
      await listener?.close();
      prometheus.close();
    },
  };
}
