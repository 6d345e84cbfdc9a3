/**
 * The grammar of edition 2: surreal relations between a card's subject and its place. Each draws a
 * subject into a Scene whose land is laid out, says which lands it needs, and says itself in words
 * (agreement-free phrases, so any subject fits: `x` is the subject with its article, `o` the other thing).
 */
import type { Locale } from "../types";
import { cloud } from "./landscape";
import {
  balloon,
  birds,
  curvePoints,
  dome,
  FLOAT_Z,
  floating,
  grounded,
  iconHeight,
  ladder,
  lighthouse,
  onCloudIsle,
  onWater,
  rocks,
  sail,
  sparkleTrail,
  stairs,
  stream,
  strings,
  surfaceFor,
  tower,
  tree,
} from "./parts";
import type { RelationName } from "./relation-name";
import { f1, H, type LandKind, type Scene, W } from "./scene";
import type { StreamKind, Subject } from "./subjects";

export type { RelationName } from "./relation-name";

type Phrase = (x: string, o: string, xs: string) => string;

export interface Relation {
  lands: LandKind[];
  /** Moves, resizes or hides the moon before the sky is drawn (r = 0 hides it). */
  moonHook?: (sc: Scene, subject: Subject) => void;
  draw: (sc: Scene, subject: Subject) => void;
  phrase: Record<Locale, Phrase>;
  /** What the phrase already says (the sail of a boat, the balloons…), left out of the list that follows. */
  named?: string[];
}

const ALL: LandKind[] = ["hills", "sea", "dunes", "mountains", "lake"];
const LANDY: LandKind[] = ["hills", "dunes", "mountains", "lake"];
const WET: LandKind[] = ["sea", "lake"];
const DRY: LandKind[] = ["hills", "dunes", "mountains"];

/** What a pouring subject pours, in words (a clause that follows the subject). */
export const STREAM_WORDS: Record<StreamKind, Record<Locale, string>> = {
  stars: {
    en: "pouring out a stream of stars",
    de: "daraus fließt ein Strom von Sternen",
    fr: "d'où coule un flot d'étoiles",
    it: "da cui scorre un fiume di stelle",
  },
  water: {
    en: "pouring out a waterfall",
    de: "daraus stürzt ein Wasserfall",
    fr: "d'où tombe une cascade",
    it: "da cui scende una cascata",
  },
  honey: {
    en: "pouring out honey",
    de: "daraus fließt Honig",
    fr: "d'où coule du miel",
    it: "da cui cola il miele",
  },
  sand: {
    en: "pouring out sand",
    de: "daraus rieselt Sand",
    fr: "d'où s'écoule du sable",
    it: "da cui scende la sabbia",
  },
  rainbow: {
    en: "pouring out a rainbow",
    de: "daraus fließt ein Regenbogen",
    fr: "d'où coule un arc-en-ciel",
    it: "da cui scorre un arcobaleno",
  },
  fireflies: {
    en: "pouring out fireflies",
    de: "daraus schwärmen Glühwürmchen",
    fr: "d'où s'envolent des lucioles",
    it: "da cui volano via delle lucciole",
  },
  notes: {
    en: "pouring out musical notes",
    de: "daraus strömen Musiknoten",
    fr: "d'où s'échappent des notes de musique",
    it: "da cui escono note musicali",
  },
};

const size = (subject: Subject, s: number): number => s * (subject.scale ?? 1);

