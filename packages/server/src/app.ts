import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from "fastify";
import pino, { type Logger } from "pino";
import { Server } from "socket.io";
import { sessionIdFrom } from "./accounts/cookies";
import { accountOfHeaders } from "./accounts/identify";
import { registerAccountRoutes } from "./accounts/routes";
import type { AccountService } from "./accounts/service";
import { createAccounts } from "./accounts/wiring";
import { AddressGuards } from "./address-guards";
import { MatchBeliefsService } from "./beliefs";
import { registerBeliefsRoutes } from "./beliefs-routes";
import { type Bus, roomBus } from "./bus";
import { type TrustProxy, trustFunction } from "./client-address";
import { type Clock, systemClock } from "./clock";
import { LeaseOwnership, type Ownership, soleOwnership } from "./cluster/ownership";
import { Peers, peerAddress } from "./cluster/peers";
import { pubSubAdapter } from "./cluster/pubsub-adapter";
import { connectRedis } from "./cluster/redis";
import { ClusterRouter } from "./cluster/router";
import { Rpc, rpcChannel } from "./cluster/rpc";
import { type Deck, loadStandardDecks } from "./deck";
import { DeckLibrary } from "./decks/library";
import { WorkerProcessor } from "./decks/processor";
import { sweepUnusedDecks } from "./decks/retention";
import { registerDeckRoutes } from "./decks/routes";
import { registerHttp } from "./http";
import { clientErrorHandler, frameworkErrorHandler } from "./http-errors";
import type { Metrics } from "./metrics/metrics";
import type { PostgresHooks } from "./metrics/postgres";
import { type MetricsListenerOptions, serverMetrics } from "./metrics/serve";
import { registerNetworkRoute } from "./network";
import { LIMITS } from "./protocol";
import { createPush, type Push, type PushOptions, registerPush } from "./push/wiring";
import type { ProfileCache } from "./ratings/profile-cache";
import { registerPlayerRoutes } from "./ratings/routes";
import { attachRealtime } from "./realtime";
import { securityHeaders } from "./security-headers";
import { type TableApi, TableService } from "./service";
import { attachWebSocketEngine, refusePolling } from "./socket-engine";
import { type ClusterStore, openClusterStore } from "./store/cluster-store";
import { openPostgresStore } from "./store/postgres";
import { openSqliteStore } from "./store/sqlite";
import type { Store } from "./store/types";
import { silentTurnCalls, type TurnCalls } from "./turn-calls";
import { registerYourGamesRoutes } from "./your-games-routes";

