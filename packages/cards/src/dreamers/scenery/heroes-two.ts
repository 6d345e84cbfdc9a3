/** The hero scenes, second part of the catalogue (its order is part of the deck: see heroes.ts). */

import { cloud } from "../../gen/landscape";
import { balloon, curvePoints, FLOAT_Z, floating, sparkleTrail, strings, surfaceFor } from "../../gen/parts";
import { ALL, grounded, LANDY, onWater } from "./hero-kit";
import type { Hero } from "./heroes";
import { f1, type Scene } from "./scene";
import { H, W } from "./types";

export const HEROES_TWO = {
  catMoon: {
    lands: ALL,
    moon: "crescent",
    moonHook(sc: Scene) {
      const r = sc.rng("hero-moon");
      sc.moon = { x: W * r.range(0.4, 0.6), y: H * r.range(0.22, 0.28), r: W * r.range(0.17, 0.2) };
    },
    draw(sc: Scene) {
      const m = sc.moon;
      const right = m.x > W / 2;
      sc.icon({
        icon: "black-cat",
        cx: m.x + (right ? 0.1 : -0.1) * m.r,
        cy: m.y + m.r * 0.82 - W * 0.07,
        size: W * 0.15,
        z: 1.5,
        role: "hero",
        depth: 0.05,
        flip: !right,
      });
    },
  },
  snailHouse: {
    lands: ["hills", "dunes", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.4, 0.6);
      const size = W * r.range(0.42, 0.48);
      const flip = r.chance(0.5);
      const g = grounded(sc, "snail", x, size, 0.4, { flip });
      if (g) {
        const s = surfaceFor(sc, x, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
        sc.icon({
          icon: "house",
          cx: x + (flip ? -1 : 1) * size * 0.15,
          cy: g.top - W * 0.04,
          size: W * 0.16,
          z: (s?.z ?? 40) + 1.1,
          role: "hero",
          depth: 0.1,
        });
      }
    },
  },
  mushroomGrove: {
    lands: ["hills", "dunes", "mountains"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = r.chance(0.5);
      grounded(sc, "mushroom", W * (left ? 0.35 : 0.65), W * r.range(0.3, 0.36), 0.4);
      grounded(sc, "mushroom", W * (left ? 0.62 : 0.38), W * r.range(0.18, 0.22), 0.7);
      let dots = "";
      for (let i = 0; i < 18; i++)
        dots += `<circle cx="${f1(r.range(20, W - 20))}" cy="${f1(H * r.range(0.45, 0.8))}" r="${f1(r.range(1, 2.2))}"/>`;
      sc.add(70, "deco", `<g fill="#fff3a0" opacity=".85">${dots}</g>`);
    },
  },
  elephantBalloons: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const ex = W * r.range(0.38, 0.62);
      const ey = H * r.range(0.4, 0.46);
      const size = W * r.range(0.3, 0.34);
      floating(sc, "elephant", ex, ey, size, { flip: r.chance(0.5), rotate: r.range(-8, 8) });
      const tops: [number, number][] = [];
      for (let i = 0; i < 4; i++) {
        const bx = ex + (i - 1.5) * W * 0.09 + r.range(-8, 8);
        const by = ey - size * 0.5 - H * r.range(0.1, 0.18);
        const bs = W * r.range(0.09, 0.12);
        tops.push(balloon(sc, bx, by, bs, FLOAT_Z + 0.1, r.range(-10, 10)));
      }
      strings(sc, [ex, ey - size * 0.35], tops, FLOAT_Z + 0.05);
    },
  },
  rocketMoon: {
    lands: ALL,
    moon: "full",
    moonHook(sc: Scene) {
      sc.moon.r *= 1.5;
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = sc.moon.x < W / 2;
      const rx = W * (left ? r.range(0.58, 0.68) : r.range(0.32, 0.42));
      const ry = H * r.range(0.36, 0.44);
      const ang = (Math.atan2(sc.moon.y - ry, sc.moon.x - rx) * 180) / Math.PI + 45;
      floating(sc, "rocket", rx, ry, W * r.range(0.26, 0.3), { rotate: ang });
      const start: [number, number] = [rx + (rx - sc.moon.x) * 0.9, ry + (ry - sc.moon.y) * 0.9];
      sparkleTrail(
        sc,
        curvePoints(start, [(start[0] + rx) / 2 + 30, (start[1] + ry) / 2], [rx, ry], 14).slice(2, -2),
        4.9,
        3.5,
      );
    },
  },
  umbrellaStars: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const ux = W * r.range(0.38, 0.62);
      const uy = H * r.range(0.34, 0.4);
      floating(sc, "umbrella", ux, uy, W * r.range(0.34, 0.4), { rotate: r.range(-20, 20) });
      const pts: [number, number][] = [];
      for (let i = 0; i < 14; i++) pts.push([ux + r.range(-0.22, 0.22) * W, uy - r.range(0.1, 0.25) * H]);
      sparkleTrail(sc, pts, 4.9, 4);
      grounded(sc, "teddy-bear", ux + r.range(-20, 20), W * 0.17, 0.4);
    },
  },
  crystalBall: {
    lands: LANDY,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.4, 0.6);
      grounded(sc, "crystal-ball", x, W * r.range(0.3, 0.34), 0.4, { glow: sc.pal.glow });
      grounded(sc, "owl", x + (r.chance(0.5) ? 1 : -1) * W * 0.26, W * 0.15, 0.4);
    },
  },
  dolphinMoon: {
    lands: ["sea"],
    moon: "full",
    moonHook(sc: Scene) {
      const r = sc.rng("hero-moon");
      sc.moon = { x: W * r.range(0.4, 0.6), y: sc.land.horizon - W * 0.12, r: W * r.range(0.15, 0.18) };
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      floating(
        sc,
        "dolphin",
        sc.moon.x + r.range(-20, 20),
        sc.land.horizon - H * 0.05,
        W * r.range(0.32, 0.36),
        {
          rotate: -30,
          flip: r.chance(0.5),
        },
      );
    },
  },
  hourglassDunes: {
    lands: ["dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      grounded(sc, "hourglass-not-done", W * r.range(0.35, 0.65), W * r.range(0.32, 0.38), 0.4, {
        glow: sc.pal.glow,
      });
    },
  },
  penguinIce: {
    lands: ["sea"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const x = W * r.range(0.35, 0.65);
      const base = w.top + H * r.range(0.1, 0.14);
      const size = W * 0.3;
      onWater(sc, "ice", x, base, size);
      sc.icon({
        icon: "penguin",
        cx: x,
        cy: base - size * 0.85 - W * 0.06,
        size: W * 0.16,
        z: w.z + 3,
        role: "hero",
        depth: 0.1,
      });
      sc.icon({
        icon: "polar-bear",
        cx: x + W * 0.12,
        cy: base - size * 0.85 - W * 0.03,
        size: W * 0.11,
        z: w.z + 3.1,
        role: "hero",
        depth: 0.1,
      });
    },
  },
  kiteHill: {
    lands: ["hills", "dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const left = r.chance(0.5);
      const kx = W * (left ? 0.66 : 0.34);
      const ky = H * r.range(0.18, 0.24);
      floating(sc, "kite", kx, ky, W * r.range(0.28, 0.32), { rotate: r.range(-15, 15), reflect: false });
      const fx = W * (left ? 0.28 : 0.72);
      const g = grounded(sc, "fox", fx, W * 0.15, 0.4, {});
      if (g) strings(sc, [g.cx, g.top + 8], [[kx - 10, ky + W * 0.12]], 45);
    },
  },
  bookTower: {
    lands: ["hills", "lake", "dunes"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const x = W * r.range(0.4, 0.6);
      const s = surfaceFor(sc, x, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
      if (!s) return;
      let y = s.y(x) + 2;
      const n = r.int(3, 4);
      for (let i = 0; i < n; i++) {
        const size = W * (0.24 - i * 0.02);
        sc.icon({
          icon: "books",
          cx: x + r.range(-6, 6),
          cy: y - size * 0.42,
          size,
          z: s.z + 1 + i * 0.01,
          role: "hero",
          depth: 0.15,
          rotate: r.range(-6, 6),
          ...(i === 0 ? { ground: s } : {}),
        });
        y -= size * 0.72;
      }
      sc.icon({
        icon: "telescope",
        cx: x,
        cy: y - W * 0.06,
        size: W * 0.16,
        z: s.z + 1.2,
        role: "hero",
        depth: 0.1,
      });
    },
  },
  giraffeMoon: {
    lands: ["dunes", "hills"],
    moon: "crescent",
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const toward = sc.moon.x < W / 2;
      grounded(
        sc,
        "giraffe",
        W * (toward ? r.range(0.36, 0.46) : r.range(0.54, 0.64)),
        W * r.range(0.5, 0.56),
        0.4,
        {
          flip: !toward,
        },
      );
    },
  },
  carouselSky: {
    lands: ALL,
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const cx = W * r.range(0.4, 0.6);
      const cy = H * r.range(0.3, 0.36);
      const flip = r.chance(0.5);
      floating(sc, "carousel-horse", cx, cy, W * r.range(0.36, 0.42), { flip });
      const back = flip ? -1 : 1;
      const pts = curvePoints(
        [cx + back * W * 0.45, cy + 40],
        [cx + back * W * 0.25, cy + 10],
        [cx + back * W * 0.12, cy],
        10,
      );
      sparkleTrail(sc, pts, 4.9, 3.5);
      cloud(sc, cx, cy + W * 0.22, W * 0.45, 5.2, 0.85);
    },
  },
  bathtubSea: {
    lands: ["sea", "lake"],
    draw(sc: Scene) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const x = W * r.range(0.36, 0.64);
      onWater(sc, "bathtub", x, w.top + H * r.range(0.12, 0.16), W * r.range(0.34, 0.38));
      onWater(sc, "duck", x + W * 0.22, w.top + H * 0.2, W * 0.1, { flip: true });
    },
  },
  clockMoon: {
    lands: ALL,
    moonHook(sc: Scene) {
      sc.moon.r = 0;
    },
    draw(sc: Scene) {
      const r = sc.rng("hero");
      floating(
        sc,
        "mantelpiece-clock",
        W * r.range(0.35, 0.65),
        H * r.range(0.2, 0.26),
        W * r.range(0.3, 0.34),
        {
          glow: sc.pal.glow,
          reflect: false,
        },
      );
    },
  },
} satisfies Record<string, Hero>;
