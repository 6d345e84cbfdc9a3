import type { LogEvent } from "kysely";
import type { Metrics } from "./metrics";

/** What an instrumented PostgreSQL store reports to: each query, and connections lost while idle. */
export interface PostgresHooks {
  /** kysely's `log`: every query's duration, and its error if it failed. */
  log(event: LogEvent): void;
  /** The pool's `error` event: an idle connection failed. */
  poolError(): void;
}

/** Hooks that tell `metrics` of PostgreSQL's queries and errors. */
export function postgresHooks(metrics: Metrics): PostgresHooks {
  return {
    log: (event) =>
      metrics.postgresQuery(event.queryDurationMillis, event.level === "error" ? event.error : undefined),
    poolError: () => metrics.postgresConnectionError(),
  };
}

export type PostgresErrorKind = "connection" | "constraint" | "query";
export const POSTGRES_ERROR_KINDS: readonly PostgresErrorKind[] = ["connection", "constraint", "query"];

/**
 * What a PostgreSQL error was, from its SQLSTATE: class 23 a refused write (a duplicate key: two
 * writers raced), classes 08 and 57 (and errors without a SQLSTATE: refused or dropped sockets)
 * the connection, anything else the query.
 */
export function postgresErrorKind(error: unknown): PostgresErrorKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return "connection";
  if (code.startsWith("23")) return "constraint";
  if (code.startsWith("08") || code.startsWith("57")) return "connection";
  return "query";
}
