/**
 * Renders the Dreamers faces: composes each face's SVG, renders it with sharp at 1.5× (600×900) and writes
 * packages/cards/generated/dreamers: <id>.webp, manifest.json, icon-bounds.json, versions.json and
 * THIRD_PARTY_NOTICES.md. Refuses to change the art under a version already recorded.
 * Usage: npm run deck:dreamers [-- --only dream-7a,gate-open --out artifacts/dreamers-try]
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { faceAlt } from "../src/dreamers/alt";
import { measureIcons } from "../src/dreamers/bounds";
import { type FaceBounds, H, W } from "../src/dreamers/common";
import { composeFace, ownIcons } from "../src/dreamers/compose";
import { allFaces } from "../src/dreamers/faces";
import {
  DREAMERS_BOUNDS,
  DREAMERS_DIR,
  DREAMERS_MANIFEST,
  DREAMERS_VERSIONS,
  type DreamersFace,
  type DreamersManifest,
} from "../src/dreamers/manifest";
import { writeDreamersNotices } from "../src/dreamers/notices";
import { dreamersArtHash, FACE_SCALE, renderFace } from "../src/dreamers/render";
import { DREAMERS_SEED } from "../src/dreamers/scene";
import { DREAMERS_FACES_VERSION } from "../src/dreamers/version";
import { BOUNDS_FILE } from "../src/paths";
import { historyWith } from "./version-history";

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = arg("only")?.split(",");
const out = arg("out");
if (only && !out) throw new Error("--only needs --out: the committed faces are always built whole");

const sha = (b: Uint8Array | string): string => createHash("sha256").update(b).digest("hex");

async function main(): Promise<void> {
  const t0 = performance.now();
  const deck = JSON.parse(readFileSync(BOUNDS_FILE, "utf8"));
  const own = await measureIcons(ownIcons());
  const faces = allFaces().filter((f) => !only || only.includes(f.id));
  const dir = out ?? DREAMERS_DIR;
  const built = await buildFaces(faces, deck, own);
  const { webps, entries, icons, times } = built;
  const manifest: DreamersManifest = {
    version: DREAMERS_FACES_VERSION,
    seed: DREAMERS_SEED,
    width: Math.round(W * FACE_SCALE),
    height: Math.round(H * FACE_SCALE),
    faces: entries,
    svg: built.svgHashes,
    scenes: built.scenes,
    icons: [...icons].sort(),
  };
  const writeFaces = () => {
    mkdirSync(dir, { recursive: true });
    // faces no longer in the list must not linger
    for (const f of readdirSync(dir)) if (f.endsWith(".webp")) rmSync(join(dir, f));
    for (const [id, webp] of webps) writeFileSync(join(dir, `${id}.webp`), webp);
  };
  if (out) {
    writeFaces();
    writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
    console.log(`wrote ${entries.length} faces to ${dir}`);
    return;
  }
  const history = facesHistory(manifest);
  writeFaces();
  writeFileSync(DREAMERS_VERSIONS, `${JSON.stringify(history, null, 1)}\n`);
  writeFileSync(DREAMERS_BOUNDS, `${JSON.stringify(own, null, 1)}\n`);
  writeFileSync(DREAMERS_MANIFEST, `${JSON.stringify(manifest, null, 1)}\n`);
  writeDreamersNotices([...icons]);
  const sizes = entries.map((e) => e.bytes / 1024).sort((a, b) => a - b);
  const mean = times.reduce((s, v) => s + v, 0) / times.length;
  console.log(
    `${entries.length} faces; WebP KB min ${sizes[0]?.toFixed(1)} median ${sizes[Math.floor(sizes.length / 2)]?.toFixed(1)} max ${sizes[sizes.length - 1]?.toFixed(1)} total ${sizes.reduce((s, v) => s + v, 0).toFixed(0)} KB; ${icons.size} icons; per face ${mean.toFixed(0)} ms; all ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** The faces composed and rendered: their WebP, manifest entries, SVG hashes, scene seeds and icons. */
interface BuiltFaces {
  webps: Map<string, Buffer>;
  entries: DreamersFace[];
  svgHashes: Record<string, string>;
  scenes: Record<string, string>;
  icons: Set<string>;
  times: number[];
}

async function buildFaces(
  faces: ReturnType<typeof allFaces>,
  deck: FaceBounds["deck"],
  own: FaceBounds["own"],
): Promise<BuiltFaces> {
  const built: BuiltFaces = {
    webps: new Map(),
    entries: [],
    svgHashes: {},
    scenes: {},
    icons: new Set(),
    times: [],
  };
  for (const face of faces) {
    const t = performance.now();
    const comp = composeFace(face, { deck, own });
    const webp = await renderFace(comp.svg);
    built.times.push(performance.now() - t);
    built.webps.set(face.id, webp);
    for (const i of comp.icons) built.icons.add(i);
    built.svgHashes[face.id] = sha(comp.svg);
    if (comp.sceneSeed) built.scenes[face.id] = comp.sceneSeed;
    built.entries.push({
      id: face.id,
      kind: face.kind,
      value: face.value ?? null,
      effect: face.effect ?? null,
      alt: faceAlt(face),
      sha256: sha(webp),
      bytes: webp.length,
    });
    process.stdout.write(`${face.id} ${(webp.length / 1024).toFixed(1)} KB\n`);
  }
  return built;
}

/**
 * The versions' history with this build's art recorded. A version names one set of faces forever:
 * refuses to change the art under a recorded version.
 */
function facesHistory(manifest: DreamersManifest): Record<string, string> {
  return historyWith(DREAMERS_VERSIONS, DREAMERS_FACES_VERSION, dreamersArtHash(manifest), {
    replace: args.includes("--replace-version"),
    refusal: `the faces changed but DREAMERS_FACES_VERSION is still ${DREAMERS_FACES_VERSION}: bump it in src/dreamers/version.ts`,
  });
}

await main();
