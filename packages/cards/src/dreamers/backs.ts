/** The three backs: a starry field in a double frame, with the deck's emblem in the middle. */
import { rng } from "../rng";
import { H, W } from "./common";
import type { Face } from "./faces";
import { crescentPath, f1, glowDisc, join, type Part, part, star } from "./ornaments";

interface BackStyle {
  sky: [string, string, string];
  line: string;
  star: string;
}

function backBase(p: string, s: BackStyle, seed: string): Part {
  const r = rng(seed);
  let dots = "";
  for (let i = 0; i < 170; i++) {
    const x = r.range(0, W);
    const y = r.range(0, H);
    const rad = r.chance(0.07) ? r.range(1.1, 1.7) : r.range(0.4, 0.95);
    dots += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad)}" opacity="${f1(r.range(0.3, 0.9))}"/>`;
  }
  const defs =
    `<linearGradient id="${p}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset=".5" stop-color="${s.sky[1]}"/><stop offset="1" stop-color="${s.sky[2]}"/></linearGradient>` +
    `<radialGradient id="${p}-vig" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></radialGradient>` +
    `<filter id="${p}-grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="1" seed="${r.int(1, 999)}"/><feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 .9 -.35"/></filter>`;
  let corners = "";
  for (const [x, y] of [
    [36, 36],
    [364, 36],
    [36, 564],
    [364, 564],
  ] as const)
    corners += star(x, y, 10, s.line);
  const art =
    `<rect width="${W}" height="${H}" fill="url(#${p}-bg)"/><g fill="${s.star}">${dots}</g>` +
    `<rect x="16" y="16" width="${W - 32}" height="${H - 32}" rx="18" fill="none" stroke="${s.line}" stroke-width="3" opacity=".85"/>` +
    `<rect x="26" y="26" width="${W - 52}" height="${H - 52}" rx="12" fill="none" stroke="${s.line}" stroke-width="1.2" opacity=".6"/>` +
    corners;
  return part(defs, art);
}

function backFinish(p: string): Part {
  return part(
    "",
    `<rect width="${W}" height="${H}" fill="url(#${p}-vig)"/><rect width="${W}" height="${H}" filter="url(#${p}-grain)" opacity=".05"/>`,
  );
}

function ringOf(
  n: number,
  r: number,
  cx: number,
  cy: number,
  draw: (x: number, y: number, a: number) => string,
): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const a = (i * 2 * Math.PI) / n - Math.PI / 2;
    out += draw(cx + Math.cos(a) * r, cy + Math.sin(a) * r, a);
  }
  return out;
}

export function backDream(face: Face): Part {
  const p = face.id;
  const s: BackStyle = { sky: ["#151338", "#2e2764", "#4d3a7e"], line: "#e8cf94", star: "#fff6e6" };
  const base = backBase(p, s, `${p}/stars`);
  const glow = glowDisc(`${p}-g`, 200, 300, 190, "#ffd9a8", 0.45);
  const moonFill = `<radialGradient id="${p}-m" cx=".4" cy=".38" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset=".7" stop-color="#fbeec8"/><stop offset="1" stop-color="#ecd59e"/></radialGradient>`;
  const moon = part(
    moonFill,
    `<path d="${crescentPath(200, 300, 92, 44, -30, 84)}" fill="url(#${p}-m)" stroke="#2e2764" stroke-width="4"/>`,
  );
  const ring =
    `<circle cx="200" cy="300" r="150" fill="none" stroke="${s.line}" stroke-width="2" opacity=".7"/>` +
    `<circle cx="200" cy="300" r="162" fill="none" stroke="${s.line}" stroke-width="1" opacity=".5" stroke-dasharray="2 7"/>` +
    ringOf(12, 150, 200, 300, (x, y, a) => star(x, y, Math.round(a * 10) % 2 ? 9 : 13, s.line));
  const small = ringOf(6, 225, 200, 300, (x, y) => star(x, y, 6, s.star));
  return join(base, glow, moon, part("", ring + small), backFinish(p));
}

