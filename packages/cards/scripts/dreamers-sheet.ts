/**
 * Contact sheets of the Dreamers faces for review, written to artifacts/sheets (git-ignored):
 * - dreamers.png: every face at 200 px wide with its id;
 * - dreamers-phone.png: every face at 110 px wide on a 390 px wide strip, as on a phone at 1× (the
 *   harshest case for legibility; phones at 2–3× show more pixels).
 * Usage: npm run deck:dreamers-sheet [-- --dir <folder of .webp>]
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { DREAMERS_DIR, type DreamersManifest } from "../src/dreamers/manifest";

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = resolve(arg("dir") ?? DREAMERS_DIR);
const outDir = resolve(arg("out") ?? join(process.cwd(), "artifacts", "sheets"));
mkdirSync(outDir, { recursive: true });
const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as DreamersManifest;
const ids = manifest.faces.map((f) => f.id);

async function sheet(file: string, cw: number, cols: number, pad: number, label: number): Promise<void> {
  const ch = Math.round(cw * 1.5);
  const rows = Math.ceil(ids.length / cols);
  const width = cols * (cw + pad) + pad;
  const height = rows * (ch + pad + label) + pad;
  const comps: sharp.OverlayOptions[] = [];
  let text = "";
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    const x = pad + (i % cols) * (cw + pad);
    const y = pad + Math.floor(i / cols) * (ch + pad + label);
    const img = await sharp(join(dir, `${id}.webp`))
      .resize(cw, ch, { kernel: "lanczos3" })
      .toBuffer();
    comps.push({ input: img, left: x, top: y });
    if (label > 0)
      text += `<text x="${x + 2}" y="${y + ch + label - 3}" font-size="11" font-family="sans-serif" fill="#ccd">${id}</text>`;
  }
  if (text)
    comps.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text}</svg>`,
      ),
      left: 0,
      top: 0,
    });
  const path = join(outDir, file);
  await sharp({ create: { width, height, channels: 3, background: "#15151f" } })
    .composite(comps)
    .png()
    .toFile(path);
  console.log(path);
}

await sheet("dreamers.png", 200, 7, 8, 14);
await sheet("dreamers-phone.png", 110, 3, 17, 0);
