/** The night sky of the deck-1.5.0 composer: gradient, stars, the moon and clouds. */
import { f1, f2, type Scene } from "./scene";
import { H, W } from "./types";

export function sky(sc: Scene): void {
  const { pal, plan } = sc;
  const r = sc.rng("sky");
  const g = `${plan.id}-sky`;
  const hz = sc.land.horizon;
  sc.defs.push(
    `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.sky[0]}"/><stop offset="${f2((hz / H) * 0.55)}" stop-color="${pal.sky[1]}"/><stop offset="${f2(hz / H)}" stop-color="${pal.sky[2]}"/><stop offset="1" stop-color="${pal.sky[2]}"/></linearGradient>`,
    `<radialGradient id="${plan.id}-hglow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${pal.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></radialGradient>`,
  );
  sc.add(0, "deco", `<rect width="${W}" height="${H}" fill="url(#${g})"/>`);
  sc.add(
    0.1,
    "deco",
    `<ellipse cx="${f1(r.range(W * 0.3, W * 0.7))}" cy="${f1(hz)}" rx="${W * 0.85}" ry="${f1(H * 0.14)}" fill="url(#${plan.id}-hglow)"/>`,
  );
  // stars, denser high up
  let dots = "";
  const n = r.int(90, 150);
  for (let i = 0; i < n; i++) {
    const x = r.range(0, W);
    const y = r.next() ** 1.6 * hz * 0.9;
    const rad = r.chance(0.08) ? r.range(1.1, 1.6) : r.range(0.35, 0.9);
    dots += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f2(rad)}" opacity="${f2(r.range(0.35, 0.95) * (1 - (y / hz) * 0.6))}"/>`;
  }
  let sparks = "";
  for (let i = 0; i < r.int(3, 6); i++) {
    const x = r.range(10, W - 10);
    const y = r.range(8, hz * 0.55);
    const s = r.range(3.5, 7);
    sparks += `<path d="M${f1(x)} ${f1(y - s)}Q${f1(x)} ${f1(y)} ${f1(x + s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y + s)}Q${f1(x)} ${f1(y)} ${f1(x - s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y - s)}Z" opacity="${f2(r.range(0.6, 0.95))}"/>`;
  }
  sc.add(0.2, "deco", `<g fill="${pal.star}">${dots}${sparks}</g>`);
}

export function moon(sc: Scene): void {
  const { pal, plan } = sc;
  const m = sc.moon;
  if (m.r <= 0) return;
  const gid = `${plan.id}-mglow`;
  sc.defs.push(
    `<radialGradient id="${gid}"><stop offset="0" stop-color="${pal.glow}" stop-opacity=".5"/><stop offset=".35" stop-color="${pal.glow}" stop-opacity=".16"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${plan.id}-mfill" cx=".4" cy=".38" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset=".7" stop-color="#fbeec8"/><stop offset="1" stop-color="#ecd59e"/></radialGradient>`,
  );
  sc.add(1, "deco", `<circle cx="${f1(m.x)}" cy="${f1(m.y)}" r="${f1(m.r * 4)}" fill="url(#${gid})"/>`);
  let body: string;
  const r = sc.rng("moon");
  if (plan.moon === "full") {
    let craters = "";
    for (let i = 0; i < 5; i++) {
      const a = r.range(0, Math.PI * 2);
      const d = r.range(0, m.r * 0.6);
      craters += `<circle cx="${f1(m.x + Math.cos(a) * d)}" cy="${f1(m.y + Math.sin(a) * d)}" r="${f1(r.range(0.08, 0.2) * m.r)}" fill="#d9c28e" opacity=".35"/>`;
    }
    body = `<circle cx="${f1(m.x)}" cy="${f1(m.y)}" r="${f1(m.r)}" fill="url(#${plan.id}-mfill)"/>${craters}`;
  } else {
    const k = r.range(0.35, 0.6);
    const rot = r.range(-35, 35) + (m.x > W / 2 ? 0 : 180);
    body = `<path transform="rotate(${f1(rot)} ${f1(m.x)} ${f1(m.y)})" d="M${f1(m.x)} ${f1(m.y - m.r)}A${f1(m.r)} ${f1(m.r)} 0 1 1 ${f1(m.x)} ${f1(m.y + m.r)}A${f1(m.r * k)} ${f1(m.r)} 0 1 0 ${f1(m.x)} ${f1(m.y - m.r)}Z" fill="url(#${plan.id}-mfill)"/>`;
  }
  sc.shape({
    icon: plan.moon === "full" ? "full-moon" : "crescent",
    role: "moon",
    body,
    x: m.x - m.r,
    y: m.y - m.r,
    w: 2 * m.r,
    h: 2 * m.r,
    fill: plan.moon === "full" ? Math.PI / 4 : 0.35,
    z: 1.1,
    depth: 0.5,
  });
}

export function cloud(sc: Scene, cx: number, cy: number, w: number, z: number, opacity: number): string {
  const r = sc.rng(`cloud${Math.round(cx)}-${Math.round(cy)}`);
  const puffs: { x: number; y: number; r: number }[] = [];
  const n = Math.max(3, Math.round(w / 22));
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    const bump = Math.sin(t * Math.PI);
    const pr = (w / n) * r.range(0.7, 1.05) * (0.75 + bump * 0.8);
    puffs.push({ x: cx - w / 2 + t * w, y: cy - bump * pr * 0.55, r: pr });
  }
  const base = cy + w * 0.06;
  const shade = puffs
    .map((p) => `<circle cx="${f1(p.x)}" cy="${f1(Math.min(p.y + 3, base - p.r * 0.2))}" r="${f1(p.r)}"/>`)
    .join("");
  const light = puffs
    .map(
      (p) =>
        `<circle cx="${f1(p.x + 1)}" cy="${f1(Math.min(p.y, base - p.r * 0.35))}" r="${f1(p.r * 0.92)}"/>`,
    )
    .join("");
  const clip = sc.id("cc");
  sc.defs.push(
    `<clipPath id="${clip}"><rect x="${f1(cx - w)}" y="${f1(cy - w)}" width="${f1(2 * w)}" height="${f1(base - cy + w)}"/></clipPath>`,
  );
  const art = `<g opacity="${f2(opacity)}" clip-path="url(#${clip})"><g fill="${sc.pal.cloud[1]}">${shade}</g><g fill="${sc.pal.cloud[0]}">${light}</g></g>`;
  sc.add(z, opacity > 0.75 ? "solid" : "deco", art);
  return art;
}

export function cloudBanks(sc: Scene): void {
  const r = sc.rng("clouds");
  const hz = sc.land.horizon;
  const n = r.int(2, 4);
  for (let i = 0; i < n; i++) {
    const y = r.range(hz * 0.22, hz * 0.88);
    const x = r.range(-20, W + 20);
    const w = r.range(60, 150);
    cloud(sc, x, y, w, 3 + i * 0.01, r.range(0.35, 0.6));
  }
}
