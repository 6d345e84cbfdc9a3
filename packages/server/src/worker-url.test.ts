import { describe, expect, it } from "vitest";
import { workerUrl } from "./worker-url";

describe("workerUrl", () => {
  const names = { bootstrap: "./sqlite-worker-boot.mjs", built: "sqlite-worker.js" };

  it("names the tsx bootstrap beside a TypeScript source", () => {
    expect(workerUrl("file:///repo/packages/server/src/store/sqlite.ts", names).href).toBe(
      "file:///repo/packages/server/src/store/sqlite-worker-boot.mjs",
    );
  });

  it("names the built worker beside the bundle", () => {
    expect(workerUrl("file:///repo/packages/server/dist/main.js", names).href).toBe(
      "file:///repo/packages/server/dist/sqlite-worker.js",
    );
  });
});