export interface ServerOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  dataDir: string;
  webDist?: string;
  publicUrl?: string;
  graceMs?: number;
  botDelayMs?: number;
  timerScale?: number;
  seedSource?: () => string;
  idleEvictMs?: number;
  /**
   * Trust X-Forwarded-For/-Proto/-Host from reverse proxies in front of the server: `true` or a number n
   * trusts the nearest n hops, a list trusts proxies at those addresses/CIDRs; the client is the rightmost
   * address not added by a trusted proxy. Off by default: otherwise any client could pick its own address
   * and escape the rate limits.
   */
  trustProxy?: boolean | TrustProxy;
  /** Open realtime connections per client address (default `LIMITS.connectionsPerAddress`; 0 = no cap). */
  maxConnectionsPerAddress?: number;
  /** Spectators per table (default `LIMITS.spectatorsPerTable`). */
  maxSpectatorsPerTable?: number;
  /** Failed hellos (wrong token, unknown table) per address and minute (default `LIMITS.failedHellosPerMinute`; 0 = no cap). */
  failedHellosPerMinute?: number;
  /** POST requests (create/join) per second per client address, lookups by code twice that; 0 = unlimited. Default 20 (burst 6×). */
  postsPerSecond?: number;
  /** Deck uploads per minute per client address (bursts of 3); 0 = unlimited. Default 6. */
  uploadsPerMinute?: number;
  /** Deck uploads read and processed at once; more get `upload/busy`. Default 2. */
  concurrentUploads?: number;
  /** Megabytes all custom decks may take in the store; more uploads get `upload/storage_full`. Default 4096. */
  decksMaxMb?: number;
  /** Hours after which an uploaded deck no table used is removed. Default 24. */
  unusedDeckHours?: number;
  /**
   * Days after the last table was created with a custom deck after which it is removed too, once every
   * table using it is over. Default 7.
   */
  finishedDeckDays?: number;
  /** Seconds an upload's body may take to arrive (also bounds every request: `requestTimeout`). Default 120. */
  uploadBodySeconds?: number;
  /** Slowest average rate of an upload's body after its first 10 s (or quarter of the deadline), KB/s. Default 32. */
  uploadMinKbPerSecond?: number;
  /** Seconds of processing per upload before its worker is stopped (`upload/too_long_to_prepare`). Default 60. */
  uploadProcessingSeconds?: number;
  /** MB of custom decks one client address may store per day; 0 = no quota. Default 100. */
  uploadMbPerAddressPerDay?: number;
  logLevel?: string;
  log?: Logger;
  clock?: Clock;
  /** Who calls players back when it is their move (tests record the calls); default nobody. */
  turnCalls?: TurnCalls;
  /** The standard deck's edition new tables are dealt from (default: the current one; tests of upgrades). */
  standardEdition?: number;
  /** Another Store (e.g. PostgreSQL); the default is SQLite in `dataDir`. */
  store?: Store;
  /** `postgres://…`: store tables in PostgreSQL instead of SQLite (env `DATABASE_URL`). */
  databaseUrl?: string;
  /**
   * `redis://…`: run as one process of a cluster sharing `databaseUrl` (required) — table leases,
   * requests routed to each table's owner, rooms across processes (env `REDIS_URL`).
   */
  redisUrl?: string;
  /** Prefix of the cluster's Redis channels (env `CLUSTER_NAME`, default `firmament`). */
  clusterName?: string;
  /**
   * The cluster's processes as the front (nginx, `hash $arg_table consistent`) lists them, "host:port"
   * each, and this process's own entry (env `CLUSTER_PEERS`, `CLUSTER_PEER`): a table is owned by the
   * process the front routes it to while that one is up. Without them any process may own any table.
   */
  peers?: { all: string[]; self: string };
  /** Sign-up, sign-in and device-link requests per minute per client address (default 30; 0 = unlimited). */
  authPerMinute?: number;
  /** Test fixture games to host besides the players' games (env `FIXTURE_GAMES`, e.g. `highlow`). */
  fixtureGames?: readonly string[];
  /**
   * Prometheus metrics at `/metrics` on a listener of its own, never the public port (env `METRICS_PORT`,
   * `METRICS_HOST` default 127.0.0.1, `METRICS_TOKEN`); without it nothing is measured.
   */
  metrics?: MetricsListenerOptions;
  /**
   * The account a request is signed in as (profiles show their own player more), or null; the accounts'
   * session answers it. Default: every request is a guest's.
   */
  viewerAccountOf?: (request: FastifyRequest) => Promise<string | null>;
  /** Web Push: VAPID keys, accepted push services (env `PUSH_*`, docs/deploy.md). */
  push?: PushOptions;
  /** Tests of crash safety only (env `SETTLE_HOLD_MS`): a match's settlement holds its transaction open this long. */
  settleHoldMs?: number;
}

/** How often every process looks for finished matches whose results a stopped process never wrote. */
const SETTLEMENT_SWEEP_MS = 60_000;

export interface RunningServer {
  url: string;
  port: number;
  service: TableService;
  store: Store;
  /** Where `/metrics` is served (`ServerOptions.metrics`), or null. */
  metricsUrl: string | null;
  /** Web Push: its calls (a `TurnCalls`) and VAPID key. */
  push: Push;
  close(): Promise<void>;
}

/** A table's lease lasts this long without renewal; a dead owner's tables are adopted within it plus one period. */
const LEASE_TTL_MS = 3000;
const LEASE_PERIOD_MS = 1000;
/** An adopted table waits this long before its bots and timers move: every process reports its connections meanwhile. */
const ADOPTION_QUIET_MS = 3000;

