/**
 * `npm run build:server`: bundles the server and the workspace packages it imports into plain
 * JavaScript in packages/server/dist, so `npm start`, the cluster and the tests' server processes run
 * with `node` alone instead of compiling TypeScript at every start (tsx). npm packages stay external
 * (loaded from node_modules as they are: native addons, pino's transport threads, sharp's libraries).
 * Entries: the server (`main.js`), the cluster supervisor (`start-cluster.js`) and the worker threads
 * (`sqlite-worker.js`, `deck-worker.js`), side by side; `workerUrl` finds the workers next to the bundle.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { isBuiltin } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const SERVER = fileURLToPath(new URL("..", import.meta.url));
const REPO = join(SERVER, "../..");
export const DIST = join(SERVER, "dist");
/** The built server: run it as `node --enable-source-maps packages/server/dist/main.js`. */
export const BUILT_MAIN = join(DIST, "main.js");
/**
 * `node`'s arguments that run the built server (`spawn(process.execPath, [...BUILT_SERVER_ARGS])`): what
 * every test and benchmark that starts a server process runs, after `ensureServerBuild()`.
 */
export const BUILT_SERVER_ARGS = ["--enable-source-maps", BUILT_MAIN];
/** `node`'s arguments that run the built server on a clock the test moves through its stdin (`src/testing/test-main.ts`). */
export const TEST_CLOCK_SERVER_ARGS = ["--enable-source-maps", join(DIST, "test-main.js")];
/** Lists the sources of the last build, to tell whether it is still fresh. */
const META = join(DIST, "meta.json");

const ENTRIES = {
  main: "src/main.ts",
  "start-cluster": "src/cluster/start-cluster.ts",
  "sqlite-worker": "src/store/sqlite-worker.ts",
  "deck-worker": "src/decks/processor-worker.ts",
  // tests only: the server on a clock they move (`src/testing/test-main.ts`); nothing starts it otherwise
  "test-main": "src/testing/test-main.ts",
};

/** `ioredis` of `ioredis/built/x.js`, `@fastify/static` of `@fastify/static`; null for `node:fs`. */
function packageName(specifier: string): string | null {
  if (specifier.startsWith("node:")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? null);
}

/**
 * Bundles `@firmament/*` and relative imports; every other package is imported from node_modules at run
 * time — from dist, that is the repository's node_modules, so a package installed only under one
 * workspace's own node_modules fails the build here rather than the server at run time.
 */
const npmPackagesExternal: Plugin = {
  name: "npm-packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@firmament/")) return undefined;
      const name = packageName(args.path);
      const builtin = name === null || isBuiltin(name);
      if (!builtin && !existsSync(join(REPO, "node_modules", name)))
        return {
          errors: [
            { text: `${name} is not in the repository's node_modules: the built server could not load it` },
          ],
        };
      return { path: args.path, external: true };
    });
  },
};

/** Builds packages/server/dist. Files are written beside and renamed over, so a running server never reads half a file. */
export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: SERVER,
    entryPoints: ENTRIES,
    outdir: DIST,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outExtension: { ".js": ".js" },
    sourcemap: "linked",
    sourcesContent: false,
    keepNames: false,
    metafile: true,
    write: false,
    logLevel: "warning",
    plugins: [npmPackagesExternal],
  });
  await mkdir(DIST, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  writeFileSync(META, JSON.stringify(Object.keys(result.metafile.inputs)));
}

/** True when dist holds a build newer than every source it was built from (and this script). */
export function serverBuildIsFresh(): boolean {
  try {
    const built = statSync(BUILT_MAIN).mtimeMs;
    const inputs = JSON.parse(readFileSync(META, "utf8")) as string[];
    const sources = [...inputs.map((input) => join(SERVER, input)), fileURLToPath(import.meta.url)];
    return sources.every((source) => statSync(source).mtimeMs < built);
  } catch {
    return false; // no build yet, or a source was removed
  }
}

/** Builds unless the last build is fresh: what a test or benchmark calls before it starts server processes. */
export async function ensureServerBuild(): Promise<void> {
  if (!serverBuildIsFresh()) await buildServer();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  await buildServer();
  const took = Math.round(performance.now() - started);
  console.log(`server built in ${took} ms → ${join(dirname(BUILT_MAIN), "*.js").replace(`${REPO}/`, "")}`);
}
