/**
 * Regenerates the current edition of the standard deck: plans candidates, composes each card's SVG,
 * renders it (art and object mask) with sharp, measures manifests, keeps the best distinct 96+, and writes
 * packages/cards/generated/editions/<edition>. Older editions are frozen and never written.
 * Usage: npm run deck:build [-- --variants 2] [--only dream3-001,dream3-002 --out artifacts/try]
 *        [--limit 40 --out artifacts/try]
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { type DeckFile, deckHash, EDITIONS } from "../src/deck";
import { ENTRIES } from "../src/gen/catalog";
import { composeCard, H, type IconBounds, W } from "../src/gen/compose";
import { measureIcon } from "../src/gen/icon-bounds";
import { iconSource } from "../src/gen/icons";
import { altOf, CONTRASTS, type Measured, measureCard } from "../src/gen/measure";
import { writeNotices } from "../src/gen/notices";
import { planDeck } from "../src/gen/plan";
import { selectDeck } from "../src/gen/select";
import { furnishingOf } from "../src/gen/variety";
import { DECK_SEED, DECK_VERSION, EDITION, REJECTED } from "../src/gen/version";
import { BOUNDS_FILE, editionPaths, GENERATED_DIR, VERSIONS_FILE } from "../src/paths";
import { historyWith } from "./version-history";

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const variants = Number(arg("variants") ?? 2);
const limit = arg("limit") ? Number(arg("limit")) : null;
const only = arg("only")?.split(",");
const out = arg("out");
/** Reuse the candidates of the last full build (artifacts/candidates) to re-run only the selection. */
const reuse = args.includes("--reuse");
const CANDIDATES_DIR = join(process.cwd(), "artifacts", "candidates");

async function measureBounds(): Promise<Record<string, IconBounds>> {
  const res: Record<string, IconBounds> = {};
  for (const e of ENTRIES) if (!e.icon.startsWith("shape:")) res[e.icon] = await measureIcon(e.icon);
  return res;
}

export interface Candidate {
  id: string;
  svg: string;
  webp: Buffer;
  measured: Measured;
  family: string;
  relation: string;
  land: string;
  palette: string;
  /** Every icon drawn on the card, visible or not (for the notices). */
  drawn?: string[];
  /** The furnishing things it shows (see src/gen/variety.ts). */
  furnishing: string[];
}

/** Cards are composed on a 400×600 canvas and rendered at 1.5× (600×900) for sharp display on dense screens. */
const OUT_SCALE = 1.5;

async function renderRaw(
  svg: string,
  scale = 1,
): Promise<{ data: Uint8Array; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * scale })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

type Plan = ReturnType<typeof planDeck>[number];
type Icons = ReturnType<typeof iconSource>;

