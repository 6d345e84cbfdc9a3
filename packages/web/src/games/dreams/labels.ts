/**
 * Where each star's order number goes on the firmament, so numbers of close stars do not cover each
 * other or the stars (issue: they overlapped, worst on a phone). All in CSS pixels, star centres given.
 */
export interface Point {
  x: number;
  y: number;
}

export interface LabelMetrics {
  /** The sky's size. */
  width: number;
  height: number;
  /** A star glyph's size (its box is glyph × glyph around the star's centre). */
  glyph: number;
  /** A label's height, and its width per digit plus padding. */
  labelHeight: number;
  digitWidth: number;
  labelPadding: number;
}

/**
 * An order number's box as labels are planned: a little more than .sky-star-order in styles.css
 * (14 px high, about 6.5 px a digit plus 6 px padding), so neighbouring numbers keep a gap.
 */
export const LABEL_BOX = { labelHeight: 15, digitWidth: 7.5, labelPadding: 7 };

/** A label's centre relative to its star's centre. */
export interface Offset {
  dx: number;
  dy: number;
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

// Upper right first (where the number always was), then the other sides.
const DIRECTIONS: [number, number][] = [
  [1, -1],
  [1, 1],
  [-1, -1],
  [-1, 1],
  [1, 0],
  [-1, 0],
  [0, -1],
  [0, 1],
];

function rectAt(centre: Point, w: number, h: number): Rect {
  return { left: centre.x - w / 2, top: centre.y - h / 2, right: centre.x + w / 2, bottom: centre.y + h / 2 };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

function outside(r: Rect, width: number, height: number): number {
  const area = (r.right - r.left) * (r.bottom - r.top);
  return area - overlap(r, { left: 0, top: 0, right: width, bottom: height });
}

export function labelWidth(text: string, m: LabelMetrics): number {
  return text.length * m.digitWidth + m.labelPadding;
}

/** The candidate offsets around a star for a w × h label, nearest ring first. */
function candidates(w: number, h: number, glyph: number): Offset[] {
  const out: Offset[] = [];
  for (const ring of [0.4, 0.9, 1.5]) {
    const r = (glyph / 2) * ring;
    for (const [ux, uy] of DIRECTIONS) {
      const diagonal = ux !== 0 && uy !== 0;
      const reach = diagonal ? r : r + (glyph / 2) * 0.4;
      out.push({ dx: ux * (reach + w / 2), dy: uy * (reach + h / 2) });
    }
  }
  return out;
}

/**
 * One offset per star, chosen greedily in placing order: the candidate that covers the least of the
 * labels already placed, of every star, and of the space outside the sky — preferring near and
 * upper-right spots when several are equally clear.
 */
export function placeLabels(stars: readonly Point[], texts: readonly string[], m: LabelMetrics): Offset[] {
  const core = m.glyph * 0.8;
  const starRects = stars.map((s) => rectAt(s, core, core));
  const placed: Rect[] = [];
  return stars.map((star, i) => {
    const w = labelWidth(texts[i] ?? "", m);
    const h = m.labelHeight;
    let best: Offset = { dx: 0, dy: 0 };
    let bestCost = Number.POSITIVE_INFINITY;
    candidates(w, h, m.glyph).forEach((offset, rank) => {
      const rect = rectAt({ x: star.x + offset.dx, y: star.y + offset.dy }, w, h);
      let cost = rank * 0.05 + outside(rect, m.width, m.height) * 4;
      for (const other of placed) cost += overlap(rect, other) * 3;
      // Its own star is not counted: every candidate is drawn to sit clear of it.
      starRects.forEach((s, j) => {
        if (j !== i) cost += overlap(rect, s) * 2;
      });
      if (cost < bestCost) {
        bestCost = cost;
        best = offset;
      }
    });
    placed.push(rectAt({ x: star.x + best.dx, y: star.y + best.dy }, w, h));
    return best;
  });
}

/**
 * How much the labels cover each other and the other stars, in px² (0 means every number reads
 * clearly).
 */
export function labelClutter(
  stars: readonly Point[],
  texts: readonly string[],
  offsets: readonly Offset[],
  m: LabelMetrics,
): { labels: number; stars: number; outside: number } {
  const core = m.glyph * 0.8;
  const rects = stars.map((s, i) =>
    rectAt(
      { x: s.x + (offsets[i]?.dx ?? 0), y: s.y + (offsets[i]?.dy ?? 0) },
      labelWidth(texts[i] ?? "", m),
      m.labelHeight,
    ),
  );
  let labels = 0;
  let covered = 0;
  let out = 0;
  rects.forEach((r, i) => {
    for (let j = i + 1; j < rects.length; j++) labels += overlap(r, rects[j] as Rect);
    stars.forEach((s, j) => {
      if (j !== i) covered += overlap(r, rectAt(s, core, core));
    });
    out += outside(r, m.width, m.height);
  });
  return { labels, stars: covered, outside: out };
}
