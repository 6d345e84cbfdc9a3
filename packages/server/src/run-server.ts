/**
 * What `npm start` runs (`main.ts`): one process serving the web client, the HTTP API and the
 * realtime channel. Environment: PORT (8080), DATA_DIR (./data), HOST (0.0.0.0), PUBLIC_URL,
 * LOG_LEVEL (info), GRACE_SECONDS (45), BOT_DELAY_MS (700), HTTP_POSTS_PER_SECOND (20 per address, burst 120;
 * 0 = unlimited), UPLOADS_PER_MINUTE (6 deck uploads per address, burst 3; 0 = unlimited),
 * CONCURRENT_UPLOADS (2), DECKS_MAX_MB (4096), UNUSED_DECK_HOURS (24), FINISHED_DECK_DAYS (7),
 * UPLOAD_BODY_SECONDS (120), UPLOAD_MIN_KB_PER_SECOND (32), UPLOAD_PROCESSING_SECONDS (60),
 * UPLOAD_MB_PER_ADDRESS_PER_DAY (100; 0 = no quota), TRUST_PROXY (off; n = trust the nearest n reverse proxies' X-Forwarded-*, or a comma list of proxy addresses),
 * MAX_CONNECTIONS_PER_ADDRESS (100; 0 = no cap), MAX_SPECTATORS_PER_TABLE (100),
 * FAILED_HELLOS_PER_MINUTE (20 per address; 0 = no cap), DATABASE_URL (postgres://…: PostgreSQL instead of
 * SQLite in DATA_DIR), REDIS_URL (redis://…: one process of a cluster sharing DATABASE_URL; see docs/deploy.md),
 * CLUSTER_NAME (firmament: prefix of the cluster's Redis channels), CLUSTER_PEERS (host:port of every process,
 * as the front lists them) and CLUSTER_PEER (this process's entry): tables are owned where the front routes
 * them; CLUSTER_FRONT (the front's address: trusted for X-Forwarded-* when TRUST_PROXY is unset), TIMER_SCALE (1: multiplies turn timers; tests),
 * FIXTURE_GAMES (none: comma list of test fixture games to host as well, e.g. highlow; tests),
 * METRICS_PORT (off: serve Prometheus metrics at /metrics on this port), METRICS_HOST (127.0.0.1),
 * METRICS_TOKEN (none: scrapes must send `Authorization: Bearer <token>`),
 * AUTH_PER_MINUTE (30 sign-up, sign-in and device-link requests per address and minute; 0 = unlimited).
 * PUBLIC_URL also fixes the passkeys' relying party: its host name is the RP ID (docs/accounts.md).
 * PUSH_VAPID_PUBLIC_KEY, PUSH_VAPID_PRIVATE_KEY (a pair; default: made once, kept in the database),
 * PUSH_VAPID_SUBJECT (mailto: or https: contact; default PUBLIC_URL), PUSH_HOSTS (the known browser push
 * services), PUSH_EXTRA_ORIGINS (none: push endpoint origins accepted as they are; tests).
 * SETTLE_HOLD_MS (0: holds each match's results transaction open this long; crash-safety tests only).
 */
import { resolve } from "node:path";
import { type ServerOptions, startServer } from "./app";
import { parseTrustProxy } from "./client-address";
import { DEFAULT_POSTS_PER_SECOND } from "./http";
import { lanAddresses } from "./network";
import { LIMITS } from "./protocol";
import { pushSettings } from "./push/wiring";

/** CLUSTER_PEERS ("host:port,…", as the front lists the processes) and this process's CLUSTER_PEER. */
function clusterPeers(list: string | undefined, self: string | undefined) {
  if (!list && !self) return {};
  if (!list || !self) throw new Error("CLUSTER_PEERS and CLUSTER_PEER go together (docs/deploy.md)");
  const all = list.split(",").map((peer) => peer.trim());
  for (const peer of [...all, self])
    if (!/^[A-Za-z0-9.[\]:-]+:\d+$/.test(peer)) throw new Error(`CLUSTER_PEERS: not a host:port: ${peer}`);
  if (!all.includes(self)) throw new Error(`CLUSTER_PEER ${self} is not one of CLUSTER_PEERS`);
  return { peers: { all, self } };
}

