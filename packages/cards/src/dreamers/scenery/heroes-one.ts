/** The hero scenes, first part of the catalogue (its order is part of the deck: see heroes.ts). */

import { cloud } from "../../gen/landscape";
import {
  balloon,
  curvePoints,
  FLOAT_Z,
  floating,
  ladder,
  lighthouse,
  onCloudIsle,
  sparkleTrail,
  stairs,
  strings,
  surfaceFor,
} from "../../gen/parts";
import { ALL, grounded, LANDY, onWater } from "./hero-kit";
import type { Hero } from "./heroes";
import { f1, type Scene } from "./scene";
import { H, W } from "./types";

export const HEROES_ONE = {
  whaleLighthouse: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = sc.moon.x < W / 2;
      const w = sc.land.water;
      if (!w) return;
      const lx = W * (left ? r.range(0.16, 0.26) : r.range(0.74, 0.84));
      const base = w.top + H * r.range(0.1, 0.16);
      const lh = H * r.range(0.33, 0.4);
      const lamp = lighthouse(sc, lx, base, lh);
      const wx = W * (left ? r.range(0.58, 0.68) : r.range(0.32, 0.42));
      const wy = H * r.range(0.24, 0.32);
      const a = Math.atan2(wy - lamp.lampY, wx - lamp.lampX);
      const spread = 0.16;
      const L = W * 1.3;
      sc.add(
        4.9,
        "deco",
        `<path d="M${f1(lamp.lampX)} ${f1(lamp.lampY)}L${f1(lamp.lampX + Math.cos(a - spread) * L)} ${f1(lamp.lampY + Math.sin(a - spread) * L)}L${f1(lamp.lampX + Math.cos(a + spread) * L)} ${f1(lamp.lampY + Math.sin(a + spread) * L)}Z" fill="#fff3c4" opacity=".2"/>`,
      );
      floating(sc, r.chance(0.5) ? "spouting-whale" : "whale", wx, wy, W * r.range(0.4, 0.48), {
        flip: !left,
      });
    },
  },
  teapotMoon: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const tx = W * r.range(0.42, 0.68);
      const ty = H * r.range(0.16, 0.24);
      const size = W * r.range(0.3, 0.36);
      floating(sc, "teapot", tx, ty, size, { rotate: -18, reflect: false });
      const spout: [number, number] = [tx - size * 0.5, ty - size * 0.02];
      const cupX = W * r.range(0.22, 0.36);
      const cup = grounded(sc, "hot-beverage", cupX, W * 0.18, 0.4, { glow: sc.pal.glow });
      if (cup) {
        const pts = curvePoints(spout, [spout[0] - 30, (spout[1] + cup.top) / 2], [cup.cx, cup.top + 6], 22);
        sparkleTrail(sc, pts.slice(1, -1), 6);
      }
    },
  },
  stairsClouds: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = r.chance(0.5);
      const cx = W * (left ? r.range(0.32, 0.42) : r.range(0.58, 0.68));
      const cy = H * r.range(0.2, 0.26);
      onCloudIsle(
        sc,
        { cx, cy, w: W * 0.42 },
        { icon: "door", lift: W * 0.07, size: W * 0.15, glow: sc.pal.glow },
      );
      stairs(sc, [W * (left ? 0.62 : 0.38), H * 0.99], [cx, cy + 8], 60);
    },
  },
  balloonHouse: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const hx = W * r.range(0.38, 0.62);
      const hy = H * r.range(0.42, 0.48);
      const size = W * r.range(0.22, 0.26);
      floating(sc, "house", hx, hy, size);
      const n = r.int(5, 7);
      const tops: [number, number][] = [];
      for (let i = 0; i < n; i++) {
        const bx = hx + r.range(-0.17, 0.17) * W;
        const by = hy - size * 0.5 - r.range(0.1, 0.24) * H;
        const bs = W * r.range(0.08, 0.12);
        tops.push(balloon(sc, bx, by, bs, FLOAT_Z + 0.1 + i * 0.01, r.range(-12, 12)));
      }
      strings(sc, [hx, hy - size * 0.45], tops, FLOAT_Z + 0.05);
    },
  },
  ladderMoon: {
    lands: ALL,
    moon: "crescent",
    moonHook(sc: Scene) {
      const r = sc.rng("hero-moon");
      sc.moon = { x: W * r.range(0.6, 0.74), y: H * r.range(0.12, 0.16), r: W * r.range(0.12, 0.15) };
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const gx = W * r.range(0.3, 0.42);
      const s = surfaceFor(sc, gx, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
      const gy = s ? s.y(gx) + 4 : H * 0.85;
      const top: [number, number] = [sc.moon.x - sc.moon.r * 0.55, sc.moon.y + sc.moon.r * 0.55];
      ladder(sc, [gx, gy], top, s ? s.z + 1 : 50);
      const t = r.range(0.45, 0.65);
      sc.icon({
        icon: "black-cat",
        cx: gx + (top[0] - gx) * t + 6,
        cy: gy + (top[1] - gy) * t - 14,
        size: W * 0.11,
        z: (s ? s.z : 50) + 1.2,
        role: "hero",
        depth: 0.1,
        flip: false,
      });
    },
  },
  lanternLake: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const n = r.int(6, 9);
      for (let i = 0; i < n; i++) {
        const t = r.next();
        const size = W * (0.06 + t * 0.08);
        const x = W * r.range(0.1, 0.9);
        const y = H * (0.14 + t * 0.32);
        if (sc.overlaps(x - size / 2, y - size / 2, size, size, 2)) continue;
        floating(sc, "red-paper-lantern", x, y, size, { glow: sc.pal.glow, depth: 0.3 - t * 0.2 });
      }
    },
  },
  giantRabbit: {
    lands: ["hills", "dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const s1 = sc.land.surfaces[1];
      if (!s1) return;
      const cx = W * r.range(0.4, 0.6);
      const size = W * r.range(0.55, 0.62);
      sc.icon({
        icon: "rabbit",
        cx,
        cy: s1.y(cx) - size * 0.28,
        size,
        z: s1.z - 1,
        role: "hero",
        depth: 0.18,
        flip: r.chance(0.5),
      });
    },
  },
  turtleIsland: {
    lands: ["sea"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const cx = W * r.range(0.4, 0.6);
      const base = w.top + H * r.range(0.06, 0.1);
      const size = W * r.range(0.5, 0.58);
      const flip = r.chance(0.5);
      onWater(sc, "turtle", cx, base, size, { flip });
      const shellX = cx + (flip ? -1 : 1) * size * 0.08;
      const shellTop = base - size * 0.5;
      sc.icon({
        icon: "palm-tree",
        cx: shellX + size * 0.1,
        cy: shellTop - W * 0.08,
        size: W * 0.2,
        z: w.z + 2.5,
        role: "hero",
        depth: 0.2,
      });
      sc.icon({
        icon: "hut",
        cx: shellX - size * 0.1,
        cy: shellTop - W * 0.03,
        size: W * 0.1,
        z: w.z + 2.6,
        role: "hero",
        depth: 0.2,
      });
    },
  },
  fishSky: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const n = r.int(6, 8);
      const flip = r.chance(0.5);
      const phase = r.range(0, Math.PI * 2);
      for (let i = 0; i < n; i++) {
        const t = i / (n - 1);
        const x = W * (0.1 + t * 0.8);
        const y = H * (0.3 + 0.1 * Math.sin(phase + t * 5)) + r.range(-30, 30);
        const size = W * r.range(0.08, 0.16);
        if (sc.overlaps(x - size / 2, y - size / 2, size, size, 0)) continue;
        floating(sc, r.chance(0.6) ? "tropical-fish" : "fish", x, y, size, { flip, depth: 0.25 - size / W });
      }
      floating(sc, "jellyfish", W * r.range(0.25, 0.75), H * 0.14, W * 0.14, { glow: sc.pal.glow });
    },
  },
  doorField: {
    lands: ["hills", "dunes", "mountains"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.35, 0.65);
      const s = surfaceFor(sc, x, 0.4, 0.2) ?? sc.land.surfaces[2];
      if (!s) return;
      const size = W * r.range(0.28, 0.32);
      const gy = s.y(x);
      sc.add(
        s.z + 0.9,
        "deco",
        `<path d="M${f1(x - size * 0.18)} ${f1(gy)}L${f1(x + size * 0.18)} ${f1(gy)}L${f1(x + size * 1.2)} ${H}L${f1(x - size * 0.9)} ${H}Z" fill="${sc.pal.glow}" opacity=".22"/>`,
      );
      grounded(sc, "door", x, size, 0.4, { glow: sc.pal.glow });
    },
  },
  boatCloud: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.38, 0.62);
      const cy = H * r.range(0.36, 0.42);
      onCloudIsle(sc, { cx, cy, w: W * 0.58 }, { icon: "sailboat", lift: W * 0.13, size: W * 0.32 });
    },
  },
  planetRise: {
    lands: ["hills", "dunes", "sea"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.35, 0.65);
      const size = W * r.range(0.58, 0.66);
      const z = sc.land.water ? sc.land.water.z - 0.2 : 9.5;
      sc.icon({
        icon: "ringed-planet",
        cx,
        cy: sc.land.horizon - size * 0.18,
        size,
        z,
        role: "hero",
        depth: 0.35,
        glow: sc.pal.glow,
        rotate: r.range(-10, 10),
      });
    },
  },
  keyMoon: {
    lands: ALL,
    moon: "crescent",
    moonHook(sc: Scene) {
      sc.moon.r *= 1.6;
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = sc.moon.x < W / 2;
      floating(sc, "key", W * (left ? 0.62 : 0.38), H * r.range(0.32, 0.4), W * r.range(0.4, 0.46), {
        rotate: (left ? 1 : -1) * r.range(20, 45),
        glow: sc.pal.glow,
      });
    },
  },
  castleCloud: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.38, 0.62);
      const cy = H * r.range(0.3, 0.36);
      onCloudIsle(
        sc,
        { cx, cy, w: W * 0.64 },
        { icon: "castle", lift: W * 0.14, size: W * 0.34, depth: 0.12 },
      );
      cloud(sc, cx + W * 0.22, cy + 10, W * 0.3, 4.9, 0.9);
    },
  },
  jellyfishSky: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const n = r.int(3, 4);
      for (let i = 0; i < n; i++) {
        const size = W * r.range(0.12, 0.26);
        const x = W * (0.15 + (0.7 * i) / (n - 1)) + r.range(-15, 15);
        const y = H * r.range(0.16, 0.46);
        if (sc.overlaps(x - size / 2, y - size / 2, size, size, 2)) continue;
        floating(sc, "jellyfish", x, y, size, { glow: sc.pal.glow, rotate: r.range(-15, 15) });
      }
    },
  },
} satisfies Record<string, Hero>;
