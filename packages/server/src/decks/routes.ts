import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OpenCounts } from "../address-guards";
import { addressKey } from "../client-address";
import { deckResponse } from "../deck";
import { sendError } from "../http";
import { deckIdSchema, UPLOAD_LIMITS } from "../protocol";
import type { Store } from "../store/types";
import { KeyedRateLimiter } from "../validate";
import { createCustomDeck } from "./create";
import type { DeckLibrary } from "./library";
import type { DeckProcessor } from "./processor";
import { type BodyPace, DEFAULT_BODY_PACE, readUpload, totalTooLarge, type UploadLimits } from "./upload";

export interface DeckRoutesOptions {
  store: Store;
  library: DeckLibrary;
  processor: DeckProcessor;
  /** Uploads per minute per client address (bursts of 3); 0 turns the limit off. Default 6. */
  uploadsPerMinute?: number;
  /** Uploads processed at the same time in this process (the worker threads); more wait. Default 2. */
  concurrentUploads?: number;
  /**
   * Uploads in progress (body being read, or waiting for or in processing) in this process; more get
   * `upload/busy`. Default twice `concurrentUploads`. Per client address at most 2.
   */
  uploadsInProgress?: number;
  /**
   * Bytes the uploads in progress may hold in memory together, reserved from each one's declared length
   * (the total limit when it declares none); beyond, `upload/busy`. Default twice the total limit.
   */
  bufferedBytes?: number;
  /** How slowly an upload's body may arrive; beyond, `upload/too_slow`. */
  bodyPace?: BodyPace;
  /** Processing time allowed per upload; beyond, its worker is stopped and `upload/too_long_to_prepare`. Default 60 s. */
  processingMs?: number;
  /** Bytes of custom decks one client address may store per day (UTC); beyond, `upload/quota_exceeded`. Default 100 MiB; 0 = no quota. */
  bytesPerAddressPerDay?: number;
  /** The server's public origin, accepted as `Origin` besides the request's own host. */
  publicUrl?: string;
  /** Bytes all custom decks together may take in the store; beyond, `upload/storage_full`. Default 4 GiB. */
  maxStoredBytes?: number;
  limits?: UploadLimits;
  now?: () => number;
}

/**
 * A deck can be removed (unused, or its tables long over): its summary is kept by browsers only briefly,
 * its images (which never change under their URL) a week — and neither by shared caches.
 */
const DECK_CACHE = "private, max-age=3600";
const IMAGE_CACHE = "private, max-age=604800, immutable";
const PER_ADDRESS_IN_PROGRESS = 2;
const MAX_TRACKED = 10_000;
const CARD_ID = /^[a-z0-9-]{1,48}$/;

const unknownDeck = (reply: FastifyReply) =>
  sendError(reply, 404, { code: "deck/unknown", message: "There is no deck with that id." });

/**
 * Whether a browser sent this request on behalf of another site (which would let any website make its
 * visitors upload). Browsers that send `Sec-Fetch-Site` are believed: only `same-origin` (and `none`, a
 * request the user made directly) pass. Older browsers send only `Origin`, which must then be this host
 * or the public URL's. Clients that send neither (curl, scripts) are not browsers acting for someone else.
 */
export function isCrossSite(request: Pick<FastifyRequest, "headers" | "host">, publicUrl?: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site !== "same-origin" && site !== "none";
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true; // "null" (sandboxed frames, some redirects) and anything unparsable
  }
  if (host === request.host) return false;
  return !(publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).host === host);
}

