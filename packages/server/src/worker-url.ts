/**
 * Where a worker thread's entry file is. Run from the TypeScript sources (tsx, vitest), `import.meta.url`
 * is a `.ts` file and the worker starts from a small `.mjs` bootstrap that registers tsx (worker threads
 * do not inherit the main thread's loader). Run from the build (`npm run build:server`), every module is
 * bundled into packages/server/dist/main.js and the worker is a built file beside it.
 */
export function workerUrl(caller: string, sources: { bootstrap: string; built: string }): URL {
  return caller.endsWith(".ts") ? new URL(sources.bootstrap, caller) : new URL(`./${sources.built}`, caller);
}
