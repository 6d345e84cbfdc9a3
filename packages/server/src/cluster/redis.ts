import { Redis } from "ioredis";

/** The two Redis connections of a process: one publishes, one listens (a subscribed connection can do nothing else). */
export async function connectRedis(url: string): Promise<{ pub: Redis; sub: Redis; close(): Promise<void> }> {
  const pub = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const sub = pub.duplicate();
  await Promise.all([pub.ping(), sub.ping()]);
  return {
    pub,
    sub,
    async close() {
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    },
  };
}
