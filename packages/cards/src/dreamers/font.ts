/**
 * Numbers and signs on the Dreamers faces are drawn as paths taken from the outlines of Nunito Black (OFL),
 * not as SVG text: text would be set in whatever font the build machine has, so the faces would differ
 * between machines. Reads the WOFF 1.0 file of @fontsource/nunito (zlib-compressed TrueType tables).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";

const require = createRequire(import.meta.url);
export const FONT_FILE = "@fontsource/nunito/files/nunito-latin-900-normal.woff";

interface Font {
  unitsPerEm: number;
  ascender: number;
  glyphIndex: Map<number, number>;
  advance: number[];
  glyf: Buffer;
  loca: number[];
}

let cached: Font | null = null;

function tables(woff: Buffer): Map<string, Buffer> {
  if (woff.toString("ascii", 0, 4) !== "wOFF") throw new Error("font: not a WOFF 1.0 file");
  const out = new Map<string, Buffer>();
  const n = woff.readUInt16BE(12);
  for (let i = 0; i < n; i++) {
    const at = 44 + i * 20;
    const tag = woff.toString("ascii", at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    out.set(tag, compressed < length ? inflateSync(raw) : Buffer.from(raw));
  }
  return out;
}

function need(t: Map<string, Buffer>, tag: string): Buffer {
  const b = t.get(tag);
  if (!b) throw new Error(`font: no ${tag} table`);
  return b;
}

/** Character → glyph index from the cmap's format-4 subtable (the Basic Multilingual Plane). */
function readCmap(cmap: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  const n = cmap.readUInt16BE(2);
  for (let i = 0; i < n; i++) {
    const sub = cmap.readUInt32BE(4 + i * 8 + 4);
    if (cmap.readUInt16BE(sub) !== 4) continue;
    const segX2 = cmap.readUInt16BE(sub + 6);
    const ends = sub + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const end = cmap.readUInt16BE(ends + s * 2);
      const start = cmap.readUInt16BE(starts + s * 2);
      const delta = cmap.readInt16BE(deltas + s * 2);
      const range = cmap.readUInt16BE(ranges + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let g: number;
        if (range === 0) g = (c + delta) & 0xffff;
        else {
          const at = ranges + s * 2 + range + (c - start) * 2;
          g = cmap.readUInt16BE(at);
          if (g !== 0) g = (g + delta) & 0xffff;
        }
        if (g !== 0) map.set(c, g);
      }
    }
    return map;
  }
  throw new Error("font: no format-4 cmap");
}

function load(): Font {
  if (cached) return cached;
  const t = tables(readFileSync(require.resolve(FONT_FILE)));
  const head = need(t, "head");
  const hhea = need(t, "hhea");
  const maxp = need(t, "maxp");
  const hmtx = need(t, "hmtx");
  const locaRaw = need(t, "loca");
  const glyphs = maxp.readUInt16BE(4);
  const longLoca = head.readInt16BE(50) === 1;
  const loca: number[] = [];
  for (let i = 0; i <= glyphs; i++)
    loca.push(longLoca ? locaRaw.readUInt32BE(i * 4) : locaRaw.readUInt16BE(i * 2) * 2);
  const metrics = hhea.readUInt16BE(34);
  const advance: number[] = [];
  for (let i = 0; i < glyphs; i++) advance.push(hmtx.readUInt16BE(Math.min(i, metrics - 1) * 4));
  cached = {
    unitsPerEm: head.readUInt16BE(18),
    ascender: hhea.readInt16BE(4),
    glyphIndex: readCmap(need(t, "cmap")),
    advance,
    glyf: need(t, "glyf"),
    loca,
  };
  return cached;
}

interface Point {
  x: number;
  y: number;
  on: boolean;
}

/** The contours of a glyph in font units (y up), following composite glyphs. */
function contours(font: Font, index: number, dx = 0, dy = 0): Point[][] {
  const start = font.loca[index] as number;
  const end = font.loca[index + 1] as number;
  if (end <= start) return [];
  const g = font.glyf.subarray(start, end);
  const count = g.readInt16BE(0);
  return count < 0 ? compositeContours(font, g, dx, dy) : simpleContours(g, count, dx, dy);
}

/** A composite glyph: the contours of each of its parts, each moved by its offset. */
function compositeContours(font: Font, g: Buffer, dx: number, dy: number): Point[][] {
  const out: Point[][] = [];
  let at = 10;
  for (;;) {
    const flags = g.readUInt16BE(at);
    const child = g.readUInt16BE(at + 2);
    at += 4;
    const words = flags & 1;
    const ox = words ? g.readInt16BE(at) : g.readInt8(at);
    const oy = words ? g.readInt16BE(at + 2) : g.readInt8(at + 1);
    at += words ? 4 : 2;
    if (flags & 0x8) at += 2;
    else if (flags & 0x40) at += 4;
    else if (flags & 0x80) at += 8;
    out.push(...contours(font, child, dx + ox, dy + oy));
    if (!(flags & 0x20)) break;
  }
  return out;
}

