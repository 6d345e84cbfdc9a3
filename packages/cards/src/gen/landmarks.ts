/** Landmarks and furnishings drawn in code: a windmill, a tower, birds, a fence, rocks, trees, clouds. */
import { f1, H, type Role, type Scene, type Surface } from "./scene";

/** A windmill on a far ridge, dark against the sky, with one lit window. */
export function windmill(sc: Scene, x: number, groundY: number, h: number, z: number): void {
  const r = sc.rng("windmill");
  const bw = h * 0.32;
  const tw = h * 0.18;
  const top = groundY - h * 0.72;
  const hub: [number, number] = [x, top - h * 0.02];
  const a0 = r.range(0, 90);
  let blades = "";
  for (let i = 0; i < 4; i++) {
    const a = ((a0 + i * 90) * Math.PI) / 180;
    const L = h * 0.5;
    const ex = hub[0] + Math.cos(a) * L;
    const ey = hub[1] + Math.sin(a) * L;
    const nx = -Math.sin(a) * h * 0.06;
    const ny = Math.cos(a) * h * 0.06;
    blades += `<path d="M${f1(hub[0])} ${f1(hub[1])}L${f1(ex)} ${f1(ey)}" stroke="${sc.pal.shadow}" stroke-width="${f1(h * 0.025)}"/><path d="M${f1(hub[0] + Math.cos(a) * L * 0.25)} ${f1(hub[1] + Math.sin(a) * L * 0.25)}L${f1(ex)} ${f1(ey)}L${f1(ex + nx)} ${f1(ey + ny)}L${f1(hub[0] + Math.cos(a) * L * 0.25 + nx)} ${f1(hub[1] + Math.sin(a) * L * 0.25 + ny)}Z" fill="${sc.pal.shadow}" opacity=".85"/>`;
  }
  const body =
    `<path d="M${f1(x - bw / 2)} ${f1(groundY + 2)}L${f1(x - tw / 2)} ${f1(top)}L${f1(x + tw / 2)} ${f1(top)}L${f1(x + bw / 2)} ${f1(groundY + 2)}Z" fill="${sc.pal.shadow}"/>` +
    `<path d="M${f1(x - tw * 0.7)} ${f1(top + 1)}Q${f1(x)} ${f1(top - h * 0.14)} ${f1(x + tw * 0.7)} ${f1(top + 1)}Z" fill="${sc.pal.shadow}"/>` +
    blades +
    `<rect x="${f1(x - h * 0.03)}" y="${f1(top + h * 0.22)}" width="${f1(h * 0.06)}" height="${f1(h * 0.08)}" fill="#ffd98a"/>` +
    `<path d="M${f1(x + tw / 2)} ${f1(top)}L${f1(x + bw / 2)} ${f1(groundY + 2)}" stroke="${sc.pal.rim}" stroke-width="1" opacity=".4"/>`;
  sc.shape({
    icon: "windmill",
    role: "mid",
    body,
    x: x - h * 0.5,
    y: top - h * 0.5,
    w: h,
    h: groundY + 2 - (top - h * 0.5),
    fill: 0.3,
    z,
    depth: 0.6,
  });
}

