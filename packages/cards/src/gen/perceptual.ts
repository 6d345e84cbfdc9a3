/**
 * Two small descriptors of how a picture looks, to find pairs a person would call the same picture:
 * a difference hash (64 bits: is each of 8×8 grey cells brighter than its right neighbour) and a colour
 * layout (the mean CIELAB colour of each cell of a 6×9 grid).
 */
import sharp from "sharp";

export interface Look {
  dhash: bigint;
  /** L, a, b per cell of a 6×9 grid, row-major. */
  layout: Float64Array;
}

const srgbToLinear = (v: number): number => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);

export function lab(r: number, g: number, b: number): [number, number, number] {
  const R = srgbToLinear(r);
  const G = srgbToLinear(g);
  const B = srgbToLinear(b);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

export async function look(image: Buffer | Uint8Array): Promise<Look> {
  const grey = await sharp(image).greyscale().resize(9, 8, { fit: "fill" }).raw().toBuffer();
  let dhash = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++)
      dhash = (dhash << 1n) | ((grey[y * 9 + x] as number) > (grey[y * 9 + x + 1] as number) ? 1n : 0n);
  const small = await sharp(image).removeAlpha().resize(6, 9, { fit: "fill" }).raw().toBuffer();
  const layout = new Float64Array(6 * 9 * 3);
  for (let i = 0; i < 6 * 9; i++) {
    const [L, A, B] = lab(small[i * 3] as number, small[i * 3 + 1] as number, small[i * 3 + 2] as number);
    layout[i * 3] = L;
    layout[i * 3 + 1] = A;
    layout[i * 3 + 2] = B;
  }
  return { dhash, layout };
}

/** Bits in which two difference hashes differ (0 = same structure, 32 = unrelated). */
export function hashDistance(a: Look, b: Look): number {
  let x = a.dhash ^ b.dhash;
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** Mean colour difference (CIE76 ΔE) over the layout's cells. */
export function layoutDistance(a: Look, b: Look): number {
  let sum = 0;
  const cells = a.layout.length / 3;
  for (let i = 0; i < cells; i++) {
    const dl = (a.layout[i * 3] as number) - (b.layout[i * 3] as number);
    const da = (a.layout[i * 3 + 1] as number) - (b.layout[i * 3 + 1] as number);
    const db = (a.layout[i * 3 + 2] as number) - (b.layout[i * 3 + 2] as number);
    sum += Math.sqrt(dl * dl + da * da + db * db);
  }
  return sum / cells;
}
