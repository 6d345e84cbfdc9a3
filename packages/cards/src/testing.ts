/**
 * Pictures made in code for tests of custom decks (server, e2e): no binaries in the repository.
 * `@firmament/cards/testing`; loads sharp on first use.
 */
import type { ImageKind } from "./custom/process";
import { blobImage } from "./custom/testimages";
import { rng } from "./rng";

export interface SamplePicture {
  name: string;
  bytes: Uint8Array;
}

/**
 * `count` distinct pictures: a graded, noisy sky with two or three coloured discs placed by `seed`,
 * `width`×`height` (any aspect; default 600×800), encoded as `format` and named `picture-<n>.<ext>`.
 */
export async function samplePictures(
  count: number,
  options: { format?: ImageKind; width?: number; height?: number; seed?: string } = {},
): Promise<SamplePicture[]> {
  const sharp = (await import("sharp")).default;
  const { format = "png", width = 600, height = 800, seed = "sample" } = options;
  const ext = format === "jpeg" ? "jpg" : format;
  const out: SamplePicture[] = [];
  for (let i = 1; i <= count; i++) {
    const r = rng(`${seed}-${i}`);
    const blobs = Array.from({ length: r.int(2, 3) }, () => ({
      x: 0.15 + r.next() * 0.7,
      y: 0.15 + r.next() * 0.7,
      r: 0.05 + r.next() * 0.1,
      color: [r.int(120, 255), r.int(60, 255), r.int(20, 200)] as [number, number, number],
    }));
    const img = blobImage(width, height, blobs, `${seed}-${i}`);
    const s = sharp(Buffer.from(img.data), { raw: { width, height, channels: 3 } });
    const encoded = format === "png" ? s.png() : format === "jpeg" ? s.jpeg({ quality: 88 }) : s.webp();
    out.push({ name: `picture-${i}.${ext}`, bytes: new Uint8Array(await encoded.toBuffer()) });
  }
  return out;
}
