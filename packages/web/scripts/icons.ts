/**
 * Renders the installable app's icons (PNG) from one SVG with sharp: 192 and 512 px "any" icons (a
 * rounded night-sky tile with the app's star) and a 512 px maskable one (full-bleed sky, the star inside
 * the safe zone), and `favicon.ico` (16, 32 and 48 px PNGs in an ICO container) for browsers and tools that
 * ask for `/favicon.ico` without reading the page. Run with `npx tsx packages/web/scripts/icons.ts`; the files are committed in public.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "../public/icons");

const STAR = "M12 1.5 14.9 8.4 22.3 9 16.7 13.9 18.4 21.2 12 17.3 5.6 21.2 7.3 13.9 1.7 9 9.1 8.4Z";

function svg(maskable: boolean): string {
  // the star fills 70 % of an "any" icon, and 50 % of a maskable one (its safe zone is the inner 80 %)
  const scale = maskable ? 0.5 : 0.7;
  const size = 24 * scale;
  const offset = (24 - size) / 2;
  const tile = maskable
    ? `<rect width="24" height="24" fill="url(#sky)"/>`
    : `<rect x="0.5" y="0.5" width="23" height="23" rx="5" fill="url(#sky)"/>`;
  const dots = [
    [4.2, 5, 0.35],
    [19.5, 4.2, 0.3],
    [5.5, 19.2, 0.28],
    [19.8, 18.5, 0.35],
  ]
    .map(
      ([x, y, r]) =>
        `<circle cx="${x}" cy="${y}" r="${(r as number) * (maskable ? 0.8 : 1)}" fill="#eef0fa"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
    <defs><radialGradient id="sky" cx="0.7" cy="0.2" r="1"><stop offset="0" stop-color="#26306a"/><stop offset="1" stop-color="#0b1026"/></radialGradient></defs>
    ${tile}${maskable ? "" : dots}
    <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${STAR}" fill="#f0e6b8"/></g>
  </svg>`;
}

function png(size: number, maskable: boolean): Promise<Buffer> {
  return sharp(Buffer.from(svg(maskable)), { density: 72 * (size / 24) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function render(name: string, size: number, maskable: boolean): Promise<void> {
  writeFileSync(join(out, name), await png(size, maskable));
}

/** An ICO file holding PNG images: a 6-byte header, a 16-byte entry per image, then the images. */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

async function renderFavicon(): Promise<void> {
  const images = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(size, false) })),
  );
  writeFileSync(join(out, "../favicon.ico"), ico(images));
}

mkdirSync(out, { recursive: true });
await render("icon-192.png", 192, false);
await render("icon-512.png", 512, false);
await render("maskable-512.png", 512, true);
await render("apple-touch-icon.png", 180, true);
await renderFavicon();
console.log(`icons written to ${out}`);