export const RELATIONS: Record<RelationName, Relation> = {
  hills: {
    lands: DRY,
    moonHook(sc) {
      sc.moon.x = sc.mx(W * 0.78);
    },
    draw(sc, subject) {
      const r = sc.rng("hero");
      const s1 = sc.land.surfaces[1];
      if (!s1) return;
      const cx = sc.mx(W * r.range(0.36, 0.5));
      const s = size(subject, W * r.range(0.56, 0.68));
      const h = iconHeight(sc, subject.icon, s);
      sc.icon({
        icon: subject.icon,
        cx,
        cy: s1.y(cx) - h * 0.3,
        size: s,
        z: s1.z - 1,
        role: "hero",
        depth: 0.2,
        flip: sc.plan.mirror,
      });
    },
    phrase: {
      en: (x) => `${x} as big as a hill`,
      de: (x) => `${x}, so groß wie ein Hügel`,
      fr: (x) => `${x} de la taille d'une colline`,
      it: (x) => `${x} grande come una collina`,
    },
  },
  moon: {
    lands: ALL,
    moonHook(sc) {
      const r = sc.rng("hero-moon");
      // the subject takes the moon's place: the moon itself is not drawn, its light stays
      sc.moon = { x: sc.mx(W * r.range(0.56, 0.7)), y: H * r.range(0.15, 0.2), r: 0 };
    },
    draw(sc, subject) {
      const r = sc.rng("hero");
      const m = sc.moon;
      const s = size(subject, W * r.range(0.3, 0.36));
      const gid = sc.id("halo");
      sc.defs.push(
        `<radialGradient id="${gid}"><stop offset="0" stop-color="${sc.pal.glow}" stop-opacity=".6"/><stop offset=".3" stop-color="${sc.pal.glow}" stop-opacity=".22"/><stop offset="1" stop-color="${sc.pal.glow}" stop-opacity="0"/></radialGradient>`,
      );
      sc.add(1, "deco", `<circle cx="${f1(m.x)}" cy="${f1(m.y)}" r="${f1(s * 1.6)}" fill="url(#${gid})"/>`);
      sc.icon({
        icon: subject.icon,
        cx: m.x,
        cy: m.y,
        size: s,
        // in front of the cloud banks (a real moon may hide behind them; this one is the picture)
        z: 3.5,
        role: "hero",
        depth: 0.02,
        rotate: r.range(-12, 12),
        glow: sc.pal.glow,
      });
      // birds cross its light
      birds(sc, m.x + (sc.plan.mirror ? 1 : -1) * s * 0.2, m.y + s * 0.75, 5, s * 0.9, 1.4);
    },
    phrase: {
      en: (x) => `${x} shining in place of the moon`,
      de: (x) => `${x} als Mond am Himmel`,
      fr: (x) => `${x} à la place de la lune`,
      it: (x) => `${x} al posto della luna`,
    },
  },
  balloons: {
    lands: LANDY,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const hx = sc.mx(W * r.range(0.4, 0.56));
      const hy = H * r.range(0.44, 0.5);
      const s = size(subject, W * r.range(0.26, 0.32));
      const o = floating(sc, subject.icon, hx, hy, s, { flip: sc.plan.mirror, rotate: r.range(-6, 6) });
      const n = r.int(5, 8);
      const tops: [number, number][] = [];
      for (let i = 0; i < n; i++) {
        const bx = hx + r.range(-0.18, 0.18) * W;
        const by = o.y - r.range(0.1, 0.24) * H;
        const bs = W * r.range(0.08, 0.12);
        tops.push(
          balloon(
            sc,
            bx,
            by,
            bs,
            FLOAT_Z + 0.1 + i * 0.01,
            r.range(-12, 12),
            r.pick([0, 0, 40, 160, 200, 280]),
          ),
        );
      }
      strings(sc, [hx, o.y + o.h * 0.12], tops, FLOAT_Z + 0.05);
    },
    phrase: {
      en: (x) => `${x} carried off by balloons`,
      de: (x) => `${x} an einem Bündel Luftballons`,
      fr: (x) => `${x} au bout d'une grappe de ballons`,
      it: (x) => `${x} in volo con un mazzo di palloncini`,
    },
    named: ["fluent-emoji-flat:balloon"],
  },
  boat: {
    lands: WET,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const x = sc.mx(W * r.range(0.4, 0.56));
      const base = w.top + H * r.range(0.13, 0.19);
      const s = size(subject, W * r.range(0.36, 0.44));
      const o = onWater(sc, subject.icon, x, base, s, {
        flip: sc.plan.mirror,
        rotate: (sc.plan.mirror ? -1 : 1) * (subject.tilt ?? 0),
        depth: 0.08,
      });
      sail(
        sc,
        x + r.range(-0.06, 0.06) * s,
        o.y + o.h * 0.35,
        H * r.range(0.2, 0.26),
        (w.z ?? 9) + 0.9,
        sc.plan.mirror ? -1 : 1,
      );
      // a wake behind it
      let d = "";
      for (let i = 1; i <= 4; i++) {
        const y = base + i * 5;
        const back = (sc.plan.mirror ? 1 : -1) * (s * 0.45 + i * 16);
        d += `M${f1(x + back * 0.4)} ${f1(y)}L${f1(x + back)} ${f1(y + 2)}`;
      }
      sc.add(w.z + 0.8, "deco", `<path d="${d}" stroke="${sc.pal.rim}" stroke-width="1.2" opacity=".45"/>`);
    },
    phrase: {
      en: (x) => `${x} with a mast and a sail, afloat like a boat`,
      de: (x) => `${x} mit Mast und Segel, als Boot auf dem Wasser`,
      fr: (x) => `${x} avec un mât et une voile, comme un bateau sur l'eau`,
      it: (x) => `${x} con albero e vela, come una barca sull'acqua`,
    },
    named: ["shape:sail"],
  },
  stairs: {
    lands: ALL,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const cx = sc.mx(W * r.range(0.56, 0.68));
      const cy = H * r.range(0.22, 0.3);
      const s = size(subject, W * r.range(0.2, 0.26));
      const lift = iconHeight(sc, subject.icon, s) * 0.42;
      const hero = { icon: subject.icon, lift, size: s, glow: sc.pal.glow, flip: !sc.plan.mirror };
      onCloudIsle(sc, { cx, cy, w: W * 0.44 }, hero);
      if (r.chance(0.35)) {
        const s3 = sc.land.surfaces[sc.land.surfaces.length - 1];
        const gx = sc.mx(W * 0.3);
        const gy = s3 ? Math.min(H - 10, s3.y(gx) + 4) : H * 0.9;
        ladder(sc, [gx, gy], [cx - (sc.plan.mirror ? -1 : 1) * W * 0.12, cy + 6], 60);
      } else {
        // on the sea the stairs start on the shore
        const near = sc.land.surfaces[sc.land.surfaces.length - 1];
        let fx = sc.mx(W * 0.36);
        if (sc.land.water && near) {
          const xs = [0.15, 0.25, 0.35, 0.65, 0.75, 0.85].map((t) => W * t).filter((x) => near.y(x) < H - 40);
          if (xs.length > 0) fx = xs.reduce((a, b) => (Math.abs(b - W / 2) < Math.abs(a - W / 2) ? b : a));
        }
        stairs(sc, [fx, H * 0.99], [cx, cy + 8], 60);
      }
      cloud(sc, cx - (sc.plan.mirror ? -1 : 1) * W * 0.3, cy - H * 0.07, W * 0.22, 4.7, 0.7);
    },
    phrase: {
      en: (x) => `${x} on a cloud, with stairs leading up to it`,
      de: (x) => `${x} auf einer Wolke, zu der eine Treppe hinaufführt`,
      fr: (x) => `${x} sur un nuage, avec un escalier pour y monter`,
      it: (x) => `${x} su una nuvola, con una scala per salirci`,
    },
    named: ["shape:stairs", "shape:ladder", "shape:cloud-isle"],
  },
  dome: {
    lands: LANDY,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const x = sc.mx(W * r.range(0.42, 0.56));
      const s3 = surfaceFor(sc, x, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
      if (!s3) return;
      const base = Math.min(H - 40, s3.y(x) + 18);
      const w = W * r.range(0.44, 0.52);
      const z = s3.z + 1;
      sc.add(
        z - 0.05,
        "deco",
        `<ellipse cx="${f1(x)}" cy="${f1(base + 2)}" rx="${f1(w * 0.66)}" ry="${f1(w * 0.09)}" fill="${sc.pal.shadow}" opacity=".5" filter="url(#${sc.plan.id}-soft)"/>`,
      );
      const d = dome(sc, x, base, w, z + 0.2);
      const s = size(subject, w * 0.68);
      const h = iconHeight(sc, subject.icon, s);
      sc.icon({
        icon: subject.icon,
        cx: x,
        cy: d.floor - h / 2 + 2,
        size: s,
        z: z + 0.1,
        role: "hero",
        depth: 0.05,
        flip: sc.plan.mirror,
        glow: sc.pal.glow,
      });
      sparkleTrail(
        sc,
        Array.from(
          { length: 9 },
          () =>
            [x + r.range(-0.38, 0.38) * w, d.top + r.range(0.15, 0.7) * (d.floor - d.top)] as [
              number,
              number,
            ],
        ),
        z + 0.15,
        3,
      );
    },
    phrase: {
      en: (x) => `${x} under a glass dome`,
      de: (x) => `${x} unter einer Glasglocke`,
      fr: (x) => `${x} sous une cloche de verre`,
      it: (x) => `${x} sotto una campana di vetro`,
    },
    named: ["shape:dome"],
  },
  pour: {
    lands: ALL,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const side = sc.plan.mirror ? -1 : 1;
      const tx = sc.mx(W * r.range(0.62, 0.72));
      const ty = H * r.range(0.15, 0.21);
      const s = size(subject, W * r.range(0.28, 0.34));
      floating(sc, subject.icon, tx, ty, s, {
        rotate: side * -r.range(28, 48),
        reflect: false,
        flip: sc.plan.mirror,
      });
      const spout: [number, number] = [tx - side * s * 0.42, ty + s * 0.1];
      const bx = sc.mx(W * r.range(0.26, 0.38));
      const w = sc.land.water;
      const g = surfaceFor(sc, bx, 0.4) ?? sc.land.surfaces[sc.land.surfaces.length - 1];
      const by = w && !g ? w.top + H * 0.2 : g ? Math.min(H - 30, g.y(bx) + 6) : H * 0.8;
      const ctrl: [number, number] = [spout[0] - side * W * 0.22, spout[1] + (by - spout[1]) * 0.2];
      const kind = subject.stream ?? "stars";
      const z = g ? g.z + 2 : (w?.z ?? 9) + 2;
      if (kind === "notes") {
        const pts = curvePoints(spout, ctrl, [bx, by], 7).slice(1);
        for (const [i, [px, py]] of pts.entries())
          sc.icon({
            icon: "musical-note",
            cx: px + r.range(-8, 8),
            cy: py,
            size: W * (0.06 + 0.012 * i),
            z,
            role: "hero",
            depth: 0.1,
            rotate: r.range(-20, 20),
            weight: 0.85,
          });
        sparkleTrail(sc, curvePoints(spout, ctrl, [bx, by], 14).slice(1), z - 0.1, 3);
      } else stream(sc, kind, spout, ctrl, [bx, by], z);
    },
    phrase: {
      en: (x, o) => `${x} ${o}`,
      de: (x, o) => `${x}, ${o}`,
      fr: (x, o) => `${x} ${o}`,
      it: (x, o) => `${x} ${o}`,
    },
    named: [
      "shape:star-stream",
      "shape:waterfall",
      "shape:honey-stream",
      "shape:sand-stream",
      "shape:rainbow-stream",
      "shape:fireflies",
      "fluent-emoji-flat:musical-note",
    ],
  },
  tree: {
    lands: LANDY,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const x = sc.mx(W * r.range(0.42, 0.56));
      const s = size(subject, W * r.range(0.26, 0.32));
      const g = grounded(sc, subject.icon, x, s, 0.4, { flip: sc.plan.mirror });
      if (!g) return;
      const th = H * r.range(0.3, 0.36);
      tree(
        sc,
        x + r.range(-0.05, 0.05) * s,
        g.top + (g.base - g.top) * 0.35,
        th,
        g.surface.z + 0.9,
        r.chance(0.5) ? r.pick(["#ffd0e0", "#fff4c0", "#ffffff"]) : null,
      );
    },
    phrase: {
      en: (x) => `${x} with a tree growing out of it`,
      de: (x) => `${x} mit einem Baum, der daraus wächst`,
      fr: (x) => `${x} d'où pousse un arbre`,
      it: (x) => `${x} da cui cresce un albero`,
    },
    named: ["shape:tree"],
  },
  reflect: {
    lands: WET,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w || !subject.other) return;
      const x = sc.mx(W * r.range(0.4, 0.58));
      const base = w.top + H * r.range(0.08, 0.12);
      const s = size(subject, W * r.range(0.2, 0.26));
      rocks(sc, x, base + 4, s * 1.5, w.z + 1.4, "hero");
      sc.icon({
        icon: subject.icon,
        cx: x,
        cy: base - iconHeight(sc, subject.icon, s) / 2,
        size: s,
        z: w.z + 1.5,
        role: "hero",
        depth: 0.15,
        flip: sc.plan.mirror,
      });
      // the reflection: the other thing, upside down in the water below, rippled
      const os = s * r.range(1.5, 1.9);
      const oh = iconHeight(sc, subject.other, os);
      const def = sc.iconDef(subject.other, 0, 0, os, sc.plan.mirror);
      const cy = base + 6 + oh / 2;
      const place = `translate(${f1(x)} ${f1(cy)}) scale(1 -1)`;
      const body = `<g clip-path="url(#${sc.plan.id}-wclip)"><g opacity=".62" filter="url(#${sc.plan.id}-ripple)"><g transform="${place}"><use href="#${def.bid}"/></g></g><g transform="${place}" opacity=".18"><use href="#${def.bid}" filter="url(#${sc.plan.id}-white)"/></g></g>`;
      sc.shape({
        icon: `fluent-emoji-flat:${subject.other}`,
        role: "hero",
        body,
        maskBody: `<g clip-path="url(#${sc.plan.id}-wclip)"><g transform="${place}"><use href="#${def.bid}"/></g></g>`,
        x: x - def.box.w / 2,
        y: base + 6,
        w: def.box.w,
        h: oh,
        fill: def.fill * 0.9,
        z: w.z + 0.6,
        depth: 0.2,
      });
    },
    phrase: {
      en: (x, o) => `${x} whose reflection in the water is ${o}`,
      de: (x, o) => `${x}, und im Wasser als Spiegelbild ${o}`,
      fr: (x, o) => `${x} dont le reflet dans l'eau est ${o}`,
      it: (x, o) => `${x} il cui riflesso nell'acqua è ${o}`,
    },
    named: ["shape:rocks"],
  },
  shadow: {
    lands: DRY,
    moonHook(sc) {
      sc.moon.x = sc.mx(W * 0.8);
    },
    draw(sc, subject) {
      const r = sc.rng("hero");
      if (!subject.other) return;
      const x = sc.mx(W * r.range(0.4, 0.52));
      const s = size(subject, W * r.range(0.18, 0.23));
      const g = grounded(sc, subject.icon, x, s, 0.1, { flip: sc.plan.mirror });
      if (!g) return;
      // a lamp in front casts the subject's shadow up onto the hills behind: the shadow of something else
      const lx = sc.mx(W * 0.16);
      const lamp = surfaceFor(sc, lx, 0.1) ?? g.surface;
      sc.icon({
        icon: "diya-lamp",
        cx: lx,
        cy: Math.min(H - 24, lamp.y(lx)) - 14,
        size: W * 0.12,
        z: lamp.z + 1.2,
        role: "prop",
        depth: 0,
        glow: sc.pal.glow,
      });
      const os = W * r.range(0.48, 0.6);
      const oh = iconHeight(sc, subject.other, os);
      const def = sc.iconDef(subject.other, 0, 0, os, sc.plan.mirror);
      const skew = (sc.plan.mirror ? -1 : 1) * r.range(8, 16);
      const place = `translate(${f1(x)} ${f1(g.base)}) skewX(${f1(skew)}) translate(0 ${f1(-oh / 2)})`;
      const fid = sc.id("shf");
      sc.defs.push(
        `<filter id="${fid}" filterUnits="userSpaceOnUse" x="${f1(-os)}" y="${f1(-os)}" width="${f1(2 * os)}" height="${f1(2 * os)}" color-interpolation-filters="sRGB"><feFlood flood-color="${sc.pal.shadow}"/><feComposite in2="SourceAlpha" operator="in"/><feGaussianBlur stdDeviation="1.2"/></filter>`,
      );
      litGround(sc, { x, base: g.base, w: def.box.w, oh, skew, z: g.surface.z });
      sc.add(
        g.surface.z + 0.59,
        "deco",
        `<g transform="${place}" opacity=".8"><use href="#${def.bid}" filter="url(#${rimFilter(sc, os)})"/></g>`,
      );
      sc.shape({
        icon: `fluent-emoji-flat:${subject.other}`,
        role: "hero",
        body: `<g transform="${place}" opacity=".9"><use href="#${def.bid}" filter="url(#${fid})"/></g>`,
        maskBody: `<g transform="${place}"><use href="#${def.bid}"/></g>`,
        x: x - def.box.w / 2 - oh * 0.2,
        y: g.base - oh,
        w: def.box.w + oh * 0.4,
        h: oh,
        fill: def.fill * 0.9,
        z: g.surface.z + 0.6,
        depth: 0.1,
        soft: true,
      });
      sc.add(
        g.surface.z + 0.55,
        "deco",
        `<path d="M${f1(lx)} ${f1(lamp.y(lx) - 16)}L${f1(x - os * 0.5)} ${f1(g.base - oh * 1.05)}L${f1(x + os * 0.5)} ${f1(g.base - oh * 0.6)}Z" fill="${sc.pal.glow}" opacity=".12"/>`,
      );
    },
    phrase: {
      en: (x, o) => `${x} whose shadow is ${o}`,
      de: (x, o) => `${x}, und als Schatten dahinter ${o}`,
      fr: (x, o) => `${x} dont l'ombre est ${o}`,
      it: (x, o) => `${x} la cui ombra è ${o}`,
    },
  },
  island: {
    lands: WET,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const w = sc.land.water;
      if (!w) return;
      const cx = sc.mx(W * r.range(0.42, 0.56));
      const base = w.top + H * r.range(0.09, 0.13);
      const s = size(subject, W * r.range(0.5, 0.6));
      const o = onWater(sc, subject.icon, cx, base, s, { flip: sc.plan.mirror, depth: 0.1 });
      const top = o.y;
      sc.icon({
        icon: "palm-tree",
        cx: cx - s * 0.12,
        cy: top - W * 0.07,
        size: W * 0.19,
        z: w.z + 2.5,
        role: "hero",
        depth: 0.2,
        weight: 0.8,
      });
      lighthouse(sc, cx + s * 0.16, top + s * 0.06, H * 0.14, { z: w.z + 2.4, role: "hero" });
    },
    phrase: {
      en: (x) => `${x} as an island in the water`,
      de: (x) => `${x} als Insel im Wasser`,
      fr: (x) => `${x} comme une île sur l'eau`,
      it: (x) => `${x} come un'isola sull'acqua`,
    },
  },
  house: {
    lands: LANDY,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const x = sc.mx(W * r.range(0.44, 0.56));
      const s = size(subject, W * r.range(0.44, 0.52));
      const g = grounded(sc, subject.icon, x, s, 0.4, { flip: sc.plan.mirror });
      if (!g) return;
      const hh = g.base - g.top;
      // door, lit windows and a chimney, masked by the subject's own outline
      const mid = sc.id("hm");
      sc.defs.push(
        `<mask id="${mid}" mask-type="alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><use href="#${g.bid}"/></mask>`,
      );
      const dw = s * 0.14;
      const dh = hh * 0.26;
      const dy = g.base - dh - hh * 0.04;
      const wins = [
        [x - s * 0.2, g.top + hh * 0.42],
        [x + s * 0.2, g.top + hh * 0.42],
        [x + r.range(-0.05, 0.05) * s, g.top + hh * 0.22],
      ];
      let art = `<path d="M${f1(x - dw / 2)} ${f1(dy + dh)}L${f1(x - dw / 2)} ${f1(dy + dw / 2)}A${f1(dw / 2)} ${f1(dw / 2)} 0 0 1 ${f1(x + dw / 2)} ${f1(dy + dw / 2)}L${f1(x + dw / 2)} ${f1(dy + dh)}Z" fill="#5a3426"/><circle cx="${f1(x + dw * 0.25)}" cy="${f1(dy + dh * 0.6)}" r="1.5" fill="#ffd98a"/>`;
      for (const [wx, wy] of wins)
        art += `<rect x="${f1((wx as number) - s * 0.05)}" y="${f1((wy as number) - s * 0.05)}" width="${f1(s * 0.1)}" height="${f1(s * 0.1)}" rx="${f1(s * 0.02)}" fill="#ffe08a"/><path d="M${f1(wx as number)} ${f1((wy as number) - s * 0.05)}v${f1(s * 0.1)}M${f1((wx as number) - s * 0.05)} ${f1(wy as number)}h${f1(s * 0.1)}" stroke="#6b4630" stroke-width="1.5"/>`;
      sc.add(g.surface.z + 1.05, "deco", `<g mask="url(#${mid})">${art}</g>`);
      const glow = sc.id("hg");
      sc.defs.push(
        `<radialGradient id="${glow}"><stop offset="0" stop-color="#ffd98a" stop-opacity=".5"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0"/></radialGradient>`,
      );
      sc.add(
        g.surface.z + 1.04,
        "deco",
        `<circle cx="${f1(x)}" cy="${f1(g.top + hh * 0.4)}" r="${f1(s * 0.35)}" fill="url(#${glow})" mask="url(#${mid})"/>`,
      );
      // a chimney with smoke on top, and a path to the door
      const cxm = x + s * 0.18;
      sc.add(
        g.surface.z + 0.95,
        "deco",
        `<rect x="${f1(cxm - 6)}" y="${f1(g.top - 16)}" width="12" height="24" fill="#6b4630"/><path d="M${f1(cxm)} ${f1(g.top - 20)}q10 -14 0 -26q-10 -12 4 -26" fill="none" stroke="${sc.pal.cloud[0]}" stroke-width="5" stroke-linecap="round" opacity=".45"/>`,
      );
      sc.add(
        g.surface.z + 0.5,
        "deco",
        `<path d="M${f1(x - dw * 0.6)} ${f1(g.base)}Q${f1(x - dw)} ${f1((g.base + H) / 2)} ${f1(x - s * 0.5)} ${H}L${f1(x + s * 0.1)} ${H}Q${f1(x + dw * 0.4)} ${f1((g.base + H) / 2)} ${f1(x + dw * 0.6)} ${f1(g.base)}Z" fill="${sc.pal.land[0]}" opacity=".5"/>`,
      );
    },
    phrase: {
      en: (x) => `${x} made into a house, with a door and lit windows`,
      de: (x) => `${x} als Haus mit Tür und erleuchteten Fenstern`,
      fr: (x) => `${x} comme une maison, avec une porte et des fenêtres éclairées`,
      it: (x) => `${x} come una casa, con una porta e finestre illuminate`,
    },
  },
  flock: {
    lands: ALL,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const n = r.int(6, 8);
      const side = sc.plan.mirror ? -1 : 1;
      const phase = r.range(0, Math.PI * 2);
      const glowing = subject.icon === "red-paper-lantern" || subject.icon === "jellyfish";
      for (let i = 0; i < n; i++) {
        const t = i / (n - 1);
        const x = sc.mx(W * (0.12 + t * 0.76));
        const y = H * (0.16 + 0.3 * t + 0.05 * Math.sin(phase + t * 6)) + r.range(-14, 14);
        const s = size(subject, W * (0.2 - 0.12 * t) * r.range(0.85, 1.1));
        if (i > 0 && sc.overlaps(x - s / 2, y - s / 2, s, s, -4)) continue;
        floating(sc, subject.icon, x, y, s, {
          flip: side < 0,
          depth: 0.05 + 0.3 * t,
          rotate: r.range(-12, 12),
          ...(glowing ? { glow: sc.pal.glow } : {}),
        });
      }
    },
    phrase: {
      en: (_x, _o, xs) => `${xs} flying like birds`,
      de: (_x, _o, xs) => `${xs}, die wie Vögel fliegen`,
      fr: (_x, _o, xs) => `des ${xs} qui volent comme des oiseaux`,
      it: (_x, _o, xs) => `${xs} che volano come uccelli`,
    },
  },
  sky: {
    lands: ALL,
    draw(sc, subject) {
      const r = sc.rng("hero");
      const cx = sc.mx(W * r.range(0.5, 0.62));
      const cy = H * r.range(0.27, 0.34);
      const s = size(subject, W * r.range(0.46, 0.56));
      floating(sc, subject.icon, cx, cy, s, { flip: sc.plan.mirror, rotate: r.range(-10, 10) });
      // a beam from a tower (or a lighthouse on the water) below finds it
      const bx = sc.mx(W * 0.18);
      const w = sc.land.water;
      let from: [number, number];
      if (w) {
        const l = lighthouse(sc, bx, w.top + H * 0.1, H * 0.24, { role: "mid" });
        from = [l.lampX, l.lampY];
      } else {
        const g = surfaceFor(sc, bx, 0.7, 0.3) ?? sc.land.surfaces[1];
        const gy = g ? g.y(bx) : H * 0.7;
        tower(sc, bx, gy + 2, H * 0.17, (g?.z ?? 20) + 0.6);
        from = [bx, gy - H * 0.17 * 0.62];
      }
      const a = Math.atan2(cy - from[1], cx - from[0]);
      const L = W * 1.4;
      const sp = 0.09;
      sc.add(
        4.9,
        "deco",
        `<path d="M${f1(from[0])} ${f1(from[1])}L${f1(from[0] + Math.cos(a - sp) * L)} ${f1(from[1] + Math.sin(a - sp) * L)}L${f1(from[0] + Math.cos(a + sp) * L)} ${f1(from[1] + Math.sin(a + sp) * L)}Z" fill="#fff3c4" opacity=".18"/>`,
      );
      sparkleTrail(
        sc,
        curvePoints(
          [cx + (sc.plan.mirror ? -1 : 1) * s * 0.7, cy + s * 0.3],
          [cx + (sc.plan.mirror ? -1 : 1) * s * 0.9, cy - s * 0.1],
          [cx + (sc.plan.mirror ? -1 : 1) * W * 0.5, cy - s * 0.25],
          9,
        ).slice(1),
        4.9,
        3.5,
      );
    },
    phrase: {
      en: (x) => `${x}, enormous in the sky`,
      de: (x) => `${x}, riesengroß am Himmel`,
      fr: (x) => `${x} immense dans le ciel`,
      it: (x) => `${x} enorme nel cielo`,
    },
  },
};