/** packages/web/dist, from src/app.ts and from the built server's dist/main.js alike (both two levels down). */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Starts the whole server: HTTP API, static web client, socket.io, storage, timers and bots. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? pino({ level: options.logLevel ?? "info" });
  const clock = options.clock ?? systemClock;
  const served = serverMetrics(options.metrics, options.fixtureGames);
  const { metrics } = served;
  const { store, clusterStore } = await openStore(options, served.postgres, log);
  const [deck, ...olderEditions] = loadStandardDecks((reason) => log.warn(reason), options.standardEdition);
  if (!deck) throw new Error("no standard deck");
  const decks = new DeckLibrary(store, deck, { olderEditions });
  const trust = trustFunction(options.trustProxy === true ? 1 : (options.trustProxy ?? false));
  const { app, io, bodyPace, webDist } = createTransport(options, log, trust);
  const redis = options.redisUrl ? served.watchRedis(await connectRedis(options.redisUrl, log)) : null;
  if (redis) io.adapter(pubSubAdapter(redis.pub, redis.sub, options.clusterName ?? "firmament"));
  let ownership: Ownership = soleOwnership;
  const push = await createPush({ store, clock, log }, options.push, options.publicUrl);
  const service = createService(
    { ...options, turnCalls: options.turnCalls ?? push.calls },
    { store, decks, log, clock, metrics },
    roomBus(io, redis !== null),
    redis && { mayLoad: (code: string) => ownership.holds(code) },
  );
  const cluster =
    redis && clusterStore
      ? await joinCluster(options, { service, store: clusterStore, redis, io, clock, log, metrics })
      : null;
  if (cluster) ownership = cluster.leases;
  const api: TableApi = cluster?.router ?? service;
  const processor = new WorkerProcessor(options.concurrentUploads ?? 2);
  const accounts = createAccounts({ store, clock, api, service, io }, options.publicUrl);
  await registerRoutes(app, options, {
    api,
    deck,
    decks,
    webDist,
    store,
    processor,
    bodyPace,
    accounts,
    clock,
    profiles: service.results.profiles,
  });
  registerPush(app, push, {
    store,
    clock,
    accountOf: (request) => accountOfHeaders(accounts, request.headers, options.publicUrl, request),
    viewerOf: (request) => viewerOf(accounts, request),
  });
  const stopSweeping = sweepUnusedDecks(store, log, {
    unusedMs: (options.unusedDeckHours ?? 24) * 3_600_000,
    finishedMs: (options.finishedDeckDays ?? 7) * 86_400_000,
    onRemoved: (ids) => decks.forget(ids),
  });
  attachRealtime(io, api, log, addressGuards(options, trust), clock, push.calls.visibility);
  await resumeTables(service, cluster, log);
  const metricsUrl = await served.serve(service.cache, io.engine);
  service.results.start(SETTLEMENT_SWEEP_MS);
  await app.listen({ port: options.port, host: options.host ?? "0.0.0.0" });
  cluster?.peers?.beat();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const close = closer(async () => {
    cluster?.peers?.close();
    await cluster?.router.close();
    service.results.stop();
    await service.close();
    await ownership.close();
    stopSweeping();
    push.calls.close();
    await processor.close();
    // In a cluster the clients reconnect (to another process) and carry on: close their transports
    // rather than disconnect them, which a socket.io client takes as "do not come back".
    if (redis) for (const socket of io.sockets.sockets.values()) socket.conn.close();
    else io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await app.close().catch(() => undefined);
    if (redis) await redis.close();
    await store.close();
    await served.close();
  });
  return { url: `http://localhost:${port}`, port, service, store, metricsUrl, push, close };
}

/** The guards of the realtime channel: connections per address, failed hellos. */
function addressGuards(options: ServerOptions, trust: ReturnType<typeof trustFunction>): AddressGuards {
  return new AddressGuards({
    maxConnections: options.maxConnectionsPerAddress ?? LIMITS.connectionsPerAddress,
    failedHellosPerMinute: options.failedHellosPerMinute ?? LIMITS.failedHellosPerMinute,
    trust,
  });
}

/** Carries on the games in progress: this process's own after a restart, or a cluster's by leases. */
async function resumeTables(
  service: TableService,
  cluster: { leases: LeaseOwnership; router: ClusterRouter } | null,
  log: Logger,
): Promise<void> {
  if (cluster) {
    // the tables of dead processes (all of them, after a restart of the cluster) are adopted by the lease loop
    cluster.leases.start();
    cluster.router.begin();
    return;
  }
  const resumed = await service.resumeAll();
  if (resumed > 0) log.info({ tables: resumed }, "resumed games in progress");
}

/** `close` that runs once, however often it is called. */
function closer(close: () => Promise<void>): () => Promise<void> {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    await close();
  };
}

/** The store: PostgreSQL shared by a cluster, a given one, PostgreSQL, or SQLite in `dataDir`. */
async function openStore(
  options: ServerOptions,
  hooks: PostgresHooks | undefined,
  log: Logger,
): Promise<{ store: Store; clusterStore: ClusterStore | null }> {
  if (options.redisUrl && !options.databaseUrl)
    throw new Error("REDIS_URL needs DATABASE_URL: the processes of a cluster share one PostgreSQL database");
  const clusterStore =
    options.redisUrl && options.databaseUrl
      ? await openClusterStore(options.databaseUrl, undefined, hooks, log)
      : null;
  const store =
    clusterStore ??
    options.store ??
    (options.databaseUrl
      ? await openPostgresStore(options.databaseUrl, hooks, log)
      : await openSqliteStore(options.dataDir));
  return { store, clusterStore };
}

