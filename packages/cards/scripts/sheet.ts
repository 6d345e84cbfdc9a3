/**
 * Contact sheets of the deck for review: PNG pages of cards with their ids, written to artifacts/sheets
 * (git-ignored). Usage: npm run deck:sheet [-- --edition 2 | --dir <folder of .webp>] [--per 20]
 * [--width 200] [--cols 5] [--prefix sheet]; `--ids a,b,c,d --prefix round` lays out the given cards
 * (of any edition) on one page, e.g. the four cards of a dealt round.
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { CURRENT_EDITION, cardImagePath } from "../src/deck";
import { editionPaths } from "../src/paths";

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = resolve(arg("dir") ?? editionPaths(Number(arg("edition") ?? CURRENT_EDITION)).cards);
const ids = arg("ids")?.split(",");
const files = ids
  ? ids.map((id) => cardImagePath(id))
  : readdirSync(dir)
      .filter((f) => f.endsWith(".webp"))
      .sort()
      .map((f) => join(dir, f));
const per = Number(arg("per") ?? (ids ? ids.length : 20));
const cw = Number(arg("width") ?? 200);
const ch = Math.round(cw * 1.5);
const cols = Number(arg("cols") ?? (ids ? ids.length : 5));
const prefix = arg("prefix") ?? "sheet";
const outDir = resolve(arg("out") ?? join(process.cwd(), "artifacts", "sheets"));
mkdirSync(outDir, { recursive: true });
const pad = 8;
const label = 14;
for (let page = 0; page * per < files.length; page++) {
  const slice = files.slice(page * per, (page + 1) * per);
  const rows = Math.ceil(slice.length / cols);
  const width = cols * (cw + pad) + pad;
  const height = rows * (ch + pad + label) + pad;
  const comps: sharp.OverlayOptions[] = [];
  let text = "";
  for (let i = 0; i < slice.length; i++) {
    const f = slice[i] as string;
    const x = pad + (i % cols) * (cw + pad);
    const y = pad + Math.floor(i / cols) * (ch + pad + label);
    comps.push({ input: await sharp(f).resize(cw, ch).toBuffer(), left: x, top: y });
    const name = (f.split("/").pop() ?? "").replace(".webp", "");
    text += `<text x="${x + 2}" y="${y + ch + 11}" font-size="11" font-family="sans-serif" fill="#ccd">${ids ? `${i + 1} · ` : ""}${name}</text>`;
  }
  comps.push({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text}</svg>`,
    ),
    left: 0,
    top: 0,
  });
  const file = join(outDir, `${prefix}-${String(page + 1).padStart(2, "0")}.png`);
  await sharp({ create: { width, height, channels: 3, background: "#15151f" } })
    .composite(comps)
    .png()
    .toFile(file);
  console.log(file);
}
