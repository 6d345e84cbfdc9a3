import { defineConfig } from "vitest/config";

/** The server processes that tests start run the built server: built once, before any test file. */
const BUILD_SERVER = "packages/server/test/build-server.setup.ts";

// Unit and property tests run in parallel first; then the suites that start servers and browsers run
// one file at a time, so their timing does not depend on how busy the other workers are.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "packages/dreams/test/**/*.test.ts",
            "packages/dreamers/test/**/*.test.ts",
            "packages/highlow/test/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["packages/*/test/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["packages/dreams/test/**", "packages/dreamers/test/**", "packages/highlow/test/**"],
          globalSetup: [BUILD_SERVER],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The server's integration suite again, every server on a fresh PostgreSQL database
          // (`startTestServer`). Left out: the suites that run on PostgreSQL already (store, leases,
          // clusters), those about the embedded store's own files (restart after kill -9 reads the
          // SQLite file; the deck suites open it to check what was stored; the built server's own test),
          // and those whose subject is decided before or beside the store, the same on either: HTTP
          // headers, compression, errors below the routes, per-address and per-table limits, the
          // network addresses. Left out too: the suites whose subject is decided above the store — game
          // flow, views, leaks, folding, notices, presence, bot beliefs, the grace time after a restart,
          // the lobby's chat. What they ask of the store (tables, seats, a match's action log, chat, a
          // table loaded again) is the store contract's, which store.test.ts runs on PostgreSQL with a
          // whole game served from it; none of them signs in, rates, lists the lobby, uploads a deck or
          // plays turn-based. timer-retry gives its server a SQLite store of its own on either pass.
          name: "integration-postgres",
          include: ["packages/server/test/**/*.test.ts"],
          exclude: [
            "packages/server/test/cluster*.test.ts",
            "packages/server/test/leases.test.ts",
            "packages/server/test/store.test.ts",
            "packages/server/test/migrations.test.ts",
            "packages/server/test/restart.test.ts",
            "packages/server/test/turn-based-restart.test.ts",
            "packages/server/test/built-server.test.ts",
            "packages/server/test/ratings-once.test.ts",
            "packages/server/test/deck*.test.ts",
            "packages/server/test/headers.test.ts",
            "packages/server/test/compression.test.ts",
            "packages/server/test/http-errors.test.ts",
            "packages/server/test/http-rate-limits.test.ts",
            "packages/server/test/limits.test.ts",
            "packages/server/test/network.test.ts",
            "packages/server/test/games.test.ts",
            "packages/server/test/dreamers.test.ts",
            "packages/server/test/leak.test.ts",
            "packages/server/test/fold.test.ts",
            "packages/server/test/notices.test.ts",
            "packages/server/test/presence.test.ts",
            "packages/server/test/beliefs.test.ts",
            "packages/server/test/revealed.test.ts",
            "packages/server/test/restart-grace.test.ts",
            "packages/server/test/lobby-chat.test.ts",
            "packages/server/test/timer-retry.test.ts",
          ],
          env: { FIRMAMENT_TEST_STORE: "postgres" },
          // One worker runs the files in turn with its modules loaded once: loading the server's modules
          // anew for each file was nearly a third of this pass's time. Each file starts and closes its own servers.
          isolate: false,
          globalSetup: [BUILD_SERVER],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