/** The HTTP server (fastify) and the realtime one (socket.io, WebSocket only) on it. */
function createTransport(options: ServerOptions, log: Logger, trust: ReturnType<typeof trustFunction>) {
  const bodyPace = {
    deadlineMs: (options.uploadBodySeconds ?? 120) * 1000,
    minBytesPerSecond: (options.uploadMinKbPerSecond ?? 32) * 1024,
    graceMs: Math.min(10_000, ((options.uploadBodySeconds ?? 120) * 1000) / 4),
  };
  const webDist = options.webDist ?? DEFAULT_WEB_DIST;
  const headers = securityHeaders(webDist);
  const app = Fastify({
    loggerInstance: log,
    // Errors below the routes get the documented body and the security headers too.
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors: frameworkErrorHandler(headers),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.bodyBytes,
    // A request (headers and body) must arrive within this; without it a slow client holds a connection
    // forever. WebSockets leave HTTP once upgraded.
    requestTimeout: Math.max(120_000, bodyPace.deadlineMs + 15_000),
    // the same function as the socket guards', so `request.ip` and their address always agree
    trustProxy: trust || false,
  });
  const io = new Server({ serveClient: false });
  attachWebSocketEngine(
    io,
    app.server,
    { maxHttpBufferSize: 64 * 1024, pingInterval: 25_000, pingTimeout: 20_000 },
    headers,
  );
  return { app: app as unknown as FastifyInstance, io, bodyPace, webDist };
}

/** The table service with the server's settings (in a cluster: loading only tables this process owns). */
function createService(
  options: ServerOptions,
  parts: { store: Store; decks: DeckLibrary; log: Logger; clock: Clock; metrics: Metrics },
  bus: Bus,
  cluster: { mayLoad: (code: string) => boolean } | null,
): TableService {
  return new TableService({
    ...parts,
    bus,
    ...(cluster && { mayLoad: cluster.mayLoad, keepTurnClock: true, firstTimerDelayMs: ADOPTION_QUIET_MS }),
    ...(options.graceMs !== undefined && { graceMs: options.graceMs }),
    ...(options.botDelayMs !== undefined && { botDelayMs: options.botDelayMs }),
    ...(options.timerScale !== undefined && { timerScale: options.timerScale }),
    ...(options.seedSource !== undefined && { seedSource: options.seedSource }),
    ...(options.idleEvictMs !== undefined && { idleEvictMs: options.idleEvictMs }),
    ...(options.maxSpectatorsPerTable !== undefined && {
      maxSpectatorsPerTable: options.maxSpectatorsPerTable,
    }),
    ...(options.settleHoldMs !== undefined && { settleHoldMs: options.settleHoldMs }),
    // Who calls players back when it is their move (Web Push plugs in here).
    turnCalls: options.turnCalls ?? silentTurnCalls,
  });
}

/** This process as one of a cluster: table leases, and requests routed to each table's owner. */
async function joinCluster(
  options: ServerOptions,
  parts: {
    service: TableService;
    store: ClusterStore;
    redis: NonNullable<Awaited<ReturnType<typeof connectRedis>>>;
    io: Server;
    clock: Clock;
    log: Logger;
    metrics: Metrics;
  },
): Promise<{ leases: LeaseOwnership; router: ClusterRouter; peers: Peers | null }> {
  const { service, redis, clock, log, metrics } = parts;
  const self = `${process.pid}-${Rpc.newId()}`;
  const prefix = options.clusterName ?? "firmament";
  const peers = options.peers
    ? new Peers({
        self: options.peers.self,
        all: options.peers.all,
        redis: redis.pub,
        channelOf: (address) => rpcChannel(prefix, address),
        beatKeyOf: (peer) => `${prefix}:beat:${peer}`,
        clock,
        periodMs: LEASE_PERIOD_MS,
      })
    : null;
  let router: ClusterRouter | null = null;
  const leases = new LeaseOwnership({
    ...(peers && {
      routing: peers,
      drain: (code, fn) => drainTable(service, code, fn),
      handedBack: (code, peer) => router?.handedBack(code, peer),
    }),
    store: parts.store,
    self,
    clock,
    log,
    ttlMs: LEASE_TTL_MS,
    periodMs: LEASE_PERIOD_MS,
    metrics,
    inUse: (code) => service.cache.cached(code) !== undefined,
    evict: (code) => {
      const table = service.cache.cached(code);
      if (table) service.cache.evict(table);
    },
    adopt: async (code) => {
      await service.cache
        .get(code)
        .catch((error) => log.error({ err: error, table: code }, "could not adopt table"));
    },
  });
  let handle: ClusterRouter["handle"] = async () => null;
  const rpc = new Rpc(
    redis.pub,
    redis.sub,
    prefix,
    self,
    (request, from) => handle(request as never, from),
    options.peers ? peerAddress(options.peers.self) : null,
  );
  await rpc.start();
  const routed = new ClusterRouter(service, leases, rpc, parts.io, clock, log);
  router = routed;
  handle = (request, from) => routed.handle(request, from);
  await peers?.start();
  return { leases, router: routed, peers };
}

