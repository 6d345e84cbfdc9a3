/** The smaller things of the deck-1.5.0 composer: props in free cells and far buildings. */
import { entry } from "../../gen/catalog";
import { afloat, faceInward, farThing } from "../../gen/furnish";
import type { Rng } from "../../rng";
import type { Scene } from "./scene";
import { H, W } from "./types";

const CELL_W = W / 3;
const CELL_H = H / 3;

function occupied(sc: Scene): boolean[] {
  const cells = new Array<boolean>(9).fill(false);
  for (const o of sc.objects) {
    if (o.role === "far") continue;
    // a cell counts as occupied when the object covers a fair part of it
    for (let c = 0; c < 9; c++) {
      const cx = (c % 3) * CELL_W;
      const cy = Math.floor(c / 3) * CELL_H;
      const ix = Math.max(0, Math.min(cx + CELL_W, o.x + o.w) - Math.max(cx, o.x));
      const iy = Math.max(0, Math.min(cy + CELL_H, o.y + o.h) - Math.max(cy, o.y));
      if (ix * iy * o.fill > CELL_W * CELL_H * 0.05) cells[c] = true;
    }
  }
  return cells;
}

export function placeProps(sc: Scene): void {
  const r = sc.rng("props");
  const queue = [...sc.plan.props];
  let cells = occupied(sc);
  for (const icon of queue) {
    const habitat = entry(icon).habitat;
    const candidates = candidateCells(cells, habitat.includes("sky"));
    let placed = false;
    for (let attempt = 0; attempt < 40 && !placed; attempt++) {
      const c = attempt < 24 ? r.pick(candidates) : r.int(0, 8);
      const x = (c % 3) * CELL_W + r.range(0.2, 0.8) * CELL_W;
      const size = r.range(50, 78);
      const yCell = Math.floor(c / 3) * CELL_H + r.range(0.2, 0.85) * CELL_H;
      const at: Attempt = { icon, x, yCell, size, attempt };
      const water = sc.land.water;
      if (habitat.includes("sky")) placed = propInSky(sc, r, at);
      else if (habitat.includes("water") && water && yCell > water.top + 12) placed = propOnWater(sc, r, at);
      else if (habitat.includes("ground")) placed = propOnGround(sc, r, at);
    }
    cells = occupied(sc);
  }
}

/**
 * The cells a prop may go to: things of the sky to free cells of the upper rows, things of the ground or
 * water to free cells of the bottom row first (so the foreground is not left empty), then the middle row.
 */
function candidateCells(cells: boolean[], sky: boolean): number[] {
  const free = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((c) => !cells[c]);
  const rowsWanted = sky ? [0, 1] : [2, 1];
  const preferred = free.filter((c) => Math.floor(c / 3) === rowsWanted[0]);
  const second = free.filter((c) => Math.floor(c / 3) === rowsWanted[1]);
  return preferred.length > 0
    ? preferred
    : second.length > 0
      ? second
      : free.length > 0
        ? free
        : [0, 1, 2, 3, 4, 5, 6, 7, 8];
}

/** One try at placing a prop: where in its cell, and how big before its habitat adjusts it. */
interface Attempt {
  icon: string;
  x: number;
  yCell: number;
  size: number;
  attempt: number;
}

function propInSky(sc: Scene, r: Rng, { icon, x, yCell, size, attempt }: Attempt): boolean {
  const land = sc.land;
  const y = Math.min(yCell, land.horizon - size * 0.7);
  if (y < size * 0.6) return false;
  if (sc.overlaps(x - size / 2, y - size / 2, size, size)) return false;
  sc.icon({
    icon,
    cx: x,
    cy: y,
    size,
    z: 5 + attempt * 0.001,
    role: "prop",
    flip: faceInward(icon, x, r.next()),
    rotate: r.range(-14, 14),
    depth: 0.25,
    float: true,
    reflect: !!land.water && y > land.horizon - 120,
    ...(icon === "red-paper-lantern" || icon === "jellyfish" ? { glow: sc.pal.glow } : {}),
  });
  return true;
}

function propOnWater(sc: Scene, r: Rng, { icon, x, yCell, size: drawn }: Attempt): boolean {
  const water = sc.land.water;
  if (!water) return false;
  if (sc.groundAt(x, yCell)) return false;
  const t = (yCell - water.top) / (H - water.top);
  let size = drawn;
  size *= 0.6 + t * 0.8;
  if (sc.overlaps(x - size / 2, yCell - size, size, size)) return false;
  afloat(sc, r, { icon, x, y: yCell, size, t, water });
  return true;
}

function propOnGround(sc: Scene, r: Rng, { icon, x, yCell, size: drawn, attempt }: Attempt): boolean {
  const land = sc.land;
  const s = sc.groundAt(x, yCell);
  if (!s || (land.water && s.z < (land.water?.z ?? 0))) return false;
  const gy = s.y(x);
  if (gy > H - 20 || gy < land.horizon - 10) return false;
  let size = drawn;
  size *= 1 - s.depth * 0.45;
  const cy = gy + size * 0.08 - size / 2;
  if (sc.overlaps(x - size / 2, cy - size / 2, size, size)) return false;
  sc.icon({
    icon,
    cx: x,
    cy,
    size,
    z: s.z + 1 + attempt * 0.001,
    role: "prop",
    flip: faceInward(icon, x, r.next()),
    depth: s.depth * 0.8,
    ground: s,
    ...(icon === "candle" || icon === "crystal-ball" ? { glow: sc.pal.glow } : {}),
  });
  return true;
}

export function farThings(sc: Scene): void {
  const r = sc.rng("far");
  const far = sc.land.surfaces.filter((s) => s.depth >= 0.6);
  if (far.length === 0) return;
  const icons = ["hut", "house", "church", "castle", "deciduous-tree", "evergreen-tree"];
  const n = r.int(1, 3);
  for (let i = 0; i < n; i++) {
    const s = r.pick(far);
    const x = r.range(20, W - 20);
    const size = r.range(13, 20) * (1 - s.depth * 0.3);
    const gy = s.y(x);
    if (sc.overlaps(x - size / 2, gy - size, size, size, 2)) continue;
    farThing(sc, r.pick(icons), s, x, size);
  }
}
