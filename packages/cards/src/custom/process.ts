/**
 * Custom decks: a host's own pictures, checked, normalised to 2:3 WebP and given detail maps computed from
 * the pictures themselves. All or nothing: one bad file fails the whole upload with an error naming it.
 */
import type { Sharp, SharpOptions } from "sharp";
import { customAlt } from "../alt";
import type { CardManifest } from "../types";
import { computeDetailMap } from "./saliency";

export const CUSTOM_LIMITS = {
  minImages: 8,
  maxImages: 100,
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
  /**
   * Progressive JPEGs and interlaced PNGs are decoded as a whole, not row by row: at 40 megapixels
   * sharp peaked at 295 MB (JPEG 4:4:4) and 418 MB (16-bit PNG), at 16 megapixels at 158 and 224 MB
   * (baseline pictures: under 75 MB at 40 megapixels).
   */
  maxPixelsInterlaced: 16_000_000,
  /**
   * Scans in a JPEG. Each scan of a progressive JPEG is decoded over the whole picture: an ordinary one
   * has up to about 12, a crafted one can have hundreds (883 took sharp 6.9 s of CPU for one picture).
   */
  maxJpegScans: 100,
  /** Output size of a normalised card. */
  width: 400,
  height: 600,
  /** Size of the small preview of each card (for an upload's preview; 2× for sharp screens at 80×120). */
  thumbWidth: 160,
  thumbHeight: 240,
} as const;

export type UploadErrorCode =
  | "upload/empty"
  | "upload/too_large"
  | "upload/not_an_image"
  | "upload/wrong_extension"
  | "upload/truncated"
  | "upload/too_many_pixels"
  | "upload/too_complex"
  | "upload/too_few_images"
  | "upload/too_many_images";

export interface UploadError {
  code: UploadErrorCode;
  /** The offending file's name, or null when the problem is the deck as a whole. */
  file: string | null;
  message: string;
}

export interface CustomCard {
  /** The uploaded file's name. */
  name: string;
  manifest: CardManifest;
  /** The normalised 400×600 WebP. */
  webp: Uint8Array;
  /** A 160×240 WebP of the same crop, for previews. */
  thumb: Uint8Array;
}

export type Result = { ok: true; cards: CustomCard[] } | { ok: false; error: UploadError };

export interface ProcessOptions {
  /** Card ids are `${idPrefix}-1`, `${idPrefix}-2`, … (lowercase letters, digits and dashes). */
  idPrefix?: string;
  /** "cover" crops to 2:3 around the most interesting part; "contain" fits the whole picture on a dark mat. */
  fit?: "cover" | "contain";
}

export type ImageKind = "png" | "jpeg" | "webp";

const EXTENSIONS: Record<string, ImageKind> = { png: "png", jpg: "jpeg", jpeg: "jpeg", webp: "webp" };