/** A round stone tower with a pointed roof and lit windows. */
export function tower(sc: Scene, x: number, groundY: number, h: number, z: number): void {
  const w = h * 0.26;
  const top = groundY - h * 0.72;
  const pal = sc.pal;
  const body =
    `<rect x="${f1(x - w / 2)}" y="${f1(top)}" width="${f1(w)}" height="${f1(groundY - top + 2)}" fill="${pal.land[2]}"/>` +
    `<rect x="${f1(x)}" y="${f1(top)}" width="${f1(w / 2)}" height="${f1(groundY - top + 2)}" fill="${pal.shadow}" opacity=".35"/>` +
    `<path d="M${f1(x - w * 0.7)} ${f1(top + 1)}L${f1(x)} ${f1(groundY - h)}L${f1(x + w * 0.7)} ${f1(top + 1)}Z" fill="${pal.land[3]}"/>` +
    `<path d="M${f1(x - w * 0.7)} ${f1(top + 1)}L${f1(x)} ${f1(groundY - h)}" stroke="${pal.rim}" stroke-width="1" opacity=".5"/>` +
    `<rect x="${f1(x - w * 0.14)}" y="${f1(top + h * 0.1)}" width="${f1(w * 0.28)}" height="${f1(h * 0.09)}" rx="2" fill="#ffd98a"/>` +
    `<rect x="${f1(x - w * 0.14)}" y="${f1(top + h * 0.36)}" width="${f1(w * 0.28)}" height="${f1(h * 0.08)}" rx="2" fill="#ffd98a" opacity=".8"/>`;
  sc.shape({
    icon: "tower",
    role: "mid",
    body,
    x: x - w * 0.7,
    y: groundY - h,
    w: w * 1.4,
    h: h + 2,
    fill: 0.5,
    z,
    depth: 0.5,
  });
}

/** A flock of small dark birds, in a loose V. */
export function birds(sc: Scene, cx: number, cy: number, n: number, span: number, z: number): void {
  const r = sc.rng(`birds${Math.round(cx)}`);
  let d = "";
  let x0 = cx;
  let x1 = cx;
  let y0 = cy;
  let y1 = cy;
  for (let i = 0; i < n; i++) {
    const k = i === 0 ? 0 : Math.ceil(i / 2) * (i % 2 ? -1 : 1);
    const x = cx + (k * span) / n + r.range(-4, 4);
    const y = cy + (Math.abs(k) * span * 0.35) / n + r.range(-4, 4);
    const s = r.range(4, 7.5);
    d += `M${f1(x - s)} ${f1(y - s * 0.2)}Q${f1(x - s * 0.45)} ${f1(y - s * 0.75)} ${f1(x)} ${f1(y)}Q${f1(x + s * 0.45)} ${f1(y - s * 0.75)} ${f1(x + s)} ${f1(y - s * 0.2)}`;
    x0 = Math.min(x0, x - s);
    x1 = Math.max(x1, x + s);
    y0 = Math.min(y0, y - s);
    y1 = Math.max(y1, y + 2);
  }
  sc.shape({
    icon: "birds",
    role: "prop",
    body: `<path d="${d}" fill="none" stroke="${sc.pal.shadow}" stroke-width="2" stroke-linecap="round"/>`,
    maskBody: `<path d="${d}" fill="none" stroke="#000" stroke-width="3" stroke-linecap="round"/>`,
    x: x0,
    y: y0,
    w: x1 - x0,
    h: y1 - y0,
    fill: 0.12,
    z,
    depth: 0.3,
    weight: 0.6,
  });
}

/** A fence of posts and two rails along a surface, dark in the foreground. */
export function fence(sc: Scene, s: Surface, x0: number, x1: number, z: number): void {
  let posts = "";
  let top = H;
  for (let x = x0; x <= x1; x += 18) {
    const y = s.y(x) + 3;
    top = Math.min(top, y - 26);
    posts += `<rect x="${f1(x - 2)}" y="${f1(y - 26)}" width="4" height="27" rx="1"/>`;
  }
  const rail = (dy: number) => {
    let d = "";
    for (let x = x0; x <= x1; x += 9) d += `${x === x0 ? "M" : "L"}${f1(x)} ${f1(s.y(x) + 3 - dy)}`;
    return `<path d="${d}" fill="none" stroke="${sc.pal.shadow}" stroke-width="3"/>`;
  };
  sc.shape({
    icon: "fence",
    role: "prop",
    body: `<g fill="${sc.pal.shadow}">${posts}</g>${rail(9)}${rail(19)}`,
    x: x0 - 2,
    y: top,
    w: x1 - x0 + 4,
    h: 30,
    fill: 0.3,
    z,
    depth: 0.05,
    weight: 0.55,
  });
}

