/**
 * Furnishes a card around its hero so the whole card is a place with something in every ninth: a
 * landmark in the middle distance, a village on the far hills, props in every empty cell of a 3×3 grid
 * (things of the sky above the horizon, of the ground or the water below), a dark flock of birds, a
 * fence, and a big blurred plant in the foreground.
 */

import type { Rng } from "../rng";
import { entry } from "./catalog";
import { birds, cloudShape, fence, lighthouse, loneTree, tower, windmill } from "./parts";
import { type AnyScene, H, type Land, type Scene, type Surface, W } from "./scene";
import { CLOUD, FAR_THINGS, FLOCK, GROUND_PROPS, SKY_PROPS, WATER_PROPS } from "./subjects";

const CELL_W = W / 3;
const CELL_H = H / 3;

/** Which cells of the 3×3 grid already hold a salient object (by drawn box). */
export function filledCells(sc: Scene): boolean[] {
  const cells = new Array<boolean>(9).fill(false);
  for (const o of sc.objects) {
    if (o.weight < 0.5 || o.role === "fore" || o.role === "far") continue;
    for (const b of o.parts ?? [o]) {
      const fill = o.parts ? 0.8 : o.fill;
      for (let c = 0; c < 9; c++) {
        const cx = (c % 3) * CELL_W;
        const cy = Math.floor(c / 3) * CELL_H;
        const ix = Math.max(0, Math.min(cx + CELL_W, b.x + b.w) - Math.max(cx, b.x));
        const iy = Math.max(0, Math.min(cy + CELL_H, b.y + b.h) - Math.max(cy, b.y));
        if (ix * iy * fill > CELL_W * CELL_H * 0.04) cells[c] = true;
      }
    }
  }
  return cells;
}

/**
 * Whether to mirror an animal so it looks into the card rather than out of it (most icons face left);
 * near the middle either way. `u` is a uniform draw (always consumed, so streams stay aligned).
 */
export function faceInward(icon: string, x: number, u: number): boolean {
  const facing = entry(icon).facing;
  if (!facing) return false;
  const wantRight = x < W * 0.4 ? true : x > W * 0.6 ? false : u < 0.5;
  return (facing === "left") === wantRight;
}

function landmark(sc: Scene): void {
  const kind = sc.plan.landmark;
  if (!kind) return;
  const r = sc.rng("landmark");
  const far = sc.land.surfaces.filter((s) => s.depth >= 0.3);
  // the side of the middle row with less in it
  const cells = filledCells(sc);
  const left = cells[3] && !cells[5] ? false : !cells[3] && cells[5] ? true : r.chance(0.5);
  const x = left ? r.range(W * 0.1, W * 0.26) : r.range(W * 0.74, W * 0.9);
  if (kind === "lighthouse" && sc.land.water) {
    lighthouse(sc, x, sc.land.water.top + H * r.range(0.03, 0.06), H * r.range(0.17, 0.22), { role: "mid" });
    return;
  }
  const s = far.sort((a, b) => a.depth - b.depth)[0];
  if (!s) return;
  const gy = s.y(x);
  if (kind === "windmill") windmill(sc, x, gy, H * r.range(0.14, 0.18), s.z + 0.6);
  else if (kind === "tower") tower(sc, x, gy + 2, H * r.range(0.13, 0.17), s.z + 0.6);
  else loneTree(sc, x, gy + 2, H * r.range(0.12, 0.16), s.z + 0.6);
}

function village(sc: Scene): void {
  const r = sc.rng("far");
  const far = sc.land.surfaces.filter((s) => s.depth >= 0.6);
  if (far.length === 0) return;
  const n = r.int(2, 4);
  const cx = r.range(40, W - 40);
  for (let i = 0; i < n; i++) {
    const s = r.pick(far);
    const x = cx + r.range(-50, 50);
    const size = r.range(14, 21) * (1 - s.depth * 0.3);
    const gy = s.y(x);
    if (x < 10 || x > W - 10 || sc.overlaps(x - size / 2, gy - size, size, size, 1)) continue;
    farThing(sc, r.pick(FAR_THINGS), s, x, size);
  }
}

/** A small thing standing on a far surface at x: a house of a village, a far tree. */
export function farThing(sc: AnyScene, icon: string, s: Surface, x: number, size: number): void {
  sc.icon({ icon, cx: x, cy: s.y(x) - size * 0.42, size, z: s.z + 0.5, role: "far", depth: s.depth });
}

/**
 * Whether the plan gives the card clouds or the flock: only among the first things of the sky it lists (the
 * ones a card surely uses), so planning them like props spreads them over few cards.
 */
function planned(sc: Scene, thing: typeof CLOUD | typeof FLOCK): boolean {
  return sc.plan.skyProps.slice(0, 3).includes(thing);
}

type Queue = { items: string[]; next: number };
/** The next prop of a queue that the card does not show yet (clouds and the flock are drawn elsewhere). */
function take(q: Queue, sc: Scene): string | null {
  while (q.next < q.items.length) {
    const icon = q.items[q.next++] as string;
    if (icon === CLOUD || icon === FLOCK) continue;
    if (!sc.objects.some((o) => o.icon === `fluent-emoji-flat:${icon}`)) return icon;
  }
  return null;
}

