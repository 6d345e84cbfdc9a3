import { randomBytes } from "node:crypto";
import { deckResponse } from "../deck";
import type { CustomDeckResponse, ProtocolError } from "../protocol";
import type { DeckCardRow, DeckRow, Store } from "../store/types";
import type { DeckLibrary } from "./library";
import { type DeckProcessor, ProcessingStopped } from "./processor";
import type { UploadedFile } from "./upload";

export type CreateOutcome =
  | { ok: true; value: CustomDeckResponse }
  | { ok: false; error: ProtocolError; status: number };

/** 144 random bits, so nobody finds a deck by guessing. */
export function newDeckId(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Turns checked uploads into a stored deck: crops or fits each picture to 2:3, computes its detail map,
 * stores everything in one transaction and caches it. All or nothing: any problem stores nothing.
 * `stillWanted` is asked just before storing (a client that went away gets nothing stored); `signal`
 * stops the processing itself when the client goes away, and `deadlineMs` bounds it (null is returned
 * when cancelled, `upload/too_long_to_prepare` when past the deadline).
 */
export async function createCustomDeck(
  store: Store,
  library: DeckLibrary,
  processor: DeckProcessor,
  upload: { files: UploadedFile[]; name: string },
  stillWanted: () => boolean,
  now: number,
  options: { signal?: AbortSignal; deadlineMs?: number } = {},
): Promise<CreateOutcome | null> {
  let processed: Awaited<ReturnType<DeckProcessor["process"]>>;
  try {
    processed = await processor.process(upload.files, options);
  } catch (error) {
    if (!(error instanceof ProcessingStopped)) throw error;
    if (error.reason === "cancelled") return null;
    const seconds = Math.round((options.deadlineMs ?? 0) / 1000);
    return {
      ok: false,
      status: 400,
      error: {
        code: "upload/too_long_to_prepare",
        message: `Preparing these pictures took longer than ${seconds} s; use fewer, smaller or simpler pictures.`,
        file: null,
      },
    };
  }
  if (!processed.ok) {
    const { code, message, file } = processed.error;
    return { ok: false, status: code === "upload/too_large" ? 413 : 400, error: { code, message, file } };
  }
  // the worker's answer arrived in one piece: let other work run before the next step
  await new Promise((resolve) => setImmediate(resolve));
  const cards: DeckCardRow[] = processed.cards.map((card, index) => ({
    index,
    manifest: card.manifest,
    image: card.webp,
    thumb: card.thumb,
  }));
  const bytes = cards.reduce((sum, c) => sum + c.image.length + c.thumb.length, processed.manifestBytes);
  const row: DeckRow = {
    id: newDeckId(),
    name: upload.name || "Custom deck",
    cards: cards.length,
    bytes,
    createdAt: now,
  };
  if (!stillWanted()) return null;
  await store.saveDeck(row, cards);
  const deck = library.remember(
    row,
    cards.map((c) => c.manifest),
  );
  return { ok: true, value: { ...deckResponse(deck), name: row.name, createdAt: row.createdAt, bytes } };
}
