/** What pours from a spout in the relations: water, honey, sand, a rainbow, stars or fireflies. */
import type { Rng } from "../rng";
import { curvePoints } from "./placing";
import { f1, f2, type Scene } from "./scene";

export type StreamLook = "stars" | "water" | "honey" | "sand" | "rainbow" | "fireflies";

const STREAM_ICON: Record<StreamLook, string> = {
  stars: "star-stream",
  water: "waterfall",
  honey: "honey-stream",
  sand: "sand-stream",
  rainbow: "rainbow-stream",
  fireflies: "fireflies",
};

/** A ribbon polygon along a quadratic curve, `w0` wide at the start and `w1` at the end. */
function ribbon(
  a: [number, number],
  c: [number, number],
  b: [number, number],
  w0: number,
  w1: number,
): string {
  const pts = curvePoints(a, c, b, 24);
  const left: string[] = [];
  const right: string[] = [];
  pts.forEach(([x, y], i) => {
    const [px, py] = pts[Math.max(0, i - 1)] as [number, number];
    const [nx, ny] = pts[Math.min(pts.length - 1, i + 1)] as [number, number];
    const dx = nx - px;
    const dy = ny - py;
    const len = Math.hypot(dx, dy) || 1;
    const w = (w0 + ((w1 - w0) * i) / (pts.length - 1)) / 2;
    left.push(`${f1(x - (dy / len) * w)} ${f1(y + (dx / len) * w)}`);
    right.push(`${f1(x + (dy / len) * w)} ${f1(y - (dx / len) * w)}`);
  });
  return `M${left.join("L")}L${right.reverse().join("L")}Z`;
}

/** What pours from a spout at `a` down to `b` (through control point `c`). */
export function stream(
  sc: Scene,
  look: StreamLook,
  a: [number, number],
  c: [number, number],
  b: [number, number],
  z: number,
): void {
  const r = sc.rng("stream");
  const xs = [a[0], b[0], c[0]];
  const ys = [a[1], b[1], c[1]];
  const box = {
    x: Math.min(...xs) - 14,
    y: Math.min(...ys) - 6,
    w: Math.max(...xs) - Math.min(...xs) + 28,
    h: Math.max(...ys) - Math.min(...ys) + 12,
  };
  const flow: Flow = { sc, r, a, c, b, gid: sc.id("strg") };
  const { body, mask } =
    look === "water" || look === "honey" || look === "sand"
      ? pouredStream(flow, look)
      : look === "rainbow"
        ? rainbowStream(flow)
        : look === "stars"
          ? starStream(flow)
          : fireflyStream(flow);
  sc.shape({
    icon: STREAM_ICON[look],
    role: "hero",
    body,
    maskBody: mask,
    ...box,
    parts: curvePoints(a, c, b, 10).map(([x, y]) => ({ x: x - 16, y: y - 16, w: 32, h: 32 })),
    fill: look === "fireflies" ? 0.12 : 0.22,
    z,
    depth: 0.1,
    weight: 0.85,
  });
}

/** A stream's course (spout a, control c, end b), its randomness and the id of its gradient. */
interface Flow {
  sc: Scene;
  r: Rng;
  a: [number, number];
  c: [number, number];
  b: [number, number];
  gid: string;
}

/** A stream's art and the shape it leaves in the mask. */
interface StreamArt {
  body: string;
  mask: string;
}

/** Defines the stream's gradient from c0 at the spout to c1 where it lands. */
function streamGradient({ sc, a, b, gid }: Flow, c0: string, c1: string): void {
  sc.defs.push(
    `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}"><stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></linearGradient>`,
  );
}