/** A few rounded rocks, e.g. the stone a reflected subject stands on. */
export function rocks(sc: Scene, cx: number, baseY: number, w: number, z: number, role: Role = "prop"): void {
  const r = sc.rng(`rocks${Math.round(cx)}`);
  const pal = sc.pal;
  let body = "";
  const parts = [
    [-0.22, 0.55],
    [0.18, 0.45],
    [0.02, 0.75],
  ];
  for (const [dx, k] of parts) {
    const rw = (w * (k as number)) / 2;
    const x = cx + (dx as number) * w;
    const rh = rw * r.range(0.55, 0.8);
    body += `<path d="M${f1(x - rw)} ${f1(baseY)}Q${f1(x - rw)} ${f1(baseY - rh)} ${f1(x)} ${f1(baseY - rh)}Q${f1(x + rw)} ${f1(baseY - rh)} ${f1(x + rw)} ${f1(baseY)}Z" fill="${pal.land[2]}"/><path d="M${f1(x - rw * 0.7)} ${f1(baseY - rh * 0.55)}Q${f1(x - rw * 0.4)} ${f1(baseY - rh * 0.95)} ${f1(x + rw * 0.1)} ${f1(baseY - rh * 0.97)}" fill="none" stroke="${pal.rim}" stroke-width="1.2" opacity=".55"/>`;
  }
  sc.shape({
    icon: "rocks",
    role,
    body,
    x: cx - w * 0.5,
    y: baseY - w * 0.35,
    w,
    h: w * 0.35,
    fill: 0.6,
    z,
    depth: 0.2,
    weight: 0.55,
    reflect: !!sc.land.water,
  });
}

/** A drawn tree: a trunk from (x, baseY) and a round canopy `h` tall; `bloom` dots it with blossoms. */
export function tree(sc: Scene, x: number, baseY: number, h: number, z: number, bloom: string | null): void {
  const r = sc.rng(`tree${Math.round(x)}`);
  const pal = sc.pal;
  const cw = h * r.range(0.85, 1.05);
  const cy = baseY - h * 0.62;
  const trunk = `<path d="M${f1(x - h * 0.05)} ${f1(baseY)}Q${f1(x - h * 0.03)} ${f1(baseY - h * 0.3)} ${f1(x - h * 0.09)} ${f1(cy)}L${f1(x + h * 0.09)} ${f1(cy)}Q${f1(x + h * 0.03)} ${f1(baseY - h * 0.3)} ${f1(x + h * 0.05)} ${f1(baseY)}Z" fill="#6b4630"/><path d="M${f1(x)} ${f1(baseY - h * 0.35)}Q${f1(x + h * 0.12)} ${f1(baseY - h * 0.45)} ${f1(x + h * 0.2)} ${f1(cy + h * 0.05)}" stroke="#6b4630" stroke-width="${f1(h * 0.03)}" fill="none"/>`;
  const greens = ["#2f6b4a", "#3f8a55", "#5aa862", "#7cc06e"];
  let blobs = "";
  let mask = "";
  for (let layer = 0; layer < 3; layer++) {
    for (let i = 0; i < 6; i++) {
      const a = r.range(0, Math.PI * 2);
      const d = r.range(0, 0.32) * cw;
      const bx = x + Math.cos(a) * d;
      const by = cy + Math.sin(a) * d * 0.7 - layer * h * 0.04;
      const br = cw * r.range(0.16, 0.24) * (1 - layer * 0.18);
      blobs += `<circle cx="${f1(bx)}" cy="${f1(by)}" r="${f1(br)}" fill="${greens[layer + (i % 2)]}"/>`;
      if (layer === 0) mask += `<circle cx="${f1(bx)}" cy="${f1(by)}" r="${f1(br)}"/>`;
    }
  }
  let dots = "";
  if (bloom)
    for (let i = 0; i < 26; i++) {
      const a = r.range(0, Math.PI * 2);
      const d = r.range(0, 0.42) * cw;
      dots += `<circle cx="${f1(x + Math.cos(a) * d)}" cy="${f1(cy + Math.sin(a) * d * 0.7)}" r="${f1(r.range(1.6, 3))}"/>`;
    }
  const shade = sc.id("treesh");
  sc.defs.push(
    `<linearGradient id="${shade}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pal.rim}" stop-opacity=".25"/><stop offset=".5" stop-color="${pal.rim}" stop-opacity="0"/><stop offset="1" stop-color="${pal.shadow}" stop-opacity=".45"/></linearGradient>`,
  );
  const canopy = `<g>${blobs}</g><g fill="url(#${shade})">${mask}</g>${bloom ? `<g fill="${bloom}">${dots}</g>` : ""}`;
  sc.shape({
    icon: "tree",
    role: "hero",
    body: trunk + canopy,
    maskBody: trunk + mask,
    x: x - cw * 0.6,
    y: cy - cw * 0.55,
    w: cw * 1.2,
    h: baseY - (cy - cw * 0.55),
    fill: 0.6,
    z,
    depth: 0.15,
    weight: 0.9,
  });
}

