/** In-place iterative radix-2 FFT on separate real and imaginary arrays (length a power of two). */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (n & (n - 1)) throw new Error("fft: length must be a power of two");
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i] as number;
      re[i] = re[j] as number;
      re[j] = tr;
      const ti = im[i] as number;
      im[i] = im[j] as number;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const xr = (re[b] as number) * cr - (im[b] as number) * ci;
        const xi = (re[b] as number) * ci + (im[b] as number) * cr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
  if (inverse)
    for (let i = 0; i < n; i++) {
      re[i] = (re[i] as number) / n;
      im[i] = (im[i] as number) / n;
    }
}

/** 2-D FFT of a w×h row-major grid (both powers of two), in place. */
export function fft2(re: Float64Array, im: Float64Array, w: number, h: number, inverse = false): void {
  fftLines(re, im, h, w, w, 1, inverse);
  fftLines(re, im, w, h, 1, w, inverse);
}

/** FFT of `count` lines of `len` samples each: line l's i-th sample sits at l * lineStride + i * step. */
function fftLines(
  re: Float64Array,
  im: Float64Array,
  count: number,
  len: number,
  lineStride: number,
  step: number,
  inverse: boolean,
): void {
  const lr = new Float64Array(len);
  const li = new Float64Array(len);
  for (let l = 0; l < count; l++) {
    const base = l * lineStride;
    for (let i = 0; i < len; i++) {
      lr[i] = re[base + i * step] as number;
      li[i] = im[base + i * step] as number;
    }
    fft(lr, li, inverse);
    for (let i = 0; i < len; i++) {
      re[base + i * step] = lr[i] as number;
      im[base + i * step] = li[i] as number;
    }
  }
}
