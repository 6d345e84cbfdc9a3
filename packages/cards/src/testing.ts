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

/** The bytes of the bits `write` puts, most significant first, stuffed after 0xff and padded with ones. */
function packBits(write: (put: (v: number, n: number) => void) => void): number[] {
  const out: number[] = [];
  let acc = 0;
  let n = 0;
  const put = (v: number, count: number) => {
    for (let i = count - 1; i >= 0; i--) {
      acc = (acc << 1) | ((v >> i) & 1);
      if (++n === 8) {
        out.push(acc);
        if (acc === 0xff) out.push(0);
        acc = 0;
        n = 0;
      }
    }
  };
  write(put);
  while (n) put(1, 1);
  return out;
}

/**
 * A valid progressive greyscale JPEG whose coefficients are all zero, coded in `scans` scans (a DC scan,
 * then successive-approximation AC scans; at most 883): cheap to send, costly to decode.
 */
export function manyScanJpeg(width: number, height: number, scans = 883): Uint8Array {
  const parts: number[][] = [[0xff, 0xd8]];
  const seg = (marker: number, body: number[]) =>
    parts.push([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body]);
  seg(0xdb, [0x00, ...Array<number>(64).fill(1)]);
  seg(0xc2, [8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]);
  const dcBits = Array<number>(16).fill(0);
  dcBits[0] = 1;
  seg(0xc4, [0x00, ...dcBits, 0x00]);
  const acBits = Array<number>(16).fill(0);
  acBits[3] = 15;
  seg(0xc4, [0x10, ...acBits, ...Array.from({ length: 15 }, (_, r) => r << 4)]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const sos = (ss: number, se: number, ah: number, al: number) =>
    seg(0xda, [1, 1, 0x00, ss, se, (ah << 4) | al]);
  sos(0, 0, 0, 0);
  parts.push(
    packBits((put) => {
      for (let i = 0; i < blocks; i++) put(0, 1);
    }),
  );
  const eobRuns = packBits((put) => {
    for (let left = blocks; left > 0; ) {
      const run = Math.min(left, 32767);
      const r = 31 - Math.clz32(run);
      put(r, 4);
      if (r) put(run - (1 << r), r);
      left -= run;
    }
  });
  let written = 1;
  for (let k = 1; k <= 63 && written < scans; k++)
    for (let ah = 13; ah >= 0 && written < scans; ah--) {
      // first the band's top bits (ah 0 → al 13), then one refinement per lower bit
      if (ah === 13) sos(k, k, 0, 13);
      else sos(k, k, ah + 1, ah);
      parts.push(eobRuns);
      written++;
    }
  parts.push([0xff, 0xd9]);
  return new Uint8Array(parts.flat());
}