export function backNightmare(face: Face): Part {
  const p = face.id;
  const s: BackStyle = { sky: ["#0c0309", "#2a0a1c", "#40101f"], line: "#c84858", star: "#ffd6d0" };
  const base = backBase(p, s, `${p}/stars`);
  const corona = glowDisc(`${p}-g`, 200, 300, 175, "#ff3a3a", 0.55);
  const thorns = ringOf(16, 104, 200, 300, (x, y, a) => {
    const tx = 200 + Math.cos(a) * 150;
    const ty = 300 + Math.sin(a) * 150;
    const px = -Math.sin(a) * 12;
    const py = Math.cos(a) * 12;
    return `<path d="M${f1(x + px)} ${f1(y + py)}Q${f1((x + tx) / 2 + px * 0.2)} ${f1((y + ty) / 2 + py * 0.2)} ${f1(tx)} ${f1(ty)}Q${f1((x + tx) / 2 - px * 0.6)} ${f1((y + ty) / 2 - py * 0.6)} ${f1(x - px)} ${f1(y - py)}Z" fill="#1a0610" stroke="${s.line}" stroke-width="2.5" stroke-linejoin="round"/>`;
  });
  const eclipse =
    `<circle cx="200" cy="300" r="104" fill="#08020a" stroke="${s.line}" stroke-width="4"/>` +
    `<path d="${crescentPath(200, 300, 96, -30, 22, 92)}" fill="#ff7a66" opacity=".85"/>` +
    `<circle cx="200" cy="300" r="180" fill="none" stroke="${s.line}" stroke-width="1.5" opacity=".55" stroke-dasharray="3 9"/>`;
  return join(base, corona, part("", thorns + eclipse), backFinish(p));
}

export function backIdentity(face: Face): Part {
  const p = face.id;
  const s: BackStyle = { sky: ["#120d26", "#2a1d45", "#3a1a36"], line: "#d9c7e6", star: "#f6eefe" };
  const base = backBase(p, s, `${p}/stars`);
  const defs =
    `<clipPath id="${p}-left"><rect x="0" y="0" width="200" height="${H}"/></clipPath>` +
    `<clipPath id="${p}-right"><rect x="200" y="0" width="200" height="${H}"/></clipPath>` +
    `<radialGradient id="${p}-light" cx=".4" cy=".38" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#e9cf96"/></radialGradient>` +
    `<radialGradient id="${p}-dark" cx=".6" cy=".4" r=".7"><stop offset="0" stop-color="#4a1424"/><stop offset="1" stop-color="#12040c"/></radialGradient>`;
  const halo = join(
    glowDisc(`${p}-gl`, 200, 300, 185, "#ffe2b0", 0.35),
    glowDisc(`${p}-gr`, 200, 300, 185, "#ff3a4a", 0.25),
  );
  const thorns = ringOf(12, 112, 200, 300, (x, y, a) => {
    if (Math.cos(a) < 0.05) return "";
    const tx = 200 + Math.cos(a) * 148;
    const ty = 300 + Math.sin(a) * 148;
    const px = -Math.sin(a) * 10;
    const py = Math.cos(a) * 10;
    return `<path d="M${f1(x + px)} ${f1(y + py)}L${f1(tx)} ${f1(ty)}L${f1(x - px)} ${f1(y - py)}Z" fill="#1a0610" stroke="#c84858" stroke-width="2.5" stroke-linejoin="round"/>`;
  });
  const stars = ringOf(12, 132, 200, 300, (x, y, a) =>
    Math.cos(a) > -0.05 ? "" : star(x, y, 10, "#e8cf94"),
  );
  const disc =
    `<circle cx="200" cy="300" r="108" fill="url(#${p}-light)" clip-path="url(#${p}-left)"/>` +
    `<circle cx="200" cy="300" r="108" fill="url(#${p}-dark)" clip-path="url(#${p}-right)"/>` +
    `<circle cx="200" cy="300" r="108" fill="none" stroke="${s.line}" stroke-width="4"/>` +
    `<path d="M200 192L200 408" stroke="${s.line}" stroke-width="3"/>` +
    `<path d="M146 300Q160 284 176 300Q160 312 146 300Z" fill="#2a1d45"/>` +
    `<path d="M224 300Q240 284 256 300Q240 312 224 300Z" fill="#ff7a66"/>`;
  return join(base, halo, part(defs, thorns + stars + disc), backFinish(p));
}