/** A simple glyph of `count` contours: its points' flags, then their x and y as deltas. */
function simpleContours(g: Buffer, count: number, dx: number, dy: number): Point[][] {
  const endPts: number[] = [];
  for (let i = 0; i < count; i++) endPts.push(g.readUInt16BE(10 + i * 2));
  const total = (endPts[count - 1] ?? -1) + 1;
  let at = 10 + count * 2;
  at += 2 + g.readUInt16BE(at);
  const flags: number[] = [];
  while (flags.length < total) {
    const f = g.readUInt8(at++);
    flags.push(f);
    if (f & 8) {
      const repeat = g.readUInt8(at++);
      for (let r = 0; r < repeat; r++) flags.push(f);
    }
  }
  const coords = (shortBit: number, sameBit: number): number[] => {
    const vals: number[] = [];
    let v = 0;
    for (const f of flags) {
      if (f & shortBit) {
        const d = g.readUInt8(at++);
        v += f & sameBit ? d : -d;
      } else if (!(f & sameBit)) {
        v += g.readInt16BE(at);
        at += 2;
      }
      vals.push(v);
    }
    return vals;
  };
  const xs = coords(2, 16);
  const ys = coords(4, 32);
  const out: Point[][] = [];
  let first = 0;
  for (const last of endPts) {
    const c: Point[] = [];
    for (let i = first; i <= last; i++)
      c.push({ x: (xs[i] as number) + dx, y: (ys[i] as number) + dy, on: ((flags[i] as number) & 1) === 1 });
    out.push(c);
    first = last + 1;
  }
  return out;
}

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

/** SVG path data of one contour of quadratic curves, mapped by `map` into card pixels. */
function contourPath(c: Point[], map: (x: number, y: number) => [number, number]): string {
  if (c.length === 0) return "";
  // start on an on-curve point (or the midpoint of two off-curve points)
  const startAt = c.findIndex((p) => p.on);
  const pts = startAt >= 0 ? [...c.slice(startAt), ...c.slice(0, startAt)] : (c as Point[]);
  const first =
    startAt >= 0
      ? (pts[0] as Point)
      : {
          x: ((pts[0] as Point).x + (pts[1] as Point).x) / 2,
          y: ((pts[0] as Point).y + (pts[1] as Point).y) / 2,
          on: true,
        };
  const P = (p: { x: number; y: number }): string => {
    const [x, y] = map(p.x, p.y);
    return `${r1(x)} ${r1(y)}`;
  };
  let d = `M${P(first)}`;
  const rest = startAt >= 0 ? pts.slice(1) : pts;
  let ctrl: Point | null = null;
  for (const p of [...rest, first]) {
    if (p.on) {
      d += ctrl ? `Q${P(ctrl)} ${P(p)}` : `L${P(p)}`;
      ctrl = null;
    } else if (ctrl) {
      const mid = { x: (ctrl.x + p.x) / 2, y: (ctrl.y + p.y) / 2 };
      d += `Q${P(ctrl)} ${P(mid)}`;
      ctrl = p;
    } else ctrl = p;
  }
  return `${d}Z`;
}

export interface TextPath {
  d: string;
  /** Advance width and cap height of the set text in pixels. */
  width: number;
  height: number;
  /** Horizontal extent of the ink (outline points) in pixels. */
  inkLeft: number;
  inkRight: number;
}

/** Cap height of Nunito's figures relative to the em (measured on "0"-"9", about 0.7). */
function capHeight(font: Font): number {
  let top = 0;
  for (const ch of "0123456789") {
    const g = font.glyphIndex.get(ch.charCodeAt(0));
    if (g === undefined) continue;
    for (const c of contours(font, g)) for (const p of c) top = Math.max(top, p.y);
  }
  return top;
}

/**
 * `text` set in Nunito Black so that its figures are `height` pixels tall, with the left end of the
 * baseline at (x, baseline). `tracking` adds space between characters, in pixels.
 */
export function textPath(text: string, x: number, baseline: number, height: number, tracking = 0): TextPath {
  const font = load();
  const scale = height / capHeight(font);
  let pen = 0;
  let d = "";
  let inkLeft = Number.POSITIVE_INFINITY;
  let inkRight = Number.NEGATIVE_INFINITY;
  const chars = [...text];
  chars.forEach((ch, i) => {
    const g = font.glyphIndex.get(ch.codePointAt(0) as number);
    if (g === undefined) throw new Error(`font: no glyph for ${JSON.stringify(ch)}`);
    const offset = pen;
    const map = (fx: number, fy: number): [number, number] => {
      const px = x + (offset + fx) * scale;
      inkLeft = Math.min(inkLeft, px);
      inkRight = Math.max(inkRight, px);
      return [px, baseline - fy * scale];
    };
    for (const c of contours(font, g)) d += contourPath(c, map);
    pen += (font.advance[g] as number) + (i < chars.length - 1 ? tracking / scale : 0);
  });
  return { d, width: pen * scale, height, inkLeft, inkRight };
}

/** `text` with the ink of its figures centred on (cx, cy). */
export function centredText(text: string, cx: number, cy: number, height: number, tracking = 0): TextPath {
  const probe = textPath(text, 0, 0, height, tracking);
  const x = cx - (probe.inkLeft + probe.inkRight) / 2;
  return textPath(text, x, cy + height / 2, height, tracking);
}
