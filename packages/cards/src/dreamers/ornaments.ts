/** The pieces every face without a value is built from, and the ornaments drawn in code they share. */

export const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();

export interface Part {
  defs: string;
  art: string;
  icons: string[];
  /** Seed of the dream-deck scene in this part, if it has one. */
  seed?: string;
}

export const part = (defs = "", art = "", icons: string[] = []): Part => ({ defs, art, icons });
export const join = (...ps: Part[]): Part => {
  const seed = ps.find((p) => p.seed)?.seed;
  return {
    defs: ps.map((p) => p.defs).join(""),
    art: ps.map((p) => p.art).join(""),
    icons: ps.flatMap((p) => p.icons),
    ...(seed ? { seed } : {}),
  };
};

/** A four-pointed star, as the dream deck draws its sparkles. */
export function star(x: number, y: number, s: number, fill: string, edge?: string): string {
  const d = `M${f1(x)} ${f1(y - s)}Q${f1(x)} ${f1(y)} ${f1(x + s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y + s)}Q${f1(x)} ${f1(y)} ${f1(x - s)} ${f1(y)}Q${f1(x)} ${f1(y)} ${f1(x)} ${f1(y - s)}Z`;
  return `<path d="${d}" fill="${fill}"${edge ? ` stroke="${edge}" stroke-width="2.5" stroke-linejoin="round" paint-order="stroke"` : ""}/>`;
}

/** A crescent: the disc (cx, cy, r) minus the disc shifted by (dx, dy) with radius r2. */
export function crescentPath(cx: number, cy: number, r: number, dx: number, dy: number, r2: number): string {
  const d = Math.hypot(dx, dy);
  const a = (r * r - r2 * r2 + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, r * r - a * a));
  const ux = dx / d;
  const uy = dy / d;
  const mx = cx + ux * a;
  const my = cy + uy * a;
  const p = [mx - uy * h, my + ux * h];
  const q = [mx + uy * h, my - ux * h];
  return `M${f1(p[0] as number)} ${f1(p[1] as number)}A${r} ${r} 0 1 1 ${f1(q[0] as number)} ${f1(q[1] as number)}A${r2} ${r2} 0 0 0 ${f1(p[0] as number)} ${f1(p[1] as number)}Z`;
}

export function glowDisc(
  id: string,
  cx: number,
  cy: number,
  r: number,
  colour: string,
  opacity: number,
): Part {
  return part(
    `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset=".5" stop-color="${colour}" stop-opacity="${f1(opacity * 0.35)}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id})"/>`,
  );
}