/** A solid cloud that counts as a detail of the sky (the cloud banks behind are decoration). */
export function cloudShape(sc: Scene, cx: number, cy: number, w: number, z: number): void {
  const r = sc.rng(`cshape${Math.round(cx)}-${Math.round(cy)}`);
  const n = Math.max(3, Math.round(w / 24));
  let shade = "";
  let light = "";
  const base = cy + w * 0.08;
  let top = base;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const bump = Math.sin(t * Math.PI);
    const pr = (w / n) * r.range(0.75, 1.05) * (0.8 + bump * 0.9);
    const x = cx - w / 2 + t * w;
    const y = Math.min(cy - bump * pr * 0.5, base - pr * 0.3);
    top = Math.min(top, y - pr);
    shade += `<circle cx="${f1(x)}" cy="${f1(y + 3)}" r="${f1(pr)}"/>`;
    light += `<circle cx="${f1(x + 1)}" cy="${f1(y - 1)}" r="${f1(pr * 0.9)}"/>`;
  }
  const clip = sc.id("csc");
  sc.defs.push(
    `<clipPath id="${clip}"><rect x="${f1(cx - w)}" y="${f1(top - 4)}" width="${f1(2 * w)}" height="${f1(base - top + 4)}"/></clipPath>`,
  );
  const body = `<g clip-path="url(#${clip})"><g fill="${sc.pal.cloud[1]}">${shade}</g><g fill="${sc.pal.cloud[0]}">${light}</g></g>`;
  sc.shape({
    icon: "cloud",
    role: "prop",
    body,
    x: cx - w / 2 - w * 0.15,
    y: top,
    w: w * 1.3,
    h: base - top,
    fill: 0.62,
    z,
    depth: 0.4,
    weight: 0.6,
  });
}

/** A lone tree on a far ridge, dark against the glow of the horizon. */
export function loneTree(sc: Scene, x: number, groundY: number, h: number, z: number): void {
  const r = sc.rng(`lone${Math.round(x)}`);
  const c = sc.pal.shadow;
  const cy = groundY - h * 0.62;
  let crown = "";
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    crown += `<circle cx="${f1(x + Math.cos(a) * h * 0.22 + r.range(-3, 3))}" cy="${f1(cy + Math.sin(a) * h * 0.14)}" r="${f1(h * r.range(0.16, 0.22))}"/>`;
  }
  const body = `<path d="M${f1(x - h * 0.04)} ${f1(groundY)}L${f1(x - h * 0.025)} ${f1(cy)}L${f1(x + h * 0.025)} ${f1(cy)}L${f1(x + h * 0.04)} ${f1(groundY)}Z" fill="${c}"/><g fill="${c}">${crown}</g>`;
  sc.shape({
    icon: "tree",
    role: "mid",
    body,
    x: x - h * 0.45,
    y: cy - h * 0.36,
    w: h * 0.9,
    h: groundY - (cy - h * 0.36),
    fill: 0.55,
    z,
    depth: 0.5,
  });
}
