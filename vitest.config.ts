import { defineConfig } from "vitest/config";

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
            "packages/engine/test/**/*.test.ts",
            "packages/dreamers/test/**/*.test.ts",
          ],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["packages/*/test/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["packages/engine/test/**", "packages/dreamers/test/**"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