async function main(): Promise<void> {
  const t0 = performance.now();
  const bounds = await measureBounds();
  mkdirSync(GENERATED_DIR, { recursive: true });
  writeFileSync(BOUNDS_FILE, `${JSON.stringify(bounds, null, 1)}\n`);
  const icons = iconSource(bounds);
  let plans = planDeck(DECK_SEED, variants);
  if (only) plans = plans.filter((p) => only.includes(p.id));
  const relations = arg("relation")?.split(",");
  if (relations) plans = plans.filter((p) => relations.includes(p.relation));
  if (limit !== null) plans = plans.slice(0, limit);
  const { made, stale } = reuse ? reusedCandidates(plans, icons) : { made: [], stale: [] };
  if (reuse) console.log(`--reuse: ${made.length} candidates unchanged, ${stale.length} made again`);
  const times: number[] = [];
  for (const plan of reuse ? stale : plans) {
    const t = performance.now();
    const candidate = await makeCandidate(plan, icons);
    times.push(performance.now() - t);
    made.push(candidate);
    const { measured, webp } = candidate;
    process.stdout.write(
      `${plan.id} ${plan.subject} ${plan.relation} ${plan.land} ${plan.palette} ${(webp.length / 1024).toFixed(1)} KB details=${new Set(measured.manifest.objects.map((o) => o.icon)).size} hidden=${measured.hidden}\n`,
    );
  }
  if (!out && !only && !relations && limit === null) saveCandidates(made, stale);
  if (CONTRASTS.length > 0) printContrasts();
  if (out) {
    writeTrial(out, made);
    return;
  }
  const kept = writeEdition(made);
  const sizes = kept.map((c) => c.webp.length / 1024).sort((a, b) => a - b);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  console.log(
    `kept ${kept.length}/${made.length}; WebP KB min ${sizes[0]?.toFixed(1)} median ${sizes[Math.floor(sizes.length / 2)]?.toFixed(1)} max ${sizes[sizes.length - 1]?.toFixed(1)} total ${(sizes.reduce((s, v) => s + v, 0) / 1024).toFixed(2)} MB; per card ${times.length ? mean(times).toFixed(0) : "-"} ms; all ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/**
 * The candidates of the last full build that the current code still composes alike (their alt texts
 * written anew), and the plans whose candidates must be made again.
 */
function reusedCandidates(plans: Plan[], icons: Icons): { made: Candidate[]; stale: Plan[] } {
  const made: Candidate[] = [];
  const stale: Plan[] = [];
  const saved = JSON.parse(readFileSync(join(CANDIDATES_DIR, "candidates.json"), "utf8")) as Omit<
    Candidate,
    "webp" | "svg"
  >[];
  const byId = new Map(plans.map((p) => [p.id, p]));
  for (const c of saved) {
    const svg = readFileSync(join(CANDIDATES_DIR, `${c.id}.svg`), "utf8");
    const plan = byId.get(c.id);
    // a saved candidate is reused only if it is what the current code composes; others are made again
    const comp = plan ? composeCard(plan, icons) : null;
    if (!plan || !comp) throw new Error(`--reuse: ${c.id} is no longer planned; build without --reuse`);
    if (comp.svg !== svg) {
      stale.push(plan);
      continue;
    }
    // the words may change without the art: alt texts are always written anew
    c.measured.manifest.alt = altOf(plan, c.measured.manifest.objects, c.measured.roles);
    made.push({
      ...c,
      svg,
      webp: readFileSync(join(CANDIDATES_DIR, `${c.id}.webp`)),
      drawn: comp.objects.map((o) => o.icon),
      furnishing: furnishingOf(c.measured.manifest, comp.objects),
    });
  }
  return { made, stale };
}

/** Composes a planned card, renders its art and mask, measures it and encodes it as WebP. */
async function makeCandidate(plan: Plan, icons: Icons): Promise<Candidate> {
  const comp = composeCard(plan, icons);
  const big = await renderRaw(comp.svg, OUT_SCALE);
  const bigRaw = { raw: { width: big.width, height: big.height, channels: 4 as const } };
  const art = {
    data: await sharp(Buffer.from(big.data), bigRaw).resize(W, H, { kernel: "linear" }).raw().toBuffer(),
    width: W,
    height: H,
    channels: 4,
  };
  const mask = await renderRaw(comp.maskSvg);
  const measured = measureCard(plan, comp.objects, art, mask);
  const webp = await sharp(Buffer.from(big.data), bigRaw)
    .removeAlpha()
    .webp({ quality: 88, effort: 6, smartSubsample: true })
    .toBuffer();
  return {
    id: plan.id,
    svg: comp.svg,
    webp,
    measured,
    family: plan.subject,
    relation: plan.relation,
    land: plan.land,
    palette: plan.palette,
    drawn: comp.objects.map((o) => o.icon),
    furnishing: furnishingOf(measured.manifest, comp.objects),
  };
}

/** Keeps a full build's candidates in artifacts/candidates for `--reuse`. */
function saveCandidates(made: Candidate[], stale: Plan[]): void {
  if (!reuse) rmSync(CANDIDATES_DIR, { recursive: true, force: true });
  mkdirSync(CANDIDATES_DIR, { recursive: true });
  made.sort((a, b) => a.id.localeCompare(b.id));
  for (const c of reuse ? made.filter((m) => stale.some((p) => p.id === m.id)) : made) {
    writeFileSync(join(CANDIDATES_DIR, `${c.id}.webp`), c.webp);
    writeFileSync(join(CANDIDATES_DIR, `${c.id}.svg`), c.svg);
  }
  writeFileSync(
    join(CANDIDATES_DIR, "candidates.json"),
    JSON.stringify(made.map(({ svg: _s, webp: _w, ...rest }) => rest)),
  );
}

function printContrasts(): void {
  const c = [...CONTRASTS].sort((a, b) => a - b);
  const at = (p: number) => (c[Math.floor(p * (c.length - 1))] as number).toFixed(3);
  console.log(
    `object contrast vs surroundings: q10 ${at(0.1)} q25 ${at(0.25)} q50 ${at(0.5)} q75 ${at(0.75)} q90 ${at(0.9)}`,
  );
}

/** A trial build: the candidates' images and manifests in `dir`, nothing committed touched. */
function writeTrial(dir: string, made: Candidate[]): void {
  mkdirSync(dir, { recursive: true });
  for (const c of made) writeFileSync(join(dir, `${c.id}.webp`), c.webp);
  writeFileSync(
    join(dir, "candidates.json"),
    JSON.stringify(
      made.map((c) => ({
        id: c.id,
        family: c.family,
        relation: c.relation,
        land: c.land,
        palette: c.palette,
        manifest: c.measured.manifest,
      })),
    ),
  );
  console.log(`wrote ${made.length} candidates to ${dir}`);
}

/** Selects the edition's cards from the candidates and writes the edition, its history and notices. */
function writeEdition(made: Candidate[]): Candidate[] {
  const sel = selectDeck(
    made.map((c) => ({
      id: c.id,
      family: c.family,
      manifest: c.measured.manifest,
      hidden: c.measured.hidden,
      furnishing: c.furnishing,
    })),
    REJECTED,
  );
  const keep = new Set(sel.kept);
  const kept = made.filter((c) => keep.has(c.id));
  const paths = editionPaths(EDITION);
  const hashes = writeCards(kept, paths);
  const deck: DeckFile = {
    version: DECK_VERSION,
    seed: DECK_SEED,
    width: Math.round(W * OUT_SCALE),
    height: Math.round(H * OUT_SCALE),
    cards: kept.map((c) => c.measured.manifest),
    hashes,
  };
  recordVersion(deckHash(hashes));
  writeFileSync(paths.deck, `${JSON.stringify(deck)}\n`);
  writeFileSync(
    paths.selection,
    `${JSON.stringify({ candidates: made.length, threshold: sel.threshold, rejected: sel.rejected, kept: sel.kept.length }, null, 1)}\n`,
  );
  const drawn = [
    ...new Set(kept.flatMap((c) => c.drawn ?? c.measured.manifest.objects.map((o) => o.icon))),
  ].sort();
  writeFileSync(paths.icons, `${JSON.stringify(drawn, null, 1)}\n`);
  // the notices cover every edition a table may still be playing
  writeNotices(EDITIONS.flatMap((e) => JSON.parse(readFileSync(editionPaths(e).icons, "utf8")) as string[]));
  return kept;
}

/** Writes the kept cards' WebP and gzipped SVG afresh; returns their hashes. */
function writeCards(kept: Candidate[], paths: ReturnType<typeof editionPaths>): DeckFile["hashes"] {
  const CARDS_DIR = paths.cards;
  const SVG_DIR = paths.svg;
  for (const dir of [CARDS_DIR, SVG_DIR]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const hashes: DeckFile["hashes"] = {};
  for (const c of kept) {
    writeFileSync(join(CARDS_DIR, `${c.id}.webp`), c.webp);
    writeFileSync(join(SVG_DIR, `${c.id}.svg.gz`), gzipSync(Buffer.from(c.svg), { level: 9 }));
    hashes[c.id] = {
      webp: createHash("sha256").update(c.webp).digest("hex"),
      svg: createHash("sha256").update(c.svg).digest("hex"),
      bytes: c.webp.length,
    };
  }
  return hashes;
}

/** A deck version names one set of images forever: refuses to change the art under an old version. */
function recordVersion(combined: string): void {
  const history = historyWith(VERSIONS_FILE, DECK_VERSION, combined, {
    replace: args.includes("--replace-version"),
    refusal: `the art changed but DECK_VERSION is still ${DECK_VERSION}: bump it in src/gen/version.ts`,
  });
  writeFileSync(VERSIONS_FILE, `${JSON.stringify(history, null, 1)}\n`);
}

await main();
