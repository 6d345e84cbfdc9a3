/**
 * Whether a cast shadow reads at phone size: the card and its object mask brought down to 90 px wide (a
 * card in a row of four on a 390 px phone), and the CIELAB lightness of the shadow's silhouette compared
 * with the ground right around it (a ring 3 px wide at that size, scenery only: other objects left out).
 */
import sharp from "sharp";
import { lab } from "./perceptual";
import { H, maskRed, W } from "./scene";

/** A card's width on a phone, in CSS pixels, when four cards of a round sit side by side. */
export const PHONE_WIDTH = 90;
/**
 * The silhouette must be at least this much darker (CIELAB L*, 0–100) than the ground around it. Edition
 * 2's six shadow cards measured 10–26 (the five reported as dark blobs on a dark ground 10–23); edition
 * 3's candidates, on the lamp's pool of light with a light rim, 35–51.
 */
export const MIN_SHADOW_CONTRAST = 30;
const RING = 3;

export interface Contrast {
  /** Mean L* of the silhouette and of the ring of ground around it, at PHONE_WIDTH. */
  inside: number;
  around: number;
  /** around − inside: how much darker the shadow is than its ground. */
  delta: number;
}

/** Coverage (0..1) of each phone-size pixel by mask pixels that pass `test`. */
function coverage(channels: number, pw: number, ph: number, test: (o: number) => boolean): Float32Array {
  const out = new Float32Array(pw * ph);
  const n = new Float32Array(pw * ph);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = Math.min(ph - 1, Math.floor((y * ph) / H)) * pw + Math.min(pw - 1, Math.floor((x * pw) / W));
      n[p] = (n[p] as number) + 1;
      if (test((y * W + x) * channels)) out[p] = (out[p] as number) + 1;
    }
  for (let p = 0; p < out.length; p++) out[p] = (out[p] as number) / Math.max(1, n[p] as number);
  return out;
}

/** Contrast of object `index` of a composed card (its mask SVG) in the card's rendered image. */
export async function silhouetteContrast(image: Buffer, maskSvg: string, index: number): Promise<Contrast> {
  const pw = PHONE_WIDTH;
  const ph = Math.round((PHONE_WIDTH * H) / W);
  const art = await sharp(image).resize(pw, ph, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const { data: mask, info } = await sharp(Buffer.from(maskSvg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== W || info.height !== H) throw new Error("legibility: mask size");
  const red = maskRed(index);
  const c = info.channels;
  const own = coverage(c, pw, ph, (o) => {
    const r = mask[o] as number;
    return (
      Math.abs(r - red) <= 1 &&
      Math.abs((mask[o + 1] as number) - 200) <= 2 &&
      Math.abs((mask[o + 2] as number) - 100) <= 2
    );
  });
  const scenery = coverage(
    c,
    pw,
    ph,
    (o) => (mask[o] as number) + (mask[o + 1] as number) + (mask[o + 2] as number) < 12,
  );
  const L = (p: number) => lab(art[p * 3] as number, art[p * 3 + 1] as number, art[p * 3 + 2] as number)[0];
  let inSum = 0;
  let inN = 0;
  let outSum = 0;
  let outN = 0;
  for (let y = 0; y < ph; y++)
    for (let x = 0; x < pw; x++) {
      const p = y * pw + x;
      if ((own[p] as number) >= 0.75) {
        inSum += L(p);
        inN++;
      } else if ((own[p] as number) === 0 && (scenery[p] as number) >= 0.75 && near(own, pw, ph, x, y)) {
        outSum += L(p);
        outN++;
      }
    }
  if (inN === 0 || outN === 0)
    throw new Error("legibility: no silhouette or no ground around it at phone size");
  const inside = inSum / inN;
  const around = outSum / outN;
  return { inside, around, delta: around - inside };
}

/** Whether a pixel lies within RING pixels of the silhouette. */
function near(own: Float32Array, pw: number, ph: number, x: number, y: number): boolean {
  for (let dy = -RING; dy <= RING; dy++)
    for (let dx = -RING; dx <= RING; dx++) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < pw && yy < ph && (own[yy * pw + xx] as number) >= 0.5) return true;
    }
  return false;
}
