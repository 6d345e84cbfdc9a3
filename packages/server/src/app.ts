import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import pino, { type Logger } from "pino";
import { Server } from "socket.io";
import { AddressGuards } from "./address-guards";
import { MatchBeliefsService } from "./beliefs";
import { registerBeliefsRoutes } from "./beliefs-routes";
import { roomBus } from "./bus";
import { type TrustProxy, trustFunction } from "./client-address";
import { type Clock, systemClock } from "./clock";
import { loadStandardDecks } from "./deck";
import { DeckLibrary } from "./decks/library";
import { WorkerProcessor } from "./decks/processor";
import { sweepUnusedDecks } from "./decks/retention";
import { registerDeckRoutes } from "./decks/routes";
import { registerHttp } from "./http";
import { clientErrorHandler, frameworkErrorHandler } from "./http-errors";
import { registerNetworkRoute } from "./network";
import { LIMITS } from "./protocol";
import { attachRealtime } from "./realtime";
import { securityHeaders } from "./security-headers";
import { TableService } from "./service";
import { attachWebSocketEngine, refusePolling } from "./socket-engine";
import { openSqliteStore } from "./store/sqlite";
import type { Store } from "./store/types";

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
  /** The standard deck's edition new tables are dealt from (default: the current one; tests of upgrades). */
  standardEdition?: number;
  /** Another Store (e.g. PostgreSQL); the default is SQLite in `dataDir`. */
  store?: Store;
}

export interface RunningServer {
  url: string;
  port: number;
  service: TableService;
  store: Store;
  close(): Promise<void>;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Starts the whole server: HTTP API, static web client, socket.io, storage, timers and bots. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? pino({ level: options.logLevel ?? "info" });
  const store = options.store ?? (await openSqliteStore(options.dataDir));
  const [deck, ...olderEditions] = loadStandardDecks((reason) => log.warn(reason), options.standardEdition);
  if (!deck) throw new Error("no standard deck");
  const decks = new DeckLibrary(store, deck, { olderEditions });
  const trust = trustFunction(options.trustProxy === true ? 1 : (options.trustProxy ?? false));
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
  const service = new TableService({
    store,
    bus: roomBus(io),
    clock: options.clock ?? systemClock,
    decks,
    log,
    ...(options.graceMs !== undefined && { graceMs: options.graceMs }),
    ...(options.botDelayMs !== undefined && { botDelayMs: options.botDelayMs }),
    ...(options.timerScale !== undefined && { timerScale: options.timerScale }),
    ...(options.seedSource !== undefined && { seedSource: options.seedSource }),
    ...(options.idleEvictMs !== undefined && { idleEvictMs: options.idleEvictMs }),
    ...(options.maxSpectatorsPerTable !== undefined && {
      maxSpectatorsPerTable: options.maxSpectatorsPerTable,
    }),
  });
  await registerHttp(app as unknown as FastifyInstance, {
    service,
    deck,
    decks,
    webDist,
    ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
    ...(options.postsPerSecond !== undefined && { postsPerSecond: options.postsPerSecond }),
  });
  refusePolling(app as unknown as FastifyInstance);
  registerBeliefsRoutes(app as unknown as FastifyInstance, new MatchBeliefsService(store, decks));
  registerNetworkRoute(app as unknown as FastifyInstance, {
    ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
  });
  const processor = new WorkerProcessor(options.concurrentUploads ?? 2);
  await registerDeckRoutes(app as unknown as FastifyInstance, {
    store,
    library: decks,
    processor,
    ...(options.uploadsPerMinute !== undefined && { uploadsPerMinute: options.uploadsPerMinute }),
    ...(options.concurrentUploads !== undefined && { concurrentUploads: options.concurrentUploads }),
    ...(options.decksMaxMb !== undefined && { maxStoredBytes: options.decksMaxMb * 1024 * 1024 }),
    ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
    bodyPace,
    ...(options.uploadProcessingSeconds !== undefined && {
      processingMs: options.uploadProcessingSeconds * 1000,
    }),
    ...(options.uploadMbPerAddressPerDay !== undefined && {
      bytesPerAddressPerDay: options.uploadMbPerAddressPerDay * 1024 * 1024,
    }),
  });
  const stopSweeping = sweepUnusedDecks(store, log, {
    unusedMs: (options.unusedDeckHours ?? 24) * 3_600_000,
    finishedMs: (options.finishedDeckDays ?? 7) * 86_400_000,
    onRemoved: (ids) => decks.forget(ids),
  });
  const guards = new AddressGuards({
    maxConnections: options.maxConnectionsPerAddress ?? LIMITS.connectionsPerAddress,
    failedHellosPerMinute: options.failedHellosPerMinute ?? LIMITS.failedHellosPerMinute,
    trust,
  });
  attachRealtime(io, service, log, guards);
  const resumed = await service.resumeAll();
  if (resumed > 0) log.info({ tables: resumed }, "resumed games in progress");
  await app.listen({ port: options.port, host: options.host ?? "0.0.0.0" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  let closed = false;
  return {
    url: `http://localhost:${port}`,
    port,
    service,
    store,
    async close() {
      if (closed) return;
      closed = true;
      await service.close();
      stopSweeping();
      await processor.close();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await app.close().catch(() => undefined);
      await store.close();
    },
  };
}
