/**
 * Detail maps computed from a picture itself, for custom decks: spectral-residual saliency (Hou & Zhang,
 * 2007) on the luminance plus colour contrast in CIELAB (distance of each spot from the picture's mean
 * colour and from its blurred surroundings), pooled into the same 24×36 grid the standard deck uses.
 */
import { DETAIL_COLS, DETAIL_ROWS, type DetailMap } from "../types";
import { fft2 } from "./fft";

export interface RgbImage {
  width: number;
  height: number;
  /** channels 3 or 4, row-major, 0..255 */
  channels: number;
  data: Uint8Array;
}

/** Box-average resample of one channel function to w×h. */
function resample(
  img: RgbImage,
  w: number,
  h: number,
  value: (r: number, g: number, b: number) => number,
): Float64Array {
  const out = new Float64Array(w * h);
  const cnt = new Float64Array(w * h);
  const sx = w / img.width;
  const sy = h / img.height;
  for (let y = 0; y < img.height; y++) {
    const ty = Math.min(h - 1, Math.floor(y * sy));
    for (let x = 0; x < img.width; x++) {
      const tx = Math.min(w - 1, Math.floor(x * sx));
      const o = (y * img.width + x) * img.channels;
      const t = ty * w + tx;
      out[t] =
        (out[t] as number) +
        value(img.data[o] as number, img.data[o + 1] as number, img.data[o + 2] as number);
      cnt[t] = (cnt[t] as number) + 1;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / Math.max(1, cnt[i] as number);
  return out;
}

function gaussianBlur(src: Float64Array, w: number, h: number, sigma: number): Float64Array {
  const rad = Math.max(1, Math.ceil(sigma * 3));
  const k: number[] = [];
  let ks = 0;
  for (let i = -rad; i <= rad; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k.push(v);
    ks += v;
  }
  const tmp = new Float64Array(w * h);
  const out = new Float64Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -rad; i <= rad; i++)
        s += (k[i + rad] as number) * (src[y * w + Math.min(w - 1, Math.max(0, x + i))] as number);
      tmp[y * w + x] = s / ks;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -rad; i <= rad; i++)
        s += (k[i + rad] as number) * (tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x] as number);
      out[y * w + x] = s / ks;
    }
  return out;
}

function normalise(a: Float64Array): Float64Array {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of a) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const out = new Float64Array(a.length);
  if (hi - lo < 1e-12) return out;
  for (let i = 0; i < a.length; i++) out[i] = ((a[i] as number) - lo) / (hi - lo);
  return out;
}

const lin = (c: number): number => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const fLab = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = fLab((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = fLab(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = fLab((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** Spectral residual saliency of a luminance grid (w, h powers of two), normalised 0..1. */
export function spectralResidual(lum: Float64Array, w: number, h: number): Float64Array {
  const re = Float64Array.from(lum);
  const im = new Float64Array(w * h);
  fft2(re, im, w, h);
  const logA = new Float64Array(w * h);
  const phR = new Float64Array(w * h);
  const phI = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const a = Math.hypot(re[i] as number, im[i] as number);
    logA[i] = Math.log(a + 1e-9);
    phR[i] = a > 0 ? (re[i] as number) / a : 1;
    phI[i] = a > 0 ? (im[i] as number) / a : 0;
  }
  // residual = log amplitude minus its 3×3 local average (with wrap-around, the spectrum is periodic)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) s += logA[((y + dy + h) % h) * w + ((x + dx + w) % w)] as number;
      const res = (logA[y * w + x] as number) - s / 9;
      const m = Math.exp(res);
      re[y * w + x] = m * (phR[y * w + x] as number);
      im[y * w + x] = m * (phI[y * w + x] as number);
    }
  fft2(re, im, w, h, true);
  const s = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) s[i] = (re[i] as number) ** 2 + (im[i] as number) ** 2;
  return normalise(gaussianBlur(s, w, h, 2.5));
}

/** Colour contrast: distance in Lab from the mean colour and from the blurred surroundings, 0..1. */
export function colourContrast(img: RgbImage, w: number, h: number): Float64Array {
  const R = resample(img, w, h, (r) => r);
  const G = resample(img, w, h, (_r, g) => g);
  const Bl = resample(img, w, h, (_r, _g, b) => b);
  const L = new Float64Array(w * h);
  const A = new Float64Array(w * h);
  const B = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const lab = rgbToLab(R[i] as number, G[i] as number, Bl[i] as number);
    L[i] = lab[0];
    A[i] = lab[1];
    B[i] = lab[2];
  }
  const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;
  const mL = mean(L);
  const mA = mean(A);
  const mB = mean(B);
  const sL = gaussianBlur(L, w, h, 1);
  const sA = gaussianBlur(A, w, h, 1);
  const sB = gaussianBlur(B, w, h, 1);
  const surL = gaussianBlur(L, w, h, w / 6);
  const surA = gaussianBlur(A, w, h, w / 6);
  const surB = gaussianBlur(B, w, h, w / 6);
  const out = new Float64Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const global = Math.hypot((sL[i] as number) - mL, (sA[i] as number) - mA, (sB[i] as number) - mB);
    const local = Math.hypot(
      (sL[i] as number) - (surL[i] as number),
      (sA[i] as number) - (surA[i] as number),
      (sB[i] as number) - (surB[i] as number),
    );
    out[i] = 0.5 * global + local;
  }
  return normalise(out);
}

