/**
 * Errors raised below the routes — by Node's HTTP parser, by Fastify's router, by the realtime
 * engine — and paths no route serves get the documented `{ error: { code, message } }` body and every
 * security header, and echo nothing of the request. The realtime channel is WebSocket only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "./helpers";

type Env = Awaited<ReturnType<typeof startTestServer>>;

let env: Env;
let web: string;
let port: number;

beforeAll(async () => {
  // With a built client, so that a path falling through to the app's page would be noticed.
  web = mkdtempSync(join(tmpdir(), "firmament-web-"));
  mkdirSync(join(web, "assets"));
  writeFileSync(join(web, "index.html"), "<html><head><style>a{}</style></head><body>APP PAGE</body></html>");
  env = await startTestServer({ webDist: web });
  port = env.server.port;
});
afterAll(async () => {
  await env?.close();
  rmSync(web, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `request` byte for byte on a fresh connection and reads the response until the server closes it. */
function raw(request: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer to ${JSON.stringify(request.slice(0, 80))}`));
    }, 10_000);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      // A response with a body of the announced length is complete even if the connection stays open.
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(text)?.[1];
      if (end >= 0 && length !== undefined && text.length - end - 4 >= Number(length)) socket.end();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map(
        lines.map((line) => {
          const at = line.indexOf(":");
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()] as const;
        }),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

const get = (path: string, extra = "") =>
  raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);

function expectDocumented(response: Raw, status: number, code: string | RegExp) {
  expect(response.status).toBe(status);
  const body = JSON.parse(response.body) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toMatch(code);
  expect(body.error.message.length).toBeGreaterThan(3);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(response.body).not.toContain("APP PAGE");
}

describe("errors below the routes", () => {
  it("a bad %-escape in the URL", async () => {
    for (const path of ["/api/tables/%E0%A4%A", "/api/tables/%zz/join", "/cards/%E0.webp"]) {
      const response = await get(path);
      expectDocumented(response, 400, "input/malformed");
      expect(response.body).not.toContain("%");
    }
  });

  it("an over-long parameter: 404, not echoed back", async () => {
    const long = "Q".repeat(5000);
    for (const [path, code] of [
      [`/api/tables/${long}`, "http/not_found"],
      [`/cards/${long}.webp`, "card/unknown"],
    ] as const) {
      const response = await get(path);
      expectDocumented(response, 404, code);
      expect(response.body).not.toContain("QQQQ");
    }
  });

  it("headers too large: 431", async () => {
    const response = await get("/api/tables", `X-Pad: ${"p".repeat(20_000)}\r\n`);
    expectDocumented(response, 431, "input/too_large");
    expect(response.body).not.toContain("ppp");
  });

  it("a garbage request line, and a request that is not HTTP at all", async () => {
    for (const request of ["HELLO THERE\r\n\r\n", "GET / HTTP/9.9.9\r\n\r\n", "\u0000\u0001\u0002\r\n\r\n"])
      expectDocumented(await raw(request), 400, "input/malformed");
  });
});

describe("dot segments and dotfiles", () => {
  it.each([
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/t/..%2f..%2fetc",
    "/.git/config",
    "/.env",
    "/t/ABCDEF/.htaccess",
  ])("%s answers 404 http/not_found, never the app's page", async (path) => {
    expectDocumented(await get(path), 404, "http/not_found");
  });

  it("a client route is still the app's page", async () => {
    const response = await get("/t/ABCDEF");
    expect(response.status).toBe(200);
    expect(response.body).toContain("APP PAGE");
  });
});

describe("paths under /cards/ that are not a card", () => {
  it.each([
    "/cards/../../etc/passwd",
    "/cards/..%2f..%2fetc%2fpasswd",
    "/cards/dreamers/x",
    "/cards/dreamers/a/b",
    "/cards/x",
    "/cards/",
    "/cards",
  ])("%s answers 404 card/unknown, never the app's page", async (path) => {
    expectDocumented(await get(path), 404, "card/unknown");
  });

  it("a real card is still served", async () => {
    const deck = (await (await fetch(`${env.server.url}/api/decks/standard`)).json()) as {
      cards: Array<{ image: string }>;
    };
    const image = deck.cards[0]?.image as string;
    const response = await get(image);
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });
});

describe("the realtime channel speaks WebSocket only", () => {
  it("socket.io's polling endpoint answers 400 http/websocket_only, with the headers", async () => {
    expectDocumented(await get("/socket.io/?EIO=4&transport=polling"), 400, "http/websocket_only");
    expectDocumented(
      await raw(
        "POST /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
      ),
      400,
      "http/websocket_only",
    );
  });

  it("a refused WebSocket handshake and an upgrade elsewhere get the documented body", async () => {
    const upgrade = (path: string) =>
      raw(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
      );
    expectDocumented(await upgrade("/socket.io/?EIO=4&transport=flying"), 400, "input/malformed");
    expectDocumented(await upgrade("/socket.io/?EIO=4&transport=websocket&sid=nope"), 400, "input/malformed");
    expectDocumented(await upgrade("/elsewhere"), 404, "http/not_found");
  });

  it("a client that would use polling gets no connection; a WebSocket client connects", async () => {
    const polling = io(env.server.url, { transports: ["polling"], reconnection: false, forceNew: true });
    const refused = await new Promise<boolean>((resolve) => {
      polling.on("connect", () => resolve(false));
      polling.on("connect_error", () => resolve(true));
    });
    polling.close();
    expect(refused).toBe(true);
    const ws = io(env.server.url, { transports: ["websocket"], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      ws.on("connect", () => resolve());
      ws.on("connect_error", reject);
    });
    expect(ws.connected).toBe(true);
    ws.close();
  });
});
