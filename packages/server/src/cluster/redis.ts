import { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * The two Redis connections of a process: one publishes, one listens (a subscribed connection can do
 * nothing else). Their errors (Redis gone, refused, reconnecting) go to the log; ioredis keeps
 * reconnecting on its own.
 *
 * While Redis is away a publish fails at once instead of waiting in ioredis's queues: one sent late,
 * after its sender gave up, would be a forwarded command applied when nobody waits for it, or a view
 * that overtakes newer ones.
 */
export async function connectRedis(
  url: string,
  log: Logger,
): Promise<{ pub: Redis; sub: Redis; close(): Promise<void> }> {
  const pub = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const sub = pub.duplicate();
  for (const [role, connection] of [
    ["publish", pub],
    ["subscribe", sub],
  ] as const)
    connection.on("error", (error: Error) => log.warn({ err: error, redis: role }, "Redis connection error"));
  await Promise.all([pub.ping(), sub.ping()]);
  // connected: from now on, a command while disconnected fails instead of waiting
  pub.options.enableOfflineQueue = false;
  return {
    pub,
    sub,
    async close() {
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    },
  };
}
