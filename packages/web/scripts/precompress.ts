/**
 * Compresses the built client once, at build time: beside every text file of dist (scripts, styles,
 * index.html, notices) a `.br` (brotli, best quality) and a `.gz` (gzip -9), which the server sends to
 * browsers that accept them instead of compressing on every request. A variant is only written when it
 * is clearly smaller; images and WOFF/WOFF2 fonts are compressed formats already.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".txt", ".svg", ".json", ".map", ".ico"]);
/** Below this a response fits in one packet whether compressed or not. */
const MIN_BYTES = 512;
/** A variant must save at least a tenth, or the original is served. */
const MAX_RATIO = 0.9;

export interface Variant {
  file: string;
  raw: number;
  br: number | null;
  gzip: number | null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function precompressDir(dir: string): Variant[] {
  const written: Variant[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gzip = gzipSync(raw, { level: 9 });
    const variant: Variant = { file, raw: raw.length, br: null, gzip: null };
    if (br.length <= raw.length * MAX_RATIO) {
      writeFileSync(`${file}.br`, br);
      variant.br = br.length;
    }
    if (gzip.length <= raw.length * MAX_RATIO) {
      writeFileSync(`${file}.gz`, gzip);
      variant.gzip = gzip.length;
    }
    written.push(variant);
  }
  return written;
}
