import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { addressKey } from "./client-address";
import { IMMUTABLE, registerClientFiles } from "./client-files";
import { ConstantJson, registerJsonCompression } from "./compression";
import { type Deck, deckResponse } from "./deck";
import type { DeckLibrary } from "./decks/library";
import { createTableBodyOf, hostedGames, type ServerGame } from "./games";
import { notFoundError } from "./http-errors";
import { createTutorialBody, joinTableBody, type ProtocolError, tableCodeSchema } from "./protocol";
import { registerRecordRoutes } from "./records-http";
import { registerSecurityHeaders } from "./security-headers";
import type { Outcome, TableApi } from "./service";
import { KeyedRateLimiter, parseWith } from "./validate";

export interface HttpOptions {
  service: TableApi;
  /** The standard deck's current edition (its manifest at /api/decks/standard). */
  deck: Deck;
  /** Every deck, for card images of any edition of the standard deck. */
  decks: DeckLibrary;
  /** Folder of the built web client (vite's dist); a short notice page is served if it is missing. */
  webDist: string;
  /** Public origin for invite links; by default taken from the request. */
  publicUrl?: string;
  /** Rate limit for POST requests per client address (create/join); 0 turns it off. */
  postsPerSecond?: number;
  /** The test fixture games (`fixture` in their adapter) this server hosts besides the players' games. */
  fixtureGames?: readonly string[];
  /** The signed-in account of a request from the site's own pages (a seat taken then is the account's). */
  accountOf?: (request: FastifyRequest) => Promise<string | null>;
}

/** An HTTP refusal: `{ error }` with the status, as every route answers one. */
export const sendError = (reply: FastifyReply, status: number, error: ProtocolError) =>
  reply.code(status).send({ error });

const send = <T>(reply: FastifyReply, outcome: Outcome<T>, okStatus = 200) =>
  outcome.ok
    ? reply.code(okStatus).send(outcome.value)
    : sendError(reply, outcome.status ?? 400, outcome.error);

function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const host = request.headers.host ?? "localhost";
  return `${request.protocol}://${host}`;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Firmament</title></head>