/** Tries to put one prop into cell c; returns whether it did. */
function propInCell(sc: Scene, c: number, queues: Queues, anyCloud = false): boolean {
  const r = sc.rng(`cell${c}-${sc.objects.length}`);
  const land = sc.land;
  const x0 = (c % 3) * CELL_W;
  const y0 = Math.floor(c / 3) * CELL_H;
  for (let attempt = 0; attempt < 30; attempt++) {
    const x = x0 + r.range(0.2, 0.8) * CELL_W;
    const y = y0 + r.range(0.25, 0.85) * CELL_H;
    const size = r.range(48, 70);
    const at: CellTry = { x, y, y0, size, attempt };
    const outcome = y < land.horizon - 24 ? skyProp(sc, r, at, queues, anyCloud) : lowProp(sc, r, at, queues);
    if (outcome !== "retry") return outcome === "placed";
  }
  return false;
}

type Queues = Record<"sky" | "ground" | "water", Queue>;

/** One try at a spot in a cell (y0: the cell's top) with a prop's size before its habitat adjusts it. */
interface CellTry {
  x: number;
  y: number;
  y0: number;
  size: number;
  attempt: number;
}

/** "placed"; "empty" when the habitat's queue has nothing left for the cell; "retry" for another spot. */
type Outcome = "placed" | "empty" | "retry";

/** High in the cell: a cloud if the plan has clouds (up to two, unless any may), else a thing of the sky. */
function skyProp(
  sc: Scene,
  r: Rng,
  { x, y, y0, size, attempt }: CellTry,
  queues: Queues,
  anyCloud: boolean,
): Outcome {
  const land = sc.land;
  const clouds = sc.objects.filter((o) => o.icon === CLOUD).length;
  if (planned(sc, CLOUD) && (clouds < 2 || anyCloud) && attempt < 15) {
    const cw = r.range(80, 120);
    const cy = Math.min(y, land.horizon - 50);
    if (sc.overlaps(x - cw / 2, cy - cw * 0.3, cw, cw * 0.4, 4)) return "retry";
    cloudShape(sc, x, cy, cw, 4.5 + clouds * 0.01);
    return "placed";
  }
  const cy = Math.min(y, land.horizon - size * 0.7);
  if (cy < y0 + size * 0.2 || cy < size * 0.55) return "retry";
  if (sc.overlaps(x - size / 2, cy - size / 2, size, size)) return "retry";
  const icon = queues.sky.next < 3 || anyCloud ? take(queues.sky, sc) : null;
  if (!icon) return "empty";
  sc.icon({
    icon,
    cx: x,
    cy,
    size: size * 0.85,
    z: 5 + attempt * 0.001,
    role: "prop",
    flip: faceInward(icon, x, r.next()),
    rotate: r.range(-14, 14),
    depth: 0.25,
    float: true,
    reflect: !!land.water && cy > land.horizon - 120,
  });
  return "placed";
}

/** Low in the cell: a thing of the water on open water, else a thing of the ground on the ground. */
function lowProp(sc: Scene, r: Rng, at: CellTry, queues: Queues): Outcome {
  const land = sc.land;
  const { x, y } = at;
  const ground = sc.groundAt(x, y);
  const onWater = land.water && y > land.water.top + 12 && (!ground || ground.z < land.water.z);
  if (onWater && land.water) return waterProp(sc, r, at, queues, land.water);
  if (!ground) return "retry";
  return groundProp(sc, r, at, queues, ground);
}

function waterProp(
  sc: Scene,
  r: Rng,
  { x, y, size: drawn }: CellTry,
  queues: Queues,
  water: NonNullable<Land["water"]>,
): Outcome {
  const t = (y - water.top) / (H - water.top);
  let size = drawn;
  size *= 0.55 + t * 0.75;
  if (sc.overlaps(x - size / 2, y - size, size, size)) return "retry";
  const icon = take(queues.water, sc);
  if (!icon) return "empty";
  afloat(sc, r, { icon, x, y, size, t, water });
  return "placed";
}

/** A prop afloat with its base at y, `t` of the way from the water's top to the card's bottom. */
export function afloat(
  sc: AnyScene,
  r: Rng,
  p: { icon: string; x: number; y: number; size: number; t: number; water: NonNullable<Land["water"]> },
): void {
  sc.icon({
    icon: p.icon,
    cx: p.x,
    cy: p.y - p.size / 2,
    size: p.size,
    z: p.water.z + 1 + p.t,
    role: "prop",
    flip: faceInward(p.icon, p.x, r.next()),
    depth: 0.4 * (1 - p.t),
    onWater: true,
  });
}

