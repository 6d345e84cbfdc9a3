import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { addressKey } from "../client-address";
import { deckResponse } from "../deck";
import { sendError } from "../http";
import { deckIdSchema, UPLOAD_LIMITS } from "../protocol";
import type { Store } from "../store/types";
import { isRefusal, UploadAdmission } from "./admission";
import { createCustomDeck } from "./create";
import type { DeckLibrary } from "./library";
import type { DeckProcessor } from "./processor";
import { type BodyPace, DEFAULT_BODY_PACE, readUpload, type UploadLimits } from "./upload";

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

/** What the upload route works with. */
interface UploadContext {
  store: Store;
  library: DeckLibrary;
  processor: DeckProcessor;
  admission: UploadAdmission;
  limits: UploadLimits;
  pace: BodyPace;
  processingMs: number;
  maxStored: number;
  publicUrl: string | undefined;
  now: () => number;
}

/** POST /api/decks (upload), GET /api/decks/:id, and the custom cards' images and previews. */
export async function registerDeckRoutes(app: FastifyInstance, options: DeckRoutesOptions): Promise<void> {
  const limits = options.limits ?? UPLOAD_LIMITS;
  const now = options.now ?? Date.now;
  const upload: UploadContext = {
    store: options.store,
    library: options.library,
    processor: options.processor,
    admission: new UploadAdmission({
      limits,
      perMinute: options.uploadsPerMinute ?? 6,
      maxInProgress: options.uploadsInProgress ?? 2 * (options.concurrentUploads ?? 2),
      maxBuffered: options.bufferedBytes ?? 2 * limits.maxTotalBytes,
      quota: options.bytesPerAddressPerDay ?? 100 * 1024 * 1024,
      now,
    }),
    limits,
    pace: options.bodyPace ?? DEFAULT_BODY_PACE,
    processingMs: options.processingMs ?? 60_000,
    maxStored: options.maxStoredBytes ?? 4 * 1024 ** 3,
    publicUrl: options.publicUrl,
    now,
  };
  await app.register(async (scope) => {
    // The body is read as a stream by the handler, with its own limits, instead of by fastify.
    scope.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null, undefined));
    scope.post("/api/decks", (request, reply) => receiveUpload(request, reply, upload));
  });
  registerDeckReads(app, options.library);
}

/** Refuses uploads from other sites and those the admission turns away; stores the others. */
async function receiveUpload(request: FastifyRequest, reply: FastifyReply, ctx: UploadContext) {
  if (isCrossSite(request, ctx.publicUrl)) {
    reply.header("connection", "close");
    return sendError(reply, 403, {
      code: "upload/cross_site",
      message: "Uploads are accepted only from this server's own pages.",
      file: null,
    });
  }
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  const admitted = ctx.admission.admit(addressKey(request.ip), declared);
  if (isRefusal(admitted)) {
    if (admitted.close) reply.header("connection", "close");
    if (admitted.retryAfter) reply.header("retry-after", admitted.retryAfter);
    return sendError(reply, admitted.status, admitted.error);
  }
  request.log.debug("upload admitted");
  try {
    return await storeUpload(request, reply, ctx, admitted.address);
  } finally {
    ctx.admission.release(admitted);
  }
}

/** Reads an admitted upload, makes a deck of it and stores it. */
async function storeUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: UploadContext,
  address: string,
) {
  if ((await ctx.store.deckBytes()) >= ctx.maxStored) {
    reply.header("connection", "close");
    return sendError(reply, 507, {
      code: "upload/storage_full",
      message: "The server has no room for more custom decks right now; try again tomorrow.",
    });
  }
  const read = await readUpload(request.raw, ctx.limits, ctx.pace);
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
    ctx.store,
    ctx.library,
    ctx.processor,
    read,
    () => !socket.destroyed,
    ctx.now(),
    { signal: gone.signal, deadlineMs: ctx.processingMs },
  ).finally(() => socket.off("close", onClose));
  if (!created) return reply.hijack();
  if (!created.ok) return sendError(reply, created.status, created.error);
  ctx.admission.addStored(address, created.value.bytes);
  request.log.info(
    { deck: created.value.id, cards: created.value.cards.length, bytes: created.value.bytes },
    "custom deck stored",
  );
  return reply.code(201).send(created.value);
}

/** GET /api/decks/:id and the custom cards' images and previews. */
function registerDeckReads(app: FastifyInstance, library: DeckLibrary): void {
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
