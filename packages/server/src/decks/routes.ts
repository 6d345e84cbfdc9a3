import type { FastifyInstance, FastifyReply } from "fastify";
import { deckResponse } from "../deck";
import { deckIdSchema, type ProtocolError, UPLOAD_LIMITS } from "../protocol";
import type { Store } from "../store/types";
import { KeyedRateLimiter } from "../validate";
import { createCustomDeck } from "./create";
import type { DeckLibrary } from "./library";
import type { DeckProcessor } from "./processor";
import { readUpload, type UploadLimits } from "./upload";

export interface DeckRoutesOptions {
  store: Store;
  library: DeckLibrary;
  processor: DeckProcessor;
  /** Uploads per minute per client address (bursts of 3); 0 turns the limit off. Default 6. */
  uploadsPerMinute?: number;
  /** Uploads read or processed at the same time in this process; more get `upload/busy`. Default 2. */
  concurrentUploads?: number;
  /** Bytes all custom decks together may take in the store; beyond, `upload/storage_full`. Default 4 GiB. */
  maxStoredBytes?: number;
  limits?: UploadLimits;
  now?: () => number;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const CARD_ID = /^[a-z0-9-]{1,48}$/;

const sendError = (reply: FastifyReply, status: number, error: ProtocolError) =>
  reply.code(status).send({ error });

const unknownDeck = (reply: FastifyReply) =>
  sendError(reply, 404, { code: "deck/unknown", message: "There is no deck with that id." });

/** POST /api/decks (upload), GET /api/decks/:id, and the custom cards' images and previews. */
export async function registerDeckRoutes(app: FastifyInstance, options: DeckRoutesOptions): Promise<void> {
  const { store, library, processor } = options;
  const limits = options.limits ?? UPLOAD_LIMITS;
  const perMinute = options.uploadsPerMinute ?? 6;
  const uploads = new KeyedRateLimiter(perMinute / 60, 3);
  const maxConcurrent = options.concurrentUploads ?? 2;
  const maxStored = options.maxStoredBytes ?? 4 * 1024 ** 3;
  const now = options.now ?? Date.now;
  let running = 0;

  await app.register(async (scope) => {
    // The body is read as a stream by the handler, with its own limits, instead of by fastify.
    scope.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null, undefined));

    scope.post("/api/decks", async (request, reply) => {
      if (perMinute > 0 && !uploads.take(request.ip))
        return sendError(reply, 429, {
          code: "rate/limited",
          message: "Too many uploads from your address; wait a minute.",
        });
      const declared = Number(request.headers["content-length"] ?? Number.NaN);
      if (declared > limits.maxTotalBytes) {
        reply.header("connection", "close");
        return sendError(reply, 413, {
          code: "upload/total_too_large",
          message: `An upload is at most ${Math.round(limits.maxTotalBytes / 1048576)} MB in all.`,
          file: null,
        });
      }
      if (running >= maxConcurrent) {
        reply.header("connection", "close");
        reply.header("retry-after", "30");
        return sendError(reply, 503, {
          code: "upload/busy",
          message: "The server is preparing other decks; try again in a minute.",
        });
      }
      running++;
      try {
        if ((await store.deckBytes()) >= maxStored) {
          reply.header("connection", "close");
          return sendError(reply, 507, {
            code: "upload/storage_full",
            message: "The server has no room for more custom decks right now; try again tomorrow.",
          });
        }
        const read = await readUpload(request.raw, limits);
        if (!read.ok) {
          if ("aborted" in read) return reply.hijack();
          if (read.stopReading) reply.header("connection", "close");
          return sendError(reply, read.status, read.error);
        }
        const socket = request.raw.socket;
        const created = await createCustomDeck(
          store,
          library,
          processor,
          read,
          () => !socket.destroyed,
          now(),
        );
        if (!created) return reply.hijack();
        if (!created.ok) return sendError(reply, created.status, created.error);
        request.log.info(
          { deck: created.value.id, cards: created.value.cards.length, bytes: created.value.bytes },
          "custom deck stored",
        );
        return reply.code(201).send(created.value);
      } finally {
        running--;
      }
    });
  });

  app.get("/api/decks/:id", async (request, reply) => {
    const id = deckIdSchema.safeParse((request.params as { id: string }).id);
    const deck = id.success ? await library.custom(id.data) : null;
    if (!deck) return unknownDeck(reply);
    reply.header("cache-control", IMMUTABLE);
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
      reply.header("cache-control", IMMUTABLE);
      return reply.send(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    });
}
