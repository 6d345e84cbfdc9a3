/**
 * Global setup of the integration suites: builds the server (packages/server/dist) unless the build is
 * newer than its sources, once before any test file runs, so every server process a test starts runs
 * the current code with plain `node`.
 */
import { ensureServerBuild } from "../scripts/build";

export default async function buildServerOnce(): Promise<void> {
  await ensureServerBuild();
}
