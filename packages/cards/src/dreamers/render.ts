/** Rendering of a composed face (build time, sharp) and the one hash that names a version's art. */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { DreamersManifest } from "./manifest";

/** Faces are composed on a 400×600 canvas and rendered at 1.5× (600×900), like the dream deck's cards. */
export const FACE_SCALE = 1.5;

export async function renderFace(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * FACE_SCALE })
    .removeAlpha()
    .webp({ quality: 86, effort: 6, smartSubsample: true })
    .toBuffer();
}

/** SHA-256 over every face's WebP and SVG hashes in id order. */
export function dreamersArtHash(m: Pick<DreamersManifest, "faces" | "svg">): string {
  const text = [...m.faces]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((f) => `${f.id} ${f.sha256} ${m.svg[f.id]}`)
    .join("\n");
  return createHash("sha256").update(text).digest("hex");
}