/** What the bytes are, by their signature (never by the name). */
export function sniff(bytes: Uint8Array): ImageKind | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (
    b(0) === 0x89 &&
    b(1) === 0x50 &&
    b(2) === 0x4e &&
    b(3) === 0x47 &&
    b(4) === 0x0d &&
    b(5) === 0x0a &&
    b(6) === 0x1a &&
    b(7) === 0x0a
  )
    return "png";
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** Width and height read from the file's own header, without decoding; null when the header is cut off. */
export function headerSize(bytes: Uint8Array, kind: ImageKind): { width: number; height: number } | null {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ok = (n: number) => n <= bytes.length;
  if (kind === "png") {
    if (!ok(24)) return null;
    return { width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (kind === "jpeg") {
    let o = 2;
    while (ok(o + 4)) {
      if (dv.getUint8(o) !== 0xff) return null;
      const marker = dv.getUint8(o + 1);
      if (marker === 0xff) {
        o += 1;
        continue;
      }
      const len = dv.getUint16(o + 2);
      const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (sof) return ok(o + 9) ? { width: dv.getUint16(o + 7), height: dv.getUint16(o + 5) } : null;
      o += 2 + len;
    }
    return null;
  }
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8 " && ok(30))
    return { width: dv.getUint16(26, true) & 0x3fff, height: dv.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L" && ok(25)) {
    const b0 = dv.getUint8(21);
    const b1 = dv.getUint8(22);
    const b2 = dv.getUint8(23);
    const b3 = dv.getUint8(24);
    return {
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0xf) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  if (chunk === "VP8X" && ok(30)) {
    const u24 = (at: number) => dv.getUint8(at) | (dv.getUint8(at + 1) << 8) | (dv.getUint8(at + 2) << 16);
    return { width: 1 + u24(24), height: 1 + u24(27) };
  }
  return null;
}

/** What a picture's header says about how it is encoded (the things that make decoding costly). */
export interface Encoding {
  /** Progressive JPEG, or interlaced (Adam7) PNG: decoded as a whole, not row by row. */
  interlaced: boolean;
  /** JPEG scans (start-of-scan markers); 1 for other formats. */
  scans: number;
}

/** Walks a JPEG's markers (skipping each scan's entropy-coded data) to count its scans. */
function jpegEncoding(bytes: Uint8Array): Encoding {
  let o = 2;
  let scans = 0;
  let interlaced = false;
  const n = bytes.length;
  while (o + 1 < n) {
    if (bytes[o] !== 0xff) {
      o++;
      continue;
    }
    const marker = bytes[o + 1] as number;
    if (marker === 0xff || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      o += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9) break;
    if (o + 3 >= n) break;
    const len = ((bytes[o + 2] as number) << 8) | (bytes[o + 3] as number);
    if (marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce) interlaced = true;
    o += 2 + len;
    if (marker !== 0xda) continue;
    scans++;
    // entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart marker
    while (o + 1 < n) {
      if (bytes[o] === 0xff) {
        const next = bytes[o + 1] as number;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      }
      o++;
    }
  }
  return { interlaced, scans };
}

/** How the picture is encoded, from its header (and for JPEG its markers), without decoding. */
export function headerEncoding(bytes: Uint8Array, kind: ImageKind): Encoding {
  if (kind === "jpeg") return jpegEncoding(bytes);
  if (kind === "png" && bytes.length >= 29) return { interlaced: bytes[28] === 1, scans: 1 };
  return { interlaced: false, scans: 1 };
}

type SharpFn = ((input?: Uint8Array, options?: SharpOptions) => Sharp) & { strategy: { attention: number } };
let sharpFn: SharpFn | null = null;

/** sharp (native) is loaded on first use, so importing this package stays cheap for bots and tools. */
async function loadSharp(): Promise<SharpFn> {
  sharpFn ??= (await import("sharp")).default as unknown as SharpFn;
  return sharpFn;
}

/** Loads the native image library now (a server about to start worker threads that use it must). */
export async function loadImageLibrary(): Promise<void> {
  await loadSharp();
}

function fail(code: UploadErrorCode, file: string | null, message: string): Result {
  return { ok: false, error: { code, file, message } };
}

/**
 * The cheap checks of one file, synchronous and without decoding: size, signature, extension and the
 * picture size its header states. A server can run it as each file of an upload arrives and stop reading
 * at the first bad one; `processCustomDeck` runs the same checks (and more).
 */
export function precheck(name: string, bytes: Uint8Array): UploadError | null {
  const err = (code: UploadErrorCode, message: string) => ({ code, file: name, message });
  if (bytes.length === 0) return err("upload/empty", `${name} is empty (0 bytes).`);
  if (bytes.length > CUSTOM_LIMITS.maxBytes)
    return err(
      "upload/too_large",
      `${name} is ${(bytes.length / 1048576).toFixed(1)} MB; the limit is 5 MB per image.`,
    );
  const kind = sniff(bytes);
  if (!kind) return err("upload/not_an_image", `${name} is not a PNG, JPEG or WebP image.`);
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  const claimed = EXTENSIONS[ext];
  if (!claimed)
    return err(
      "upload/wrong_extension",
      `${name} must end in .png, .jpg, .jpeg or .webp (its content is ${kind.toUpperCase()}).`,
    );
  if (claimed !== kind)
    return err(
      "upload/wrong_extension",
      `${name} is named as ${claimed.toUpperCase()} but its content is ${kind.toUpperCase()}.`,
    );
  const size = headerSize(bytes, kind);
  if (!size) return err("upload/truncated", `${name} is damaged or cut off: its header cannot be read.`);
  const { width, height } = size;
  const megapixels = ((width * height) / 1e6).toFixed(1);
  if (width * height > CUSTOM_LIMITS.maxPixels)
    return err(
      "upload/too_many_pixels",
      `${name} is ${width}×${height} (${megapixels} megapixels); the limit is 40 megapixels.`,
    );
  const encoding = headerEncoding(bytes, kind);
  if (encoding.scans > CUSTOM_LIMITS.maxJpegScans)
    return err(
      "upload/too_complex",
      `${name} is a JPEG in ${encoding.scans} scans; at most ${CUSTOM_LIMITS.maxJpegScans} are accepted (save it again as an ordinary JPEG).`,
    );
  if (encoding.interlaced && width * height > CUSTOM_LIMITS.maxPixelsInterlaced)
    return err(
      "upload/too_many_pixels",
      `${name} is ${width}×${height} (${megapixels} megapixels) and ${kind === "jpeg" ? "progressive" : "interlaced"}; such pictures may have at most ${CUSTOM_LIMITS.maxPixelsInterlaced / 1e6} megapixels.`,
    );
  return null;
}

/** Checks one file without decoding its pixels; returns an error or nothing. */
async function inspect(name: string, bytes: Uint8Array): Promise<{ error: UploadError } | null> {
  const early = precheck(name, bytes);
  if (early) return { error: early };
  const err = (code: UploadErrorCode, message: string) => ({ error: { code, file: name, message } });
  const sharp = await loadSharp();
  try {
    await sharp(bytes, { limitInputPixels: CUSTOM_LIMITS.maxPixels }).metadata();
  } catch {
    return err("upload/truncated", `${name} is damaged or cut off: its header cannot be read.`);
  }
  return null;
}

/**
 * Processes an uploaded deck. Succeeds with one card per file (in upload order) or fails with the first
 * problem found; nothing is written anywhere — the caller stores the result only on success.
 */
export async function processCustomDeck(
  files: { name: string; bytes: Uint8Array }[],
  options: ProcessOptions = {},
): Promise<Result> {
  const prefix = options.idPrefix ?? "custom";
  if (!/^[a-z0-9][a-z0-9-]{0,40}$/.test(prefix))
    throw new Error(`processCustomDeck: bad idPrefix ${JSON.stringify(prefix)}`);
  if (files.length > CUSTOM_LIMITS.maxImages)
    return fail(
      "upload/too_many_images",
      null,
      `A deck holds at most 100 images; ${files.length} were uploaded.`,
    );
  for (const f of files) {
    const r = await inspect(f.name, f.bytes);
    if (r) return { ok: false, error: r.error };
  }
  if (files.length < CUSTOM_LIMITS.minImages)
    return fail(
      "upload/too_few_images",
      null,
      `A deck needs at least 8 images; ${files.length} ${files.length === 1 ? "was" : "were"} uploaded.`,
    );
  const sharp = await loadSharp();
  // decode everything first, so a damaged file fails the upload before any slow work
  const decoded = await decodeAll(sharp, files, options);
  if (!Array.isArray(decoded)) return decoded;
  const cards: CustomCard[] = [];
  for (let i = 0; i < files.length; i++) {
    const f = files[i] as { name: string; bytes: Uint8Array };
    cards.push(
      await encodeCard(
        sharp,
        f.name,
        decoded[i] as Buffer,
        `${prefix}-${i + 1}`,
        customAlt(i + 1, files.length),
      ),
    );
  }
  return { ok: true, cards };
}

/** Every file decoded, turned upright and fitted to the card (raw RGB), or the first file that fails. */
async function decodeAll(
  sharp: SharpFn,
  files: { name: string; bytes: Uint8Array }[],
  options: ProcessOptions,
): Promise<Buffer[] | Result> {
  const { width, height } = CUSTOM_LIMITS;
  const raws: Buffer[] = [];
  for (const f of files) {
    try {
      raws.push(
        await sharp(f.bytes, { failOn: "truncated", limitInputPixels: CUSTOM_LIMITS.maxPixels })
          .rotate()
          .resize(width, height, {
            fit: options.fit ?? "cover",
            position: options.fit === "contain" ? "centre" : sharp.strategy.attention,
            background: "#101426",
          })
          .flatten({ background: "#101426" })
          .removeAlpha()
          .raw()
          .toBuffer(),
      );
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      if (/pixel limit/i.test(msg))
        return fail("upload/too_many_pixels", f.name, `${f.name} has more than 40 megapixels.`);
      return fail(
        "upload/truncated",
        f.name,
        `${f.name} is damaged or cut off and cannot be read to the end.`,
      );
    }
  }
  return raws;
}

/** One card from its decoded picture: the WebP, its thumbnail and its manifest with the detail map. */
async function encodeCard(
  sharp: SharpFn,
  name: string,
  raw: Buffer,
  id: string,
  alt: CustomCard["manifest"]["alt"],
): Promise<CustomCard> {
  const { width, height } = CUSTOM_LIMITS;
  const detail = computeDetailMap({ width, height, channels: 3, data: raw });
  const webp = await sharp(raw, { raw: { width, height, channels: 3 } })
    .webp({ quality: 82, effort: 5 })
    .toBuffer();
  const thumb = await sharp(raw, { raw: { width, height, channels: 3 } })
    .resize(CUSTOM_LIMITS.thumbWidth, CUSTOM_LIMITS.thumbHeight)
    .webp({ quality: 70, effort: 4 })
    .toBuffer();
  return {
    name,
    webp: new Uint8Array(webp),
    thumb: new Uint8Array(thumb),
    manifest: { id, objects: [], detail, alt },
  };
}