/** Starts the server configured by the environment (`extra` on top: the test entry's clock), until a signal stops it. */
export async function runServer(extra: Partial<ServerOptions> = {}): Promise<void> {
  const env = process.env;
  const number = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value !== "" && Number.isFinite(n) ? n : fallback;
  };

  const server = await startServer({
    port: number(env.PORT, 8080),
    host: env.HOST ?? "0.0.0.0",
    dataDir: resolve(env.DATA_DIR ?? "data"),
    ...(env.PUBLIC_URL && { publicUrl: env.PUBLIC_URL }),
    logLevel: env.LOG_LEVEL ?? "info",
    graceMs: number(env.GRACE_SECONDS, 45) * 1000,
    botDelayMs: number(env.BOT_DELAY_MS, 700),
    timerScale: number(env.TIMER_SCALE, 1),
    postsPerSecond: number(env.HTTP_POSTS_PER_SECOND, DEFAULT_POSTS_PER_SECOND),
    uploadsPerMinute: number(env.UPLOADS_PER_MINUTE, 6),
    concurrentUploads: number(env.CONCURRENT_UPLOADS, 2),
    decksMaxMb: number(env.DECKS_MAX_MB, 4096),
    unusedDeckHours: number(env.UNUSED_DECK_HOURS, 24),
    finishedDeckDays: number(env.FINISHED_DECK_DAYS, 7),
    uploadBodySeconds: number(env.UPLOAD_BODY_SECONDS, 120),
    uploadMinKbPerSecond: number(env.UPLOAD_MIN_KB_PER_SECOND, 32),
    uploadProcessingSeconds: number(env.UPLOAD_PROCESSING_SECONDS, 60),
    uploadMbPerAddressPerDay: number(env.UPLOAD_MB_PER_ADDRESS_PER_DAY, 100),
    // behind the cluster's front (nginx), its X-Forwarded-* are trusted from its address only
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? env.CLUSTER_FRONT),
    maxConnectionsPerAddress: number(env.MAX_CONNECTIONS_PER_ADDRESS, LIMITS.connectionsPerAddress),
    maxSpectatorsPerTable: number(env.MAX_SPECTATORS_PER_TABLE, LIMITS.spectatorsPerTable),
    failedHellosPerMinute: number(env.FAILED_HELLOS_PER_MINUTE, LIMITS.failedHellosPerMinute),
    ...(env.DATABASE_URL && { databaseUrl: env.DATABASE_URL }),
    ...(env.REDIS_URL && { redisUrl: env.REDIS_URL }),
    ...(env.CLUSTER_NAME && { clusterName: env.CLUSTER_NAME }),
    ...clusterPeers(env.CLUSTER_PEERS, env.CLUSTER_PEER),
    authPerMinute: number(env.AUTH_PER_MINUTE, 30),
    ...(env.SETTLE_HOLD_MS && { settleHoldMs: number(env.SETTLE_HOLD_MS, 0) }),
    push: pushSettings(env),
    ...(env.FIXTURE_GAMES && { fixtureGames: env.FIXTURE_GAMES.split(",").map((kind) => kind.trim()) }),
    ...extra,
    ...(env.METRICS_PORT && {
      metrics: {
        port: number(env.METRICS_PORT, 0),
        host: env.METRICS_HOST ?? "127.0.0.1",
        ...(env.METRICS_TOKEN && { token: env.METRICS_TOKEN }),
      },
    }),
  });

  console.log(`Firmament listening on ${server.url}`);
  if (server.metricsUrl) console.log(`  metrics for Prometheus at ${server.metricsUrl}`);
  const everywhere = (env.HOST ?? "0.0.0.0") === "0.0.0.0";
  if (everywhere && !env.PUBLIC_URL)
    for (const ip of lanAddresses()) console.log(`  on your network: http://${ip}:${server.port}`);

  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
}
