/**
 * Card figures: composing and rendering time per card, committed WebP sizes, loading the 4 cards of a
 * round over loopback HTTP, and processing a custom deck. Usage: npm run bench:cards
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { processCustomDeck } from "../src/custom/process";
import { blobImage } from "../src/custom/testimages";
import { cardImagePath, EDITIONS, readDeckFile } from "../src/deck";
import { composeCard } from "../src/gen/compose";
import { iconSource } from "../src/gen/icons";
import { planDeck } from "../src/gen/plan";
import { DECK_SEED } from "../src/gen/version";
import { BOUNDS_FILE } from "../src/paths";
import { rng } from "../src/rng";

const q = (a: number[], p: number) =>
  [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))] as number;
const ms = (v: number) => `${v.toFixed(1)} ms`;

const deck = readDeckFile();
for (const edition of EDITIONS) {
  const d = readDeckFile(edition);
  const sizes = Object.values(d.hashes).map((h) => h.bytes / 1024);
  console.log(
    `edition ${edition}, deck ${d.version}: ${d.cards.length} cards; WebP ${d.width}×${d.height} KB min ${q(sizes, 0).toFixed(1)} median ${q(sizes, 0.5).toFixed(1)} max ${Math.max(...sizes).toFixed(1)} total ${(sizes.reduce((s, v) => s + v, 0) / 1024).toFixed(2)} MB`,
  );
}

// compose + render
const icons = iconSource(JSON.parse(readFileSync(BOUNDS_FILE, "utf8")));
const plans = planDeck(DECK_SEED).slice(0, 6);
const tc: number[] = [];
const tr: number[] = [];
const svgKB: number[] = [];
for (const p of plans) {
  const t0 = performance.now();
  const c = composeCard(p, icons);
  const t1 = performance.now();
  await sharp(Buffer.from(c.svg), { density: 108 })
    .webp({ quality: 88, effort: 6, smartSubsample: true })
    .toBuffer();
  tc.push(t1 - t0);
  tr.push(performance.now() - t1);
  svgKB.push(c.svg.length / 1024);
}
console.log(
  `compose SVG median ${ms(q(tc, 0.5))} (SVG ${q(svgKB, 0.5).toFixed(0)} KB); render at 600×900 + WebP encode with sharp median ${ms(q(tr, 0.5))}`,
);

// loopback HTTP: 4 cards of a round, in parallel, as the browser would
const server = createServer((req, res) => {
  const id = (req.url ?? "").replace(/^\/cards\//, "").replace(/\.webp$/, "");
  try {
    const body = readFileSync(cardImagePath(id));
    res.writeHead(200, { "content-type": "image/webp", "content-length": body.length });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
const port = (server.address() as AddressInfo).port;
const r = rng("bench");
const rounds: number[] = [];
for (let i = 0; i < 40; i++) {
  const ids = r.shuffle(deck.cards.map((c) => c.id)).slice(0, 4);
  const t0 = performance.now();
  const bodies = await Promise.all(
    ids.map((id) => fetch(`http://127.0.0.1:${port}/cards/${id}.webp`).then((x) => x.arrayBuffer())),
  );
  rounds.push(performance.now() - t0);
  if (bodies.some((b) => b.byteLength < 1000)) throw new Error("bad response");
}
server.close();
console.log(
  `4 cards over loopback HTTP: median ${ms(q(rounds, 0.5))}, p95 ${ms(q(rounds, 0.95))}, max ${ms(Math.max(...rounds))}`,
);

// custom deck of 12 pictures, 1200×1800 JPEG
const files = await Promise.all(
  Array.from({ length: 12 }, async (_, i) => {
    const img = blobImage(
      1200,
      1800,
      [{ x: 0.3 + 0.03 * i, y: 0.5, r: 0.06, color: [240, 200, 80] }],
      `b${i}`,
    );
    const bytes = await sharp(Buffer.from(img.data), { raw: { width: 1200, height: 1800, channels: 3 } })
      .jpeg()
      .toBuffer();
    return { name: `p${i}.jpg`, bytes: new Uint8Array(bytes) };
  }),
);
const t0 = performance.now();
const res = await processCustomDeck(files);
if (!res.ok) throw new Error(res.error.message);
const t = performance.now() - t0;
console.log(`custom deck: 12 JPEG 1200×1800 processed in ${ms(t)} (${ms(t / 12)} per picture)`);
