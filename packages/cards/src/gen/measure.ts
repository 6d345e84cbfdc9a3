/**
 * Turns the two renders of a composed card (the art and the object mask) into its manifest fields: which
 * objects are visible and where, their tone against their surroundings, and the detail map.
 */
import { altTexts, placeWords } from "../alt";
import {
  type CardManifest,
  type CardObject,
  DETAIL_COLS,
  DETAIL_ROWS,
  type DetailMap,
  LOCALES,
  type Locale,
  type Tone,
} from "../types";
import { entry } from "./catalog";
import { type CardPlan, H, maskRed, type PlacedObject, type Role, subjectOf, W } from "./compose";
import { RELATIONS, type RelationName, STREAM_WORDS } from "./relations";

export interface Raw {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface Measured {
  manifest: CardManifest;
  /** Objects kept, with their role (for planning checks). */
  roles: Role[];
  hidden: number;
}

const lum = (r: number, g: number, b: number): number => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

const ROLE_ORDER: Record<Role, number> = { hero: 0, moon: 1, mid: 2, prop: 3, fore: 4, far: 5 };

export function measureCard(plan: CardPlan, placed: PlacedObject[], art: Raw, mask: Raw): Measured {
  if (art.width !== W || art.height !== H || mask.width !== W || mask.height !== H)
    throw new Error("render size");
  const owners = maskOwners(placed, mask);
  const { kept, hidden } = visibleObjects(placed, owners, art);
  kept.sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || b.area - a.area);
  const detail = detailMap(
    placed,
    kept.map((k) => k.i),
    owners.owner,
    art,
  );
  const objects = kept.map((k) => k.obj);
  const roles = kept.map((k) => k.role);
  const manifest: CardManifest = {
    id: plan.id,
    family: plan.subject,
    objects,
    detail,
    alt: altOf(plan, objects, roles),
  };
  return { manifest, roles, hidden };
}

type PixelBox = { x0: number; y0: number; x1: number; y1: number };

/** Per pixel, the object the mask shows there (-1: none); per object, its pixel count and box. */
interface Owners {
  owner: Int16Array;
  count: number[];
  box: PixelBox[];
}

function maskOwners(placed: PlacedObject[], mask: Raw): Owners {
  const n = placed.length;
  const owner = new Int16Array(W * H).fill(-1);
  const count = new Array<number>(n).fill(0);
  const box = placed.map(() => ({ x0: W, y0: H, x1: -1, y1: -1 }));
  const byRed = new Map<number, number>();
  for (let i = 0; i < n; i++) byRed.set(maskRed(i), i);
  for (let p = 0; p < W * H; p++) {
    const o = p * mask.channels;
    const g = mask.data[o + 1] as number;
    const b = mask.data[o + 2] as number;
    if (Math.abs(g - 200) > 2 || Math.abs(b - 100) > 2) continue;
    const red = mask.data[o] as number;
    let i = byRed.get(red);
    if (i === undefined) i = byRed.get(red - 1) ?? byRed.get(red + 1);
    if (i === undefined) continue;
    owner[p] = i;
    count[i] = (count[i] as number) + 1;
    const x = p % W;
    const y = (p - x) / W;
    const bx = box[i] as PixelBox;
    if (x < bx.x0) bx.x0 = x;
    if (y < bx.y0) bx.y0 = y;
    if (x > bx.x1) bx.x1 = x;
    if (y > bx.y1) bx.y1 = y;
  }
  return { owner, count, box };
}

/** The objects enough of which shows to name them, with their visible box and tone; and how many do not. */
function visibleObjects(
  placed: PlacedObject[],
  { owner, count, box }: Owners,
  art: Raw,
): { kept: { i: number; obj: CardObject; role: Role; area: number }[]; hidden: number } {
  const kept: { i: number; obj: CardObject; role: Role; area: number }[] = [];
  let hidden = 0;
  for (let i = 0; i < placed.length; i++) {
    const pl = placed[i] as PlacedObject;
    const c = count[i] as number;
    const cw = Math.max(0, Math.min(W, pl.x + pl.w) - Math.max(0, pl.x));
    const ch = Math.max(0, Math.min(H, pl.y + pl.h) - Math.max(0, pl.y));
    const expected = Math.max(1, pl.fill * cw * ch);
    const minPx = pl.role === "far" ? 25 : 60;
    if (c < minPx || c / expected < 0.35) {
      hidden++;
      continue;
    }
    const bx = box[i] as PixelBox;
    const tone = toneOf(i, bx, owner, art);
    const key = pl.icon.replace(/^fluent-emoji-flat:/, "");
    kept.push({
      i,
      role: pl.role,
      area: c,
      obj: {
        icon: pl.icon,
        label: entry(key).en[0].replace(/^(a|an|the) /, ""),
        x: r4(bx.x0 / W),
        y: r4(bx.y0 / H),
        w: r4((bx.x1 + 1 - bx.x0) / W),
        h: r4((bx.y1 + 1 - bx.y0) / H),
        tone,
      },
    });
  }
  return { kept, hidden };
}

/** The alt texts of a card: its scene in words, then the other things seen, by importance. */
export function altOf(plan: CardPlan, objects: CardObject[], roles: Role[]): Record<Locale, string> {
  const { lead, named } = sceneWords(plan, objects);
  const rest = objects.filter((o, i) => !named.has(o.icon) && (roles[i] !== "far" || objects.length < 5));
  return altTexts(plan.land, rest, 6, lead);
}

/**
 * The card's scene in words per locale ("a teapot pouring out a stream of stars high on the right"),
 * placed where the subject is seen, and the icons it names (left out of the list that follows).
 */
