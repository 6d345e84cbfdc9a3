import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Where a worker thread's entry file is. Run from the build (`npm run build:server`), every module is
 * bundled into packages/server/dist/main.js and the worker is a built file beside it. Run from the
 * TypeScript sources (tsx, vitest), `import.meta.url` is a `.ts` file and the worker starts from a small
 * `.mjs` bootstrap that registers tsx (worker threads do not inherit the main thread's loader) — unless
 * `builtDir` names a fresh build to take the worker from: the integration suites' global setup builds one
 * and sets FIRMAMENT_BUILT_WORKERS, and a built worker starts in about a third of the time tsx takes to
 * compile one (every in-process test server opens a SQLite worker).
 */
export function workerUrl(
  caller: string,
  sources: { bootstrap: string; built: string },
  builtDir: string | null = process.env.FIRMAMENT_BUILT_WORKERS ?? null,
): URL {
  if (!caller.endsWith(".ts")) return new URL(`./${sources.built}`, caller);
  return builtDir ? pathToFileURL(join(builtDir, sources.built)) : new URL(sources.bootstrap, caller);
}