/** Water, honey or sand: a widening ribbon with highlights, landing in a splash or a heap. */
function pouredStream(flow: Flow, look: "water" | "honey" | "sand"): StreamArt {
  const { r, a, c, b, gid } = flow;
  let body = "";
  const [c0, c1, hi] =
    look === "water"
      ? ["#dff4ff", "#8cc8ee", "#ffffff"]
      : look === "honey"
        ? ["#ffd76a", "#e99a1e", "#fff1b8"]
        : ["#f3ddb0", "#c99a5e", "#fff4dc"];
  streamGradient(flow, c0, c1);
  const rib = ribbon(a, c, b, look === "sand" ? 6 : 10, look === "sand" ? 12 : 26);
  body += `<path d="${rib}" fill="url(#${gid})" opacity=".92"/>`;
  for (let i = 0; i < 3; i++) {
    const off = (i - 1) * 3;
    const pts = curvePoints([a[0] + off, a[1]], [c[0] + off * 2, c[1]], [b[0] + off * 3, b[1]], 16);
    body += `<path d="M${pts.map(([x, y]) => `${f1(x)} ${f1(y)}`).join("L")}" fill="none" stroke="${hi}" stroke-width="1.2" stroke-dasharray="${f1(r.range(8, 16))} ${f1(r.range(6, 12))}" opacity=".7"/>`;
  }
  // where it lands: a splash or a heap
  body +=
    look === "sand"
      ? `<path d="M${f1(b[0] - 30)} ${f1(b[1] + 4)}Q${f1(b[0])} ${f1(b[1] - 16)} ${f1(b[0] + 30)} ${f1(b[1] + 4)}Z" fill="${c1}"/>`
      : `<ellipse cx="${f1(b[0])}" cy="${f1(b[1])}" rx="26" ry="6" fill="${hi}" opacity=".55"/><ellipse cx="${f1(b[0])}" cy="${f1(b[1])}" rx="40" ry="10" fill="none" stroke="${hi}" stroke-width="1.2" opacity=".45"/>`;
  return { body, mask: `<path d="${rib}"/>` };
}

/** Six coloured bands fanning out as they fall. */
function rainbowStream({ a, c, b }: Flow): StreamArt {
  let body = "";
  const colours = ["#ff6b6b", "#ffb14a", "#ffe66b", "#6bdc8a", "#5fb4ff", "#a98bff"];
  colours.forEach((col, i) => {
    const off = (i - 2.5) * 4.5;
    body += `<path d="${ribbon([a[0] + off * 0.3, a[1]], [c[0] + off, c[1] + off * 0.4], [b[0] + off * 1.6, b[1]], 4, 8)}" fill="${col}" opacity=".85"/>`;
  });
  return { body, mask: `<path d="${ribbon(a, c, b, 26, 48)}"/>` };
}

/** A faint glowing ribbon strewn with four-pointed stars. */
function starStream(flow: Flow): StreamArt {
  const { sc, r, a, c, b, gid } = flow;
  let body = "";
  streamGradient(flow, sc.pal.star, sc.pal.glow);
  const rib = ribbon(a, c, b, 8, 30);
  body += `<path d="${rib}" fill="url(#${gid})" opacity=".35"/>`;
  let d = "";
  for (const [x, y] of curvePoints(a, c, b, 26).slice(1)) {
    const px = x + r.range(-9, 9);
    const py = y + r.range(-5, 5);
    const s = r.range(2, 5.5);
    d += `M${f1(px)} ${f1(py - s)}Q${f1(px)} ${f1(py)} ${f1(px + s)} ${f1(py)}Q${f1(px)} ${f1(py)} ${f1(px)} ${f1(py + s)}Q${f1(px)} ${f1(py)} ${f1(px - s)} ${f1(py)}Q${f1(px)} ${f1(py)} ${f1(px)} ${f1(py - s)}Z`;
  }
  body += `<path d="${d}" fill="${sc.pal.star}"/>`;
  return { body, mask: `<path d="${rib}"/>` };
}

/** Fireflies: glowing dots along a wandering band. */
function fireflyStream({ sc, r, a, c, b }: Flow): StreamArt {
  let body = "";
  let dots = "";
  let maskDots = "";
  for (const [x, y] of curvePoints(a, c, b, 30)) {
    for (let k = 0; k < 2; k++) {
      const px = x + r.range(-16, 16);
      const py = y + r.range(-10, 10);
      const rad = r.range(1.2, 2.6);
      dots += `<circle cx="${f1(px)}" cy="${f1(py)}" r="${f2(rad)}"/>`;
      maskDots += `<circle cx="${f1(px)}" cy="${f1(py)}" r="${f2(rad + 2.5)}"/>`;
    }
  }
  body += `<g fill="#fff6a0" opacity=".35" filter="url(#${sc.plan.id}-soft)">${dots}</g><g fill="#fffbd0">${dots}</g>`;
  return { body, mask: maskDots };
}
