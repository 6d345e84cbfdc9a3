/**
 * The deck's figures for review: size, WebP sizes, detail-map similarity, a perceptual check (difference
 * hash and colour layout of every pair), 3×3 coverage, distinct details and tones per card. Writes the
 * closest pairs side by side to artifacts/sheets/closest-pairs.png for a person to judge.
 * Usage: npm run deck:figures [-- --edition 2]
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { CURRENT_EDITION, cardImagePath, readDeckFile } from "../src/deck";
import { hashDistance, type Look, layoutDistance, look } from "../src/gen/perceptual";
import { coverage3x3, distinctDetails, similarity } from "../src/gen/select";

const args = process.argv.slice(2);
const at = args.indexOf("--edition");
const edition = at >= 0 ? Number(args[at + 1]) : CURRENT_EDITION;
const deck = readDeckFile(edition);
const cards = deck.cards;
const card = (i: number) => cards[i] as (typeof cards)[number];
const q = (a: number[], p: number): number =>
  [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))] as number;
const f = (v: number, d = 2): string => v.toFixed(d);

const sizes = cards.map((c) => (deck.hashes[c.id]?.bytes ?? 0) / 1024);
console.log(`edition ${edition}, deck ${deck.version}: ${cards.length} cards`);
console.log(
  `WebP KB: min ${f(q(sizes, 0), 1)} median ${f(q(sizes, 0.5), 1)} max ${f(Math.max(...sizes), 1)}`,
);

type Pair = { a: number; b: number; v: number };
const pairs = (score: (i: number, j: number) => number): Pair[] => {
  const out: Pair[] = [];
  for (let i = 0; i < cards.length; i++)
    for (let j = i + 1; j < cards.length; j++) out.push({ a: i, b: j, v: score(i, j) });
  return out;
};
const name = (p: Pair): string => `${cards[p.a]?.id}/${cards[p.b]?.id}`;

const sims = pairs((i, j) => similarity(card(i).detail, card(j).detail)).sort((x, y) => y.v - x.v);
console.log(
  `detail-map similarity: max ${f(sims[0]?.v ?? 0)} (${name(sims[0] as Pair)}), median ${f(
    q(
      sims.map((p) => p.v),
      0.5,
    ),
  )}`,
);

const looks: Look[] = [];
for (const c of cards) looks.push(await look(await sharp(cardImagePath(c.id, edition)).toBuffer()));
const hashes = pairs((i, j) => hashDistance(looks[i] as Look, looks[j] as Look)).sort((x, y) => x.v - y.v);
const layouts = pairs((i, j) => layoutDistance(looks[i] as Look, looks[j] as Look)).sort((x, y) => x.v - y.v);
console.log(
  `difference hash (bits of 64): closest ${hashes
    .slice(0, 5)
    .map((p) => `${p.v} ${name(p)}`)
    .join(", ")}; median ${q(
    hashes.map((p) => p.v),
    0.5,
  )}`,
);
console.log(
  `colour layout (mean ΔE over 6×9 cells): closest ${layouts
    .slice(0, 5)
    .map((p) => `${f(p.v, 1)} ${name(p)}`)
    .join(", ")}; median ${f(
    q(
      layouts.map((p) => p.v),
      0.5,
    ),
    1,
  )}`,
);

const cov = cards.map((c) => coverage3x3(c.detail).filter(Boolean).length);
const det = cards.map((c) => distinctDetails(c));
const tones = cards.map((c) => new Set(c.objects.map((o) => o.tone)).size);
const all = cards.flatMap((c) => c.objects.map((o) => o.tone));
const share = (t: string) => `${Math.round((100 * all.filter((x) => x === t).length) / all.length)}%`;
console.log(
  `3×3 cells with a detail per card: min ${Math.min(...cov)} median ${q(cov, 0.5)}; all nine on ${cov.filter((n) => n === 9).length} of ${cards.length}`,
);
console.log(
  `distinct details per card: min ${Math.min(...det)} median ${q(det, 0.5)} max ${Math.max(...det)}; objects ${all.length} (light ${share("light")}, mid ${share("mid")}, dark ${share("dark")}); cards with all three tones ${tones.filter((n) => n === 3).length}, with two ${tones.filter((n) => n === 2).length}`,
);

// the closest pairs by each measure, side by side, for a person to judge
const shown = [...hashes.slice(0, 4), ...layouts.slice(0, 4)];
const cw = 200;
const ch = 300;
const comps: sharp.OverlayOptions[] = [];
for (const [k, p] of shown.entries()) {
  for (const [s, idx] of [p.a, p.b].entries())
    comps.push({
      input: await sharp(cardImagePath(card(idx).id, edition))
        .resize(cw, ch)
        .toBuffer(),
      left: 8 + (k % 4) * (2 * cw + 24) + s * (cw + 4),
      top: 8 + Math.floor(k / 4) * (ch + 8),
    });
}
const out = join(process.cwd(), "artifacts", "sheets");
mkdirSync(out, { recursive: true });
await sharp({
  create: { width: 4 * (2 * cw + 24), height: 2 * (ch + 8) + 8, channels: 3, background: "#15151f" },
})
  .composite(comps)
  .png()
  .toFile(join(out, `closest-pairs-edition-${edition}.png`));
console.log(
  `closest pairs (top row by hash, bottom by colour layout): ${join(out, `closest-pairs-edition-${edition}.png`)}`,
);
