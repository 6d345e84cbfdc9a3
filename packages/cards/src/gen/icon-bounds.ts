/**
 * Measures the visible outline of an icon (its padding differs from icon to icon): render at 128 px, keep
 * pixels with alpha ≥ 64. Build time only (sharp); the dream deck's and the Dreamers' builds both use it.
 */
import sharp from "sharp";
import { iconBody } from "./icons";
import type { IconBounds } from "./scene-types";

export async function measureIcon(name: string): Promise<IconBounds> {
  const S = 128;
  const ic = iconBody(name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${ic.width} ${ic.height}">${ic.body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let x0 = S;
  let y0 = S;
  let x1 = -1;
  let y1 = -1;
  let n = 0;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      if ((data[(y * info.width + x) * 4 + 3] as number) < 64) continue;
      n++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  const k = ic.width / S;
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return {
    x0: r(x0 * k),
    y0: r(y0 * k),
    x1: r((x1 + 1) * k),
    y1: r((y1 + 1) * k),
    fill: r(n / ((x1 + 1 - x0) * (y1 + 1 - y0))),
  };
}
