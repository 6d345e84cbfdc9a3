/**
 * Global setup of the integration suites: builds the server (packages/server/dist) unless the build is
 * newer than its sources, once before any test file runs, so every server process a test starts runs
 * the current code with plain `node`. The in-process test servers take their worker threads from that
 * build too (FIRMAMENT_BUILT_WORKERS, see src/worker-url.ts): the same code, without compiling it
 * through tsx in every new worker.
 */
import { DIST, ensureServerBuild } from "../scripts/build";

export default async function buildServerOnce(): Promise<void> {
  await ensureServerBuild();
  process.env.FIRMAMENT_BUILT_WORKERS = DIST;
}