/** POST /api/decks (upload), GET /api/decks/:id, and the custom cards' images and previews. */
export async function registerDeckRoutes(app: FastifyInstance, options: DeckRoutesOptions): Promise<void> {
  const { store, library, processor } = options;
  const limits = options.limits ?? UPLOAD_LIMITS;
  const perMinute = options.uploadsPerMinute ?? 6;
  const uploads = new KeyedRateLimiter(perMinute / 60, 3);
  const maxInProgress = options.uploadsInProgress ?? 2 * (options.concurrentUploads ?? 2);
  const maxStored = options.maxStoredBytes ?? 4 * 1024 ** 3;
  const pace = options.bodyPace ?? DEFAULT_BODY_PACE;
  const processingMs = options.processingMs ?? 60_000;
  const quota = options.bytesPerAddressPerDay ?? 100 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const maxBuffered = options.bufferedBytes ?? 2 * limits.maxTotalBytes;
  let inProgress = 0;
  let reserved = 0;
  const perAddress = new OpenCounts();
  const storedToday = new Map<string, { day: number; bytes: number }>();
  const today = () => Math.floor(now() / 86_400_000);
  const usedToday = (key: string) => {
    const used = storedToday.get(key);
    return used && used.day === today() ? used.bytes : 0;
  };
  const addStored = (key: string, bytes: number) => {
    const bytesToday = usedToday(key) + bytes;
    storedToday.delete(key);
    if (storedToday.size >= MAX_TRACKED) storedToday.delete(storedToday.keys().next().value as string);
    storedToday.set(key, { day: today(), bytes: bytesToday });
  };

  await app.register(async (scope) => {
    // The body is read as a stream by the handler, with its own limits, instead of by fastify.
    scope.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null, undefined));

    scope.post("/api/decks", async (request, reply) => {
      if (isCrossSite(request, options.publicUrl)) {
        reply.header("connection", "close");
        return sendError(reply, 403, {
          code: "upload/cross_site",
          message: "Uploads are accepted only from this server's own pages.",
          file: null,
        });
      }
      const address = addressKey(request.ip);
      if (perMinute > 0 && !uploads.take(address))
        return sendError(reply, 429, {
          code: "rate/limited",
          message: "Too many uploads from your address; wait a minute.",
        });
      const declared = Number(request.headers["content-length"] ?? Number.NaN);
      if (declared > limits.maxTotalBytes) {
        reply.header("connection", "close");
        return sendError(reply, 413, totalTooLarge(limits));
      }
      if (quota > 0 && usedToday(address) >= quota) {
        reply.header("connection", "close");
        return sendError(reply, 429, {
          code: "upload/quota_exceeded",
          message: `Your address has stored ${Math.round(quota / 1048576)} MB of decks today, the daily limit; try again tomorrow.`,
          file: null,
        });
      }
      const mine = perAddress.of(address);
      const reserve = Number.isFinite(declared) && declared >= 0 ? declared : limits.maxTotalBytes;
      if (
        inProgress >= maxInProgress ||
        mine >= PER_ADDRESS_IN_PROGRESS ||
        reserved + reserve > maxBuffered
      ) {
        reply.header("connection", "close");
        reply.header("retry-after", "30");
        return sendError(reply, 503, {
          code: "upload/busy",
          message: "The server is preparing other decks; try again in a minute.",
        });
      }
      inProgress++;
      reserved += reserve;
      perAddress.add(address);
      try {
        if ((await store.deckBytes()) >= maxStored) {
          reply.header("connection", "close");
          return sendError(reply, 507, {
            code: "upload/storage_full",
            message: "The server has no room for more custom decks right now; try again tomorrow.",
          });
        }
        const read = await readUpload(request.raw, limits, pace);
        if (!read.ok) {
          if ("aborted" in read) return reply.hijack();
          if (read.stopReading) reply.header("connection", "close");
          return sendError(reply, read.status, read.error);
        }
        const socket = request.raw.socket;
        // a client that goes away stops the processing of its upload (and frees the worker)
        const gone = new AbortController();
        const onClose = () => gone.abort();
        socket.once("close", onClose);
        const created = await createCustomDeck(
          store,
          library,
          processor,
          read,
          () => !socket.destroyed,
          now(),
          { signal: gone.signal, deadlineMs: processingMs },
        ).finally(() => socket.off("close", onClose));
        if (!created) return reply.hijack();
        if (!created.ok) return sendError(reply, created.status, created.error);
        addStored(address, created.value.bytes);
        request.log.info(
          { deck: created.value.id, cards: created.value.cards.length, bytes: created.value.bytes },
          "custom deck stored",
        );
        return reply.code(201).send(created.value);
      } finally {
        inProgress--;
        reserved -= reserve;
        perAddress.remove(address);
      }
    });
  });

  app.get("/api/decks/:id", async (request, reply) => {
    const id = deckIdSchema.safeParse((request.params as { id: string }).id);
    const deck = id.success ? await library.custom(id.data) : null;
    if (!deck) return unknownDeck(reply);
    reply.header("cache-control", DECK_CACHE);
    return deckResponse(deck);
  });

  for (const [segment, size] of [
    ["cards", "full"],
    ["thumbs", "thumb"],
  ] as const)
    app.get(`/api/decks/:id/${segment}/:card`, async (request, reply) => {
      const params = request.params as { id: string; card: string };
      const id = deckIdSchema.safeParse(params.id);
      if (!id.success) return unknownDeck(reply);
      const image = CARD_ID.test(params.card) ? await library.image(id.data, params.card, size) : null;
      if (!image) {
        if (!(await library.custom(id.data))) return unknownDeck(reply);
        return sendError(reply, 404, { code: "card/unknown", message: "No such card in this deck." });
      }
      reply.header("content-type", "image/webp");
      reply.header("cache-control", IMAGE_CACHE);
      return reply.send(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    });
}