/** Runs `fn` on a table once its queued operations are done, before any later one. */
async function drainTable(service: TableService, code: string, fn: () => Promise<void>): Promise<void> {
  const table = service.cache.cached(code);
  if (!table) return fn();
  await table.run(async () => {
    await fn();
    return { ok: true as const, value: null };
  });
}

/** The account a read is made as: the session cookie alone (a same-origin GET carries no Origin). */
async function viewerOf(accounts: AccountService, request: FastifyRequest): Promise<string | null> {
  const id = sessionIdFrom(request.headers.cookie);
  return id === null ? null : ((await accounts.signedIn(id))?.account.id ?? null);
}

/** The HTTP routes: tables, beliefs, the network page, decks. */
async function registerRoutes(
  app: FastifyInstance,
  options: ServerOptions,
  parts: {
    api: TableApi;
    deck: Deck;
    decks: DeckLibrary;
    webDist: string;
    store: Store;
    processor: WorkerProcessor;
    bodyPace: { deadlineMs: number; minBytesPerSecond: number; graceMs: number };
    accounts: AccountService;
    clock: Clock;
    profiles: ProfileCache;
  },
): Promise<void> {
  const { store, decks, processor, accounts } = parts;
  const publicUrl = options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {};
  await registerAccountRoutes(app, accounts, { ...publicUrl, authPerMinute: options.authPerMinute ?? 30 });
  await registerHttp(app, {
    accountOf: (request) => accountOfHeaders(accounts, request.headers, options.publicUrl, request),
    service: parts.api,
    deck: parts.deck,
    decks,
    webDist: parts.webDist,
    ...publicUrl,
    ...(options.postsPerSecond !== undefined && { postsPerSecond: options.postsPerSecond }),
    ...(options.fixtureGames && { fixtureGames: options.fixtureGames }),
  });
  registerYourGamesRoutes(app, {
    api: parts.api,
    store,
    clock: parts.clock,
    accountOf: (request) => accountOfHeaders(accounts, request.headers, options.publicUrl, request),
  });
  refusePolling(app);
  registerBeliefsRoutes(app, new MatchBeliefsService(store, decks));
  registerNetworkRoute(app, publicUrl);
  registerPlayerRoutes(app, {
    store,
    clock: parts.clock,
    profiles: parts.profiles,
    // a read of one's own profile: the session cookie alone (a same-origin GET carries no Origin)
    viewerAccountOf: options.viewerAccountOf ?? ((request) => viewerOf(accounts, request)),
    ...(options.fixtureGames && { fixtureGames: options.fixtureGames }),
  });
  await registerDeckRoutes(app, {
    store,
    library: decks,
    processor,
    ...(options.uploadsPerMinute !== undefined && { uploadsPerMinute: options.uploadsPerMinute }),
    ...(options.concurrentUploads !== undefined && { concurrentUploads: options.concurrentUploads }),
    ...(options.decksMaxMb !== undefined && { maxStoredBytes: options.decksMaxMb * 1024 * 1024 }),
    ...publicUrl,
    bodyPace: parts.bodyPace,
    ...(options.uploadProcessingSeconds !== undefined && {
      processingMs: options.uploadProcessingSeconds * 1000,
    }),
    ...(options.uploadMbPerAddressPerDay !== undefined && {
      bytesPerAddressPerDay: options.uploadMbPerAddressPerDay * 1024 * 1024,
    }),
  });
}
