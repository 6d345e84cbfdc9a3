import pg from "pg";
import type { Logger } from "pino";

/**
 * A pg pool whose lost connections are reported, never thrown. pg emits a connection's error on the
 * pool while the connection is idle, but on the client itself while it is checked out (between the
 * queries of a transaction, say), with no listener of the pool's: unheard, Node throws it and the
 * process exits. The query that was using the connection fails on its own, so a store call fails and
 * its caller decides what to do.
 */
export function guardedPool(
  connectionString: string,
  max: number,
  onLost: { poolError(): void } | undefined,
  log: Logger | undefined,
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const lost = (error: Error) => {
    onLost?.poolError();
    log?.warn({ err: error }, "PostgreSQL connection lost");
  };
  // each connection has this listener from its creation, idle or checked out; the pool's own `error`
  // (an idle one's) is the same event again
  pool.on("connect", (client) => client.on("error", lost));
  pool.on("error", () => undefined);
  return pool;
}