function sceneWords(
  plan: CardPlan,
  objects: CardObject[],
): { lead: Record<Locale, string>; named: Set<string> } {
  const subject = subjectOf(plan);
  const relation = RELATIONS[plan.relation as RelationName];
  const id = `fluent-emoji-flat:${subject.icon}`;
  const own = objects.filter((o) => o.icon === id);
  const at = own.length > 0 ? own : objects.slice(0, 1);
  const cx = at.reduce((s, o) => s + o.x + o.w / 2, 0) / Math.max(1, at.length);
  const cy = at.reduce((s, o) => s + o.y + o.h / 2, 0) / Math.max(1, at.length);
  const e = entry(subject.icon);
  const other = subject.other ? entry(subject.other) : null;
  const lead = {} as Record<Locale, string>;
  for (const loc of LOCALES) {
    const o = subject.stream ? STREAM_WORDS[subject.stream][loc] : other ? other[loc][0] : "";
    lead[loc] = `${relation.phrase[loc](e[loc][0], o, e[loc][1])} ${placeWords(loc, cx, cy)}`;
  }
  const named = new Set([id, ...(relation.named ?? [])]);
  if (subject.other) named.add(`fluent-emoji-flat:${subject.other}`);
  return { lead, named };
}

/** Brightness difference (0..1) between an object and its surroundings beyond which it is light or dark. */
export const TONE_STEP = 0.1;
/** Every contrast measured in this process (the build reports their spread). */
export const CONTRASTS: number[] = [];

const r4 = (v: number): number => Math.round(v * 10000) / 10000;
const r3 = (v: number): number => Math.round(v * 1000) / 1000;

function toneOf(
  i: number,
  bx: { x0: number; y0: number; x1: number; y1: number },
  owner: Int16Array,
  art: Raw,
): Tone {
  const pad = Math.max(8, Math.round(0.3 * Math.max(bx.x1 - bx.x0, bx.y1 - bx.y0)));
  let inSum = 0;
  let inN = 0;
  let outSum = 0;
  let outN = 0;
  for (let y = Math.max(0, bx.y0 - pad); y <= Math.min(H - 1, bx.y1 + pad); y++) {
    for (let x = Math.max(0, bx.x0 - pad); x <= Math.min(W - 1, bx.x1 + pad); x++) {
      const p = y * W + x;
      const o = p * art.channels;
      const l = lum(art.data[o] as number, art.data[o + 1] as number, art.data[o + 2] as number);
      if (owner[p] === i) {
        inSum += l;
        inN++;
      } else if (owner[p] === -1) {
        outSum += l;
        outN++;
      }
    }
  }
  const d = inSum / Math.max(1, inN) - outSum / Math.max(1, outN);
  CONTRASTS.push(d);
  return d > TONE_STEP ? "light" : d < -TONE_STEP ? "dark" : "mid";
}

function detailMap(placed: PlacedObject[], kept: number[], owner: Int16Array, art: Raw): DetailMap {
  const cols = DETAIL_COLS;
  const rows = DETAIL_ROWS;
  const cw = W / cols;
  const chh = H / rows;
  const keptSet = new Set(kept);
  const cells = cols * rows;
  const per = new Map<number, Float64Array>();
  for (const i of kept) per.set(i, new Float64Array(cells));
  const bright = new Float64Array(cells);
  const pixels = new Float64Array(cells);
  for (let y = 0; y < H; y++) {
    const row = Math.min(rows - 1, Math.floor(y / chh));
    for (let x = 0; x < W; x++) {
      const col = Math.min(cols - 1, Math.floor(x / cw));
      const p = y * W + x;
      const cell = row * cols + col;
      pixels[cell] = (pixels[cell] as number) + 1;
      const o = p * art.channels;
      bright[cell] =
        (bright[cell] as number) +
        lum(art.data[o] as number, art.data[o + 1] as number, art.data[o + 2] as number);
      const i = owner[p] as number;
      if (i >= 0 && keptSet.has(i)) {
        const a = per.get(i) as Float64Array;
        a[cell] = (a[cell] as number) + 1;
      }
    }
  }

  // a cell a third covered by an object is as much a detail spot as one it fills: small props count fully
  const raw = new Float64Array(cells);
  for (const i of kept) {
    const a = per.get(i) as Float64Array;
    const wgt = (placed[i] as PlacedObject).weight;
    for (let c = 0; c < cells; c++) {
      const f = (a[c] as number) / (pixels[c] as number);
      if (f > 0) raw[c] = Math.max(raw[c] as number, wgt * Math.min(1, f / 0.3));
    }
  }
  const blurred = blurLight(raw, cols, rows);
  let max = 0;
  for (const v of blurred) max = Math.max(max, v);
  return {
    cols,
    rows,
    salience: Array.from(blurred, (v) => r3(max > 0 ? v / max : 0)),
    brightness: Array.from(bright, (v, c) => r3(Math.min(1, v / (pixels[c] as number)))),
  };
}

/** One pass of a separable [1 4 1] blur with edge clamping: softens edges, keeps small details. */
export function blurLight(src: ArrayLike<number>, cols: number, rows: number): Float64Array {
  const tmp = new Float64Array(cols * rows);
  const out = new Float64Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const l = src[r * cols + Math.max(0, c - 1)] as number;
      const m = src[r * cols + c] as number;
      const rr = src[r * cols + Math.min(cols - 1, c + 1)] as number;
      tmp[r * cols + c] = (l + 4 * m + rr) / 6;
    }
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const u = tmp[Math.max(0, r - 1) * cols + c] as number;
      const m = tmp[r * cols + c] as number;
      const d = tmp[Math.min(rows - 1, r + 1) * cols + c] as number;
      out[r * cols + c] = (u + 4 * m + d) / 6;
    }
  return out;
}
