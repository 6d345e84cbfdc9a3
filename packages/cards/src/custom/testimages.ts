/** Generated pictures with known salient blobs, for testing the custom-deck detail maps. */
import { rng } from "../rng";
import type { RgbImage } from "./saliency";

export interface Blob {
  /** Centre in picture coordinates 0..1. */
  x: number;
  y: number;
  /** Radius as a share of the picture's width. */
  r: number;
  color: [number, number, number];
}

/** A softly graded, slightly noisy background with opaque round blobs on top. */
export function blobImage(width: number, height: number, blobs: Blob[], seed: string): RgbImage {
  const r = rng(seed);
  const data = new Uint8Array(width * height * 3);
  const top = [r.int(20, 60), r.int(30, 70), r.int(60, 110)];
  const bottom = [r.int(40, 90), r.int(40, 80), r.int(70, 120)];
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = (top[c] as number) * (1 - t) + (bottom[c] as number) * t + (r.next() - 0.5) * 16;
        data[o + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  for (const b of blobs) {
    const cx = b.x * width;
    const cy = b.y * height;
    const rad = b.r * width;
    for (let y = Math.max(0, Math.floor(cy - rad - 2)); y < Math.min(height, cy + rad + 2); y++)
      for (let x = Math.max(0, Math.floor(cx - rad - 2)); x < Math.min(width, cx + rad + 2); x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const a = Math.max(0, Math.min(1, rad - d + 0.5));
        if (a <= 0) continue;
        const o = (y * width + x) * 3;
        for (let c = 0; c < 3; c++)
          data[o + c] = Math.round((data[o + c] as number) * (1 - a) + (b.color[c] as number) * a);
      }
  }
  return { width, height, channels: 3, data };
}