<body><h1>Firmament</h1><p>The web client is not built yet. Run <code>npm run build</code> (or <code>npm start</code>).</p></body></html>`;

/** Create/join requests per second per client address (bursts of 6×); lookups by code get twice that. */
export const DEFAULT_POSTS_PER_SECOND = 20;

export async function registerHttp(app: FastifyInstance, options: HttpOptions): Promise<void> {
  registerSecurityHeaders(app, options.webDist);
  registerJsonCompression(app);
  limitFloods(app, options.postsPerSecond ?? DEFAULT_POSTS_PER_SECOND);
  app.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 429)
      return sendError(reply, 429, { code: "rate/limited", message: "Too many requests; slow down." });
    if (status === 413)
      return sendError(reply, 413, { code: "input/too_large", message: "The body is too large." });
    if (status >= 400 && status < 500)
      return sendError(reply, status, {
        code: "input/malformed",
        message: "The request is malformed (JSON expected).",
      });
    app.log.error({ err: error }, "request failed");
    return sendError(reply, 500, { code: "server/error", message: "Something went wrong on the server." });
  });
  app.get("/healthz", async () => ({ ok: true }));
  registerTableRoutes(app, options, hostedGames(options.fixtureGames));
  registerRecordRoutes(app, options.service);
  registerCardRoutes(app, options);
  await registerClientRoutes(app, options.webDist);
}

function limitFloods(app: FastifyInstance, perSecond: number): void {
  // Floods from one address are refused before they touch the store: table creations and joins, and
  // lookups of tables by code (at twice the rate), which would otherwise let anyone find private tables
  // by trying codes.
  const posts = new KeyedRateLimiter(perSecond, perSecond * 6);
  const lookups = new KeyedRateLimiter(perSecond * 2, perSecond * 12);
  if (perSecond > 0)
    app.addHook("onRequest", async (request, reply) => {
      const lookup = request.method === "GET" && request.url.startsWith("/api/tables/");
      if (request.method !== "POST" && !lookup) return;
      if (!(lookup ? lookups : posts).take(addressKey(request.ip)))
        return sendError(reply, 429, { code: "rate/limited", message: "Too many requests; slow down." });
    });
}

/**
 * The games this server hosts (`GET /api/games`); creating, finding and joining tables of them, and
 * guided first games.
 */
function registerTableRoutes(app: FastifyInstance, options: HttpOptions, games: readonly ServerGame[]): void {
  const { service, publicUrl } = options;
  const createTableBody = createTableBodyOf(games);
  const gamesJson = new ConstantJson({
    games: games.map((game) => ({ kind: game.kind, seats: { ...game.rules.seats } })),
  });
  app.get("/api/games", async (request, reply) => gamesJson.send(request, reply));

  app.post("/api/tables", async (request, reply) => {
    const body = parseWith(createTableBody, request.body);
    if (!body.ok) return sendError(reply, 400, body.error);
    return send(reply, await service.createTable(body.value, originOf(request, publicUrl)), 201);
  });

  app.post("/api/tutorials", async (request, reply) => {
    const body = parseWith(createTutorialBody, request.body);
    if (!body.ok) return sendError(reply, 400, body.error);
    return send(reply, await service.createTutorial(body.value, originOf(request, publicUrl)), 201);
  });

  app.post("/api/quick-games", async (request, reply) => {
    const body = parseWith(createTutorialBody, request.body);
    if (!body.ok) return sendError(reply, 400, body.error);
    return send(reply, await service.createQuickGame(body.value, originOf(request, publicUrl)), 201);
  });

  app.get("/api/tables", async () => service.listTables());

  const codeOf = (params: unknown) => parseWith(tableCodeSchema, (params as { code?: unknown }).code);

  app.get("/api/tables/:code", async (request, reply) => {
    const code = codeOf(request.params);
    if (!code.ok)
      return sendError(reply, 404, { code: "table/unknown", message: "There is no table with that code." });
    return send(reply, await service.tableInfoOf(code.value));
  });

  app.post("/api/tables/:code/join", async (request, reply) => {
    const code = codeOf(request.params);
    if (!code.ok)
      return sendError(reply, 404, { code: "table/unknown", message: "There is no table with that code." });
    const body = parseWith(joinTableBody, request.body);
    if (!body.ok) return sendError(reply, 400, body.error);
    const accountId = (await options.accountOf?.(request)) ?? null;
    return send(
      reply,
      await service.join(code.value, { ...body.value, ...(accountId && { accountId }) }),
      201,
    );
  });
}

/** The standard deck's manifest and pictures, and the games' own card faces. */
function registerCardRoutes(app: FastifyInstance, options: HttpOptions): void {
  const { deck } = options;
  // The manifest is the same for everyone until the next deploy: serialized and compressed once.
  const deckJson = new ConstantJson(deckResponse(deck));
  app.get("/api/decks/standard", async (request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return deckJson.send(request, reply);
  });

  // A standard card's image under the deck's current version (`?v=`) never changes: kept a year. Without
  // it (or under another version) the same image is answered but kept a day, so no browser holds on to
  // a replaced deck's art.
  app.get("/cards/:file", async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const match = /^([A-Za-z0-9_-]{1,64})\.webp$/.exec(file);
    // any edition's card: a table still playing a match of an older edition shows its own pictures
    const image = match?.[1] ? await options.decks.standardImage(match[1]) : null;
    if (!image) return sendError(reply, 404, { code: "card/unknown", message: "No such card." });
    const version = (request.query as { v?: unknown }).v;
    reply.header("content-type", "image/webp");
    reply.header("cache-control", version === deck.version ? IMMUTABLE : "public, max-age=86400");
    return reply.send(image);
  });

  for (const game of hostedGames()) if (game.faces) registerFaces(app, game.kind, game.faces);
}

/**
 * Whether a path can be one of the client's own pages: no segment is `.`, `..` or a dotfile (`/.git/config`,
 * `/../etc/passwd`, also when percent-encoded) — those are scanners' probes, answered 404, not the app.
 */
function isClientPath(path: string): boolean {
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded.startsWith(".") || decoded.includes("/") || decoded.includes("\\")) return false;
  }
  return true;
}

/** The web client's files, and its page for every path that is not the API's or a file's. */
async function registerClientRoutes(app: FastifyInstance, webDist: string): Promise<void> {
  const hasClient = existsSync(join(webDist, "index.html"));
  if (hasClient) await registerClientFiles(app, webDist);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (
      request.method !== "GET" ||
      path.startsWith("/api/") ||
      path.startsWith("/socket.io") ||
      path === "/cards" ||
      path.startsWith("/cards/") ||
      /\.\w+$/.test(path) ||
      !isClientPath(path)
    )
      return sendError(reply, 404, notFoundError(path));
    if (!hasClient)
      return reply
        .code(200)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(NOT_BUILT);
    return reply.sendFile("index.html");
  });
}

/**
 * A game's own card faces at `/cards/<kind>/<id>.webp`: rebuilt only with a new faces version, which may
 * keep their ids, so cached a day; after that the browser asks again and the faces' version as
 * validator answers it with a 304.
 */
function registerFaces(
  app: FastifyInstance,
  kind: string,
  faces: { version: string; path(id: string): string | null },
): void {
  app.get(`/cards/${kind}/:file`, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const id = /^([a-z0-9-]{1,40})\.webp$/.exec(file)?.[1];
    const path = id ? faces.path(id) : null;
    const image = path ? await readFile(path).catch(() => null) : null;
    if (!image) return sendError(reply, 404, { code: "card/unknown", message: "No such card." });
    const etag = `"${kind}-${faces.version}-${id}"`;
    reply.header("cache-control", "public, max-age=86400");
    reply.header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    reply.header("content-type", "image/webp");
    return reply.send(image);
  });
}
