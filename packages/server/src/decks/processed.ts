import { processCustomDeck, type Result } from "@firmament/cards";
import type { UploadedFile } from "./upload";

/** A processed upload: the cards, and the bytes their manifests take as JSON. */
export type Processed =
  | { ok: true; cards: Extract<Result, { ok: true }>["cards"]; manifestBytes: number }
  | Extract<Result, { ok: false }>;

/** Everything an upload needs before it is stored (all of it CPU work, so a worker thread runs it). */
export async function processUpload(files: UploadedFile[]): Promise<Processed> {
  const result = await processCustomDeck(files, { idPrefix: "custom" });
  if (!result.ok) return result;
  let manifestBytes = 0;
  for (const card of result.cards) manifestBytes += JSON.stringify(card.manifest).length;
  return { ok: true, cards: result.cards, manifestBytes };
}