function groundProp(
  sc: Scene,
  r: Rng,
  { x, y0, size: drawn, attempt }: CellTry,
  queues: Queues,
  ground: Surface,
): Outcome {
  const land = sc.land;
  const gy = ground.y(x);
  if (gy > H - 18 || gy < land.horizon - 10 || gy < y0 || gy > y0 + CELL_H + 20) return "retry";
  let size = drawn;
  size *= 1 - ground.depth * 0.5;
  const cy = gy + size * 0.06 - size / 2;
  if (sc.overlaps(x - size / 2, cy - size / 2, size, size)) return "retry";
  const icon = take(queues.ground, sc);
  if (!icon) return "empty";
  sc.icon({
    icon,
    cx: x,
    cy,
    size,
    z: ground.z + 1 + attempt * 0.001,
    role: "prop",
    flip: faceInward(icon, x, r.next()),
    depth: ground.depth * 0.8,
    ground,
    ...(icon === "diya-lamp" || icon === "crystal-ball" ? { glow: sc.pal.glow } : {}),
  });
  return "placed";
}

function props(sc: Scene): void {
  const r = sc.rng("props");
  const queues = {
    sky: { items: sc.plan.skyProps, next: 0 },
    ground: { items: sc.plan.groundProps, next: 0 },
    water: { items: sc.plan.waterProps, next: 0 },
  };
  // every empty cell first (the top and bottom rows before the middle), then a few more where it is emptiest
  const order = [...r.shuffle([0, 1, 2]), ...r.shuffle([6, 7, 8]), ...r.shuffle([3, 4, 5])];
  const filled = filledCells(sc);
  for (const c of order) if (!filled[c]) propInCell(sc, c, queues);
  // cells still empty get a second try, from the whole pools if the card's own lists ran out
  const spare = {
    sky: { items: [...queues.sky.items.slice(queues.sky.next), ...r.shuffle(SKY_PROPS)], next: 0 },
    ground: {
      items: [...queues.ground.items.slice(queues.ground.next), ...r.shuffle(GROUND_PROPS)],
      next: 0,
    },
    water: { items: [...queues.water.items.slice(queues.water.next), ...r.shuffle(WATER_PROPS)], next: 0 },
  };
  const again = filledCells(sc);
  for (const c of order) if (!again[c]) propInCell(sc, c, spare, true);
  for (let extra = 0; extra < 6 && distinctIcons(sc) < 12; extra++) {
    const counts = cellCounts(sc);
    const c = [6, 7, 8, 0, 1, 2, 3, 4, 5].sort(
      (a, b) => (counts[a] as number) - (counts[b] as number),
    )[0] as number;
    propInCell(sc, c, spare);
  }
}

function cellCounts(sc: Scene): number[] {
  const out = new Array<number>(9).fill(0);
  for (const o of sc.objects) {
    if (o.role === "far" || o.role === "fore") continue;
    const c =
      Math.min(2, Math.floor(((o.y + o.h / 2) * 3) / H)) * 3 +
      Math.min(2, Math.floor(((o.x + o.w / 2) * 3) / W));
    out[c] = (out[c] as number) + 1;
  }
  return out;
}

export function distinctIcons(sc: Scene): number {
  return new Set(sc.objects.map((o) => o.icon)).size;
}

function darkDetails(sc: Scene): void {
  const r = sc.rng("dark");
  // a flock of birds across the sky (dark against it), if the plan has one
  if (planned(sc, FLOCK) && !sc.objects.some((o) => o.icon === FLOCK)) {
    for (let attempt = 0; attempt < 12; attempt++) {
      const x = r.range(W * 0.2, W * 0.8);
      const y = r.range(H * 0.08, sc.land.horizon - H * 0.12);
      if (sc.overlaps(x - 45, y - 12, 90, 30, 4)) continue;
      birds(sc, x, y, r.int(4, 7), r.range(70, 110), 4.95);
      break;
    }
  }
  // a fence on the near ground, where there is room
  const near = sc.land.surfaces[sc.land.surfaces.length - 1] as Surface | undefined;
  if (near && near.depth < 0.1 && r.chance(0.5)) {
    const left = r.chance(0.5);
    const x0 = left ? r.range(-10, 30) : r.range(W * 0.6, W * 0.72);
    const x1 = x0 + r.range(90, 140);
    const ys = [x0, (x0 + x1) / 2, x1].map((x) => near.y(x));
    if (
      ys.every((y) => y < H - 30 && y > sc.land.horizon) &&
      !sc.overlaps(x0, Math.min(...ys) - 28, x1 - x0, 30, 0)
    )
      fence(sc, near, x0, x1, near.z + 0.8);
  }
}

/** A big plant or the like blurred in a bottom corner, if the plan has one. */
export function foreground(sc: AnyScene): void {
  const icon = sc.plan.foreground;
  if (!icon) return;
  const r = sc.rng("fore");
  const left = r.chance(0.5);
  const size = r.range(120, 170);
  const cx = left ? r.range(-10, 30) : W - r.range(-10, 30);
  sc.icon({
    icon,
    cx,
    cy: H - size * r.range(0.22, 0.38),
    size,
    z: 90,
    role: "fore",
    flip: !left,
    rotate: (left ? 1 : -1) * r.range(4, 14),
    depth: 0,
    blur: 2.2,
  });
}

export function furnish(sc: Scene): void {
  landmark(sc);
  village(sc);
  props(sc);
  darkDetails(sc);
  foreground(sc);
}
