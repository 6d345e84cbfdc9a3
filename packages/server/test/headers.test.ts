import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "./helpers";

type Env = Awaited<ReturnType<typeof startTestServer>>;

describe("security headers on every response", () => {
  let env: Env;
  let web: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "firmament-web-"));
    mkdirSync(join(web, "assets"));
    writeFileSync(
      join(web, "index.html"),
      "<html><head><style>html{color:red}</style></head><body></body></html>",
    );
    writeFileSync(join(web, "assets", "app.js"), "console.log(1)");
    env = await startTestServer({ webDist: web });
  });

  afterAll(async () => {
    await env.close();
    rmSync(web, { recursive: true, force: true });
  });

  it.each([
    ["the client", "/"],
    ["a client route", "/t/ABCDEF"],
    ["a static asset", "/assets/app.js"],
    ["the API", "/api/tables"],
    ["an API error", "/api/tables/ZZZZZZ"],
    ["an unknown path", "/nope.txt"],
  ])("%s (%s)", async (_what, path) => {
    const response = await fetch(env.server.url + path);
    await response.arrayBuffer();
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // the inline boot style of index.html is allowed by its hash, nothing else inline
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});
