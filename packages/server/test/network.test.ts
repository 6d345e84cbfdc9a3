/**
 * GET /api/network over real HTTP: the host's own browser on localhost learns the addresses friends'
 * devices can use; nobody else does.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lanAddresses } from "../src/network";
import { startTestServer } from "./helpers";

type Env = Awaited<ReturnType<typeof startTestServer>>;

/** fetch() cannot set Host, so this asks with a chosen Host header. */
function get(
  port: number,
  path: string,
  host: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host, ...extra } }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /api/network", () => {
  let env: Env;
  let publicEnv: Env;
  beforeAll(async () => {
    env = await startTestServer();
    publicEnv = await startTestServer({ publicUrl: "https://dreams.example.org" });
  });
  afterAll(async () => {
    await env.close();
    await publicEnv.close();
  });

  it("gives the browser on this machine one origin per network address, on the server's port", async () => {
    const { port } = env.server;
    const { status, body } = await get(port, "/api/network", `localhost:${port}`);
    expect(status).toBe(200);
    expect(body).toEqual({ origins: lanAddresses().map((ip) => `http://${ip}:${port}`) });
  });

  it("tells nobody who reached the server under another name", async () => {
    const { port } = env.server;
    expect((await get(port, "/api/network", "dreams.example.org")).body).toEqual({ origins: [] });
  });

  it("tells nothing to a request relayed by a proxy on this machine (nginx sends the upstream's Host)", async () => {
    const { port } = env.server;
    const relayed = await get(port, "/api/network", `127.0.0.1:${port}`, {
      "x-forwarded-for": "127.0.0.1",
      "x-forwarded-proto": "javascript",
    });
    expect(relayed.body).toEqual({ origins: [] });
  });

  it("tells nothing when the server has a public URL", async () => {
    const { port } = publicEnv.server;
    expect((await get(port, "/api/network", `localhost:${port}`)).body).toEqual({ origins: [] });
  });
});