/** Pools a w×h map into the detail grid by area average. */
function pool(src: Float64Array, w: number, h: number, cols: number, rows: number): Float64Array {
  const out = new Float64Array(cols * rows);
  const cnt = new Float64Array(cols * rows);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = Math.min(cols - 1, Math.floor((x * cols) / w));
      const r = Math.min(rows - 1, Math.floor((y * rows) / h));
      out[r * cols + c] = (out[r * cols + c] as number) + (src[y * w + x] as number);
      cnt[r * cols + c] = (cnt[r * cols + c] as number) + 1;
    }
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / Math.max(1, cnt[i] as number);
  return out;
}

const r3 = (v: number): number => Math.round(v * 1000) / 1000;

/** The detail map of a picture (any size; a 2:3 portrait is expected): salience and brightness per cell. */
export function computeDetailMap(img: RgbImage): DetailMap {
  const cols = DETAIL_COLS;
  const rows = DETAIL_ROWS;
  // work on a 96×144 box-averaged copy: fast for any input size
  const small = shrink(img, cols * 4, rows * 4);
  // spectral residual at 64×64 (the scale the method was designed for), colour contrast at 48×72
  const lum64 = resample(small, 64, 64, (r, g, b) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255);
  const sr = spectralResidual(lum64, 64, 64);
  const cc = colourContrast(small, 48, 72);
  const srGrid = pool(sr, 64, 64, cols, rows);
  const ccGrid = pool(cc, 48, 72, cols, rows);
  const combined = new Float64Array(cols * rows);
  for (let i = 0; i < combined.length; i++)
    combined[i] = 0.4 * (srGrid[i] as number) + 0.6 * (ccGrid[i] as number);
  const sal = normalise(gaussianBlur(combined, cols, rows, 0.7));
  const bright = pool(
    resample(small, cols * 4, rows * 4, (r, g, b) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255),
    cols * 4,
    rows * 4,
    cols,
    rows,
  );
  return { cols, rows, salience: Array.from(sal, r3), brightness: Array.from(bright, r3) };
}

/** Box-average downscale to w×h RGB (upscales by nearest neighbour when the picture is smaller). */
function shrink(img: RgbImage, w: number, h: number): RgbImage {
  const sum = new Float64Array(w * h * 3);
  const cnt = new Float64Array(w * h);
  for (let y = 0; y < img.height; y++) {
    const ty = Math.min(h - 1, Math.floor((y * h) / img.height));
    for (let x = 0; x < img.width; x++) {
      const tx = Math.min(w - 1, Math.floor((x * w) / img.width));
      const o = (y * img.width + x) * img.channels;
      const t = ty * w + tx;
      sum[t * 3] = (sum[t * 3] as number) + (img.data[o] as number);
      sum[t * 3 + 1] = (sum[t * 3 + 1] as number) + (img.data[o + 1] as number);
      sum[t * 3 + 2] = (sum[t * 3 + 2] as number) + (img.data[o + 2] as number);
      cnt[t] = (cnt[t] as number) + 1;
    }
  }
  const data = new Uint8Array(w * h * 3);
  for (let t = 0; t < w * h; t++) {
    const c = cnt[t] as number;
    if (c === 0) {
      // picture smaller than the grid: take the nearest source pixel
      const x = Math.min(img.width - 1, Math.floor(((t % w) * img.width) / w));
      const y = Math.min(img.height - 1, Math.floor((Math.floor(t / w) * img.height) / h));
      const o = (y * img.width + x) * img.channels;
      for (let k = 0; k < 3; k++) data[t * 3 + k] = img.data[o + k] as number;
      continue;
    }
    for (let k = 0; k < 3; k++) data[t * 3 + k] = Math.round((sum[t * 3 + k] as number) / c);
  }
  return { width: w, height: h, channels: 3, data };
}

/** Local maxima of a detail map, strongest first, located to sub-cell precision (card coordinates 0..1). */
export function peaks(d: DetailMap, max = 8, minLevel = 0.3): { x: number; y: number; v: number }[] {
  const { cols, rows, salience: s } = d;
  const out: { x: number; y: number; v: number }[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const v = s[r * cols + c] as number;
      if (v < minLevel) continue;
      let isMax = true;
      let sw = 0;
      let sx = 0;
      let sy = 0;
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
          const u = s[rr * cols + cc] as number;
          if ((dr || dc) && (u > v || (u === v && (dr < 0 || (dr === 0 && dc < 0))))) isMax = false;
          sw += u;
          sx += u * (cc + 0.5);
          sy += u * (rr + 0.5);
        }
      if (isMax) out.push({ x: sx / sw / cols, y: sy / sw / rows, v });
    }
  return out.sort((a, b) => b.v - a.v).slice(0, max);
}
