import { describe, expect, it } from "vitest";
import { workerUrl } from "./worker-url";

describe("workerUrl", () => {
  const names = { bootstrap: "./sqlite-worker-boot.mjs", built: "sqlite-worker.js" };
  const source = "file:///repo/packages/server/src/store/sqlite.ts";

  // null, not undefined: an undefined argument takes the default, the suites' FIRMAMENT_BUILT_WORKERS
  it("names the tsx bootstrap beside a TypeScript source", () => {
    expect(workerUrl(source, names, null).href).toBe(
      "file:///repo/packages/server/src/store/sqlite-worker-boot.mjs",
    );
  });

  it("names the built worker of a fresh build the tests made, from the sources", () => {
    expect(workerUrl(source, names, "/repo/packages/server/dist").href).toBe(
      "file:///repo/packages/server/dist/sqlite-worker.js",
    );
  });

  it("names the built worker beside the bundle", () => {
    expect(workerUrl("file:///repo/packages/server/dist/main.js", names, "/elsewhere").href).toBe(
      "file:///repo/packages/server/dist/sqlite-worker.js",
    );
  });
});