export const RELATION_NAMES = Object.keys(RELATIONS) as RelationName[];

/**
 * The lamp's light on the hillside behind a cast shadow: a pool of the palette's glow, brightest where
 * the shadow falls, so the dark silhouette stands on a light ground even at phone size.
 */
function litGround(
  sc: Scene,
  { x, base, w, oh, skew, z }: { x: number; base: number; w: number; oh: number; skew: number; z: number },
): void {
  const gid = sc.id("lit");
  sc.defs.push(
    `<radialGradient id="${gid}"><stop offset="0" stop-color="${sc.pal.glow}" stop-opacity=".62"/><stop offset=".6" stop-color="${sc.pal.glow}" stop-opacity=".42"/><stop offset="1" stop-color="${sc.pal.glow}" stop-opacity="0"/></radialGradient>`,
  );
  const cx = x + Math.tan((skew * Math.PI) / 180) * (-oh / 2);
  sc.add(
    z + 0.58,
    "deco",
    `<ellipse cx="${f1(cx)}" cy="${f1(base - oh * 0.48)}" rx="${f1(w * 0.62 + oh * 0.3)}" ry="${f1(oh * 0.66)}" fill="url(#${gid})"/>`,
  );
}

/** A light rim around a silhouette (its outline grown by a few pixels, in the glow colour, minus itself). */
function rimFilter(sc: Scene, os: number): string {
  const fid = sc.id("rim");
  sc.defs.push(
    `<filter id="${fid}" filterUnits="userSpaceOnUse" x="${f1(-os)}" y="${f1(-os)}" width="${f1(2 * os)}" height="${f1(2 * os)}" color-interpolation-filters="sRGB"><feMorphology in="SourceAlpha" operator="dilate" radius="3.5" result="grown"/><feFlood flood-color="${sc.pal.glow}"/><feComposite in2="grown" operator="in"/><feComposite in2="SourceAlpha" operator="out"/><feGaussianBlur stdDeviation=".8"/></filter>`,
  );
  return fid;
}
