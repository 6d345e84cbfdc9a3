import { type DetailMap, processCustomDeck, type Result } from "@firmament/cards";
import type { UploadedFile } from "./upload";

/** A processed upload: the cards with compact detail maps, and the bytes their manifests take as JSON. */
export type Processed =
  | { ok: true; cards: Extract<Result, { ok: true }>["cards"]; manifestBytes: number }
  | Extract<Result, { ok: false }>;

/** Three decimals are far finer than anything a bot or a threshold can tell apart, and a third of the JSON. */
function compact(detail: DetailMap): DetailMap {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { ...detail, salience: detail.salience.map(round), brightness: detail.brightness.map(round) };
}

/** Everything an upload needs before it is stored (all of it CPU work, so a worker thread runs it). */
export async function processUpload(files: UploadedFile[]): Promise<Processed> {
  const result = await processCustomDeck(files, { idPrefix: "custom" });
  if (!result.ok) return result;
  let manifestBytes = 0;
  const cards = result.cards.map((card) => {
    const manifest = { ...card.manifest, detail: compact(card.manifest.detail) };
    manifestBytes += JSON.stringify(manifest).length;
    return { ...card, manifest };
  });
  return { ok: true, cards, manifestBytes };
}
