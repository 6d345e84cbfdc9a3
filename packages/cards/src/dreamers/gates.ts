/** The gate faces: a stone arch whose doors are shut and locked, or open on a glowing dream beyond. */
import { type Palette, palette } from "../gen/palettes";
import { rng } from "../rng";
import type { FaceBounds } from "./common";
import { CORNER, icon, LIT, softScene } from "./emblems";
import type { Face } from "./faces";
import { crescentPath, f1, glowDisc, join, type Part, part, star } from "./ornaments";

/** Stone arch with its opening from x 116 to 284, springing at y 270, floor at 500. */
function gateArch(p: string): Part {
  const defs = `<linearGradient id="${p}-stone" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9bcd6"/><stop offset=".55" stop-color="#8f7fa6"/><stop offset="1" stop-color="#4d3f66"/></linearGradient>`;
  const outer = "M76 520L76 270A124 124 0 0 1 324 270L324 520Z";
  const opening = "M116 500L116 270A84 84 0 0 1 284 270L284 500Z";
  let joints = "";
  for (let i = 1; i < 9; i++) {
    const a = Math.PI + (i * Math.PI) / 9;
    joints += `M${f1(200 + Math.cos(a) * 84)} ${f1(270 + Math.sin(a) * 84)}L${f1(200 + Math.cos(a) * 124)} ${f1(270 + Math.sin(a) * 124)}`;
  }
  for (const y of [310, 360, 410, 460]) joints += `M76 ${y}L116 ${y}M284 ${y}L324 ${y}`;
  const art =
    `<path d="${outer}${opening}" fill="#1a1230" fill-rule="evenodd" opacity=".45" transform="translate(6 10)"/>` +
    `<path d="${outer}${opening}" fill="url(#${p}-stone)" fill-rule="evenodd" stroke="#2a1f44" stroke-width="4"/>` +
    `<path d="${joints}" stroke="#3a2e58" stroke-width="2.5" opacity=".8"/>` +
    `<path d="M176 150L224 150L216 192L184 192Z" fill="#e6dcef" stroke="#2a1f44" stroke-width="3"/>` +
    `<path d="${crescentPath(200, 170, 11, 6, -4, 9)}" fill="#8f7fa6"/>` +
    `<rect x="66" y="512" width="268" height="18" rx="4" fill="#6d5d88" stroke="#2a1f44" stroke-width="3"/>`;
  return { defs, art, icons: [] };
}

function doorPanel(d: string, p: string, idx: number, planks: string, bands: string): string {
  return (
    `<clipPath id="${p}-door${idx}"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="url(#${p}-wood)" stroke="#1c0f1a" stroke-width="4"/>` +
    `<g clip-path="url(#${p}-door${idx})"><path d="${planks}" stroke="#24131f" stroke-width="2.5" opacity=".6"/><path d="${bands}" stroke="#2b2230" stroke-width="12"/><path d="${bands}" stroke="#7a6f86" stroke-width="3" opacity=".6" transform="translate(0 -3)"/></g>`
  );
}

export function gate(face: Face, b: FaceBounds, open: boolean): Part {
  const p = face.id;
  const pal = palette(open ? "twilight" : "indigo");
  const bg = softScene(
    face,
    { hero: "kiteHill", land: "hills", palette: pal.name, props: [] },
    [{ x: 60, y: 140, w: 280, h: 400 }, CORNER],
    b,
    !open,
  );
  const arch = gateArch(p);
  const wood = `<linearGradient id="${p}-wood" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7a4e5e"/><stop offset="1" stop-color="#4a2a3c"/></linearGradient>`;
  const { inside, doors } = open ? openDoors(p, pal) : shutDoors(p);
  const lock = open
    ? icon(`${p}-lock`, "unlocked", 98, 108, 120, LIT, b)
    : icon(`${p}-lock`, "locked", 98, 108, 120, LIT, b);
  const lockHalo = glowDisc(`${p}-lh`, 98, 112, 95, open ? "#fff3d0" : "#0a0614", open ? 0.6 : 0.55);
  const hang = open ? part() : icon(`${p}-hang`, "locked", 200, 398, 64, LIT, b);
  return join(
    bg,
    inside,
    part(`${wood}${arch.defs}`, ""),
    open ? part("", doors) : part(),
    part("", arch.art),
    open ? part() : part("", doors),
    hang,
    lockHalo,
    lock,
  );
}

/** What fills the arch's opening, and the doors' art. */
interface Doorway {
  inside: Part;
  doors: string;
}

/** Dark inside, both doors shut across the opening with rings for handles. */
function shutDoors(p: string): Doorway {
  const inside = part("", `<path d="M116 500L116 270A84 84 0 0 1 284 270L284 500Z" fill="#0c0818"/>`);
  let planks = "";
  for (let x = 137; x < 284; x += 21) planks += `M${x} 180L${x} 500`;
  const bands = "M110 318L290 318M110 450L290 450";
  const doors =
    doorPanel("M116 500L116 270A84 84 0 0 1 200 186L200 500Z", p, 0, planks, bands) +
    doorPanel("M200 500L200 186A84 84 0 0 1 284 270L284 500Z", p, 1, planks, bands) +
    `<circle cx="186" cy="385" r="9" fill="none" stroke="#2b2230" stroke-width="4"/><circle cx="214" cy="385" r="9" fill="none" stroke="#2b2230" stroke-width="4"/>`;
  return { inside, doors };
}

/** A glowing starry dream beyond the arch and a path of light from it; the doors swung outward. */
function openDoors(p: string, pal: Palette): Doorway {
  const g = `${p}-beyond`;
  let stars = "";
  const r = rng(`${p}/stars`);
  for (let i = 0; i < 14; i++)
    stars += star(r.range(128, 272), r.range(200, 400), r.range(2.5, 6), "#fffaf0");
  let inside = part(
    `<radialGradient id="${g}" cx=".5" cy=".62" r=".7"><stop offset="0" stop-color="#fffaf0"/><stop offset=".35" stop-color="${pal.glow}"/><stop offset=".75" stop-color="${pal.sky[2]}"/><stop offset="1" stop-color="${pal.sky[1]}"/></radialGradient><linearGradient id="${p}-path" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6dc" stop-opacity=".95"/><stop offset="1" stop-color="${pal.glow}" stop-opacity="0"/></linearGradient>`,
    `<path d="M116 500L116 270A84 84 0 0 1 284 270L284 500Z" fill="url(#${g})"/>${stars}` +
      `<path d="M150 500L250 500L330 600L70 600Z" fill="url(#${p}-path)"/>`,
  );
  const glow = glowDisc(`${p}-halo`, 200, 360, 200, pal.glow, 0.55);
  inside = join(glow, inside);
  let planksL = "";
  let planksR = "";
  for (let i = 1; i < 3; i++) {
    const t = i / 3;
    planksL += `M${f1(116 - 50 * t)} 160L${f1(116 - 50 * t)} 540`;
    planksR += `M${f1(284 + 50 * t)} 160L${f1(284 + 50 * t)} 540`;
  }
  const doors =
    doorPanel("M116 500L116 250Q100 200 66 196L66 528Z", p, 0, planksL, "M50 300L130 318M50 462L130 450") +
    doorPanel("M284 500L284 250Q300 200 334 196L334 528Z", p, 1, planksR, "M270 318L350 300M270 450L350 462");
  return { inside, doors };
}
