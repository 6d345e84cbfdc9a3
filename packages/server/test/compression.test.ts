/**
 * The built web client and the API over real HTTP, read as raw bytes (Node's `http`, which decodes
 * nothing): every file of the build answers brotli to `br`, gzip to `gzip` and itself without
 * `Accept-Encoding`, each decoding to the built file, with `Vary`, its Cache-Control by kind and the
 * security headers; large JSON answers are compressed, small ones not.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { join, relative, sep } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { ensureWebBuild, WEB } from "@firmament/e2e/harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deckResponse, loadStandardDeck } from "../src/deck";
import { createTable, startTestServer } from "./helpers";

type Env = Awaited<ReturnType<typeof startTestServer>>;
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const DIST = join(WEB, "dist");
const IMMUTABLE = "public, max-age=31536000, immutable";

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decode(response: Raw): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  expect(encoding).toBeUndefined();
  return response.body;
}

function builtFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return builtFiles(path);
    return /\.(br|gz)$/.test(name) ? [] : [relative(DIST, path).split(sep).join("/")];
  });
}

function expectSecurityHeaders(response: Raw): void {
  expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
}

describe("the web client, compressed and cached by kind", () => {
  let env: Env;
  let files: string[];

  beforeAll(async () => {
    await ensureWebBuild();
    files = builtFiles(DIST);
    env = await startTestServer({ webDist: DIST });
  }, 180_000);

  afterAll(async () => env?.close());

  // The web build's precompress step (packages/web/scripts/precompress.ts) leaves files under 512 bytes
  // as they are: they fit in one packet either way (a small lazy chunk, such as a fixture game's page).
  it("is built with a .br and a .gz beside every script, style and page worth compressing", () => {
    const texts = files.filter((f) => /\.(js|css|html)$/.test(f));
    const worth = texts.filter((f) => statSync(join(DIST, f)).size >= 512);
    expect(worth.length).toBeGreaterThan(5);
    for (const file of texts.filter((f) => !worth.includes(f))) expect(hasVariant(file), file).toBe(false);
    for (const file of worth) {
      expect(statSync(join(DIST, `${file}.br`)).size, file).toBeLessThan(statSync(join(DIST, file)).size);
      expect(statSync(join(DIST, `${file}.gz`)).size, file).toBeLessThan(statSync(join(DIST, file)).size);
    }
  });

  it("answers every built file in brotli, in gzip and as it is, each decoding to the built file", async () => {
    for (const file of files) {
      const built = readFileSync(join(DIST, file));
      const compressible = hasVariant(file);
      const cacheControl = file.startsWith("assets/") ? IMMUTABLE : "no-cache";
      for (const [accept, expected] of [
        ["br", "br"],
        ["gzip", "gzip"],
        ["gzip, deflate, br, zstd", "br"],
        [null, undefined],
      ] as const) {
        const response = await get(env.server.url, `/${file}`, accept ? { "accept-encoding": accept } : {});
        expect(response.status, file).toBe(200);
        expect(response.headers["content-encoding"], `${file} for ${accept}`).toBe(
          compressible ? expected : undefined,
        );
        expect(response.headers["cache-control"], file).toBe(cacheControl);
        if (compressible) expect(response.headers.vary, file).toBe("Accept-Encoding");
        expect(Number(response.headers["content-length"]), file).toBe(response.body.length);
        expect(decode(response).equals(built), `${file} for ${accept}`).toBe(true);
        expectSecurityHeaders(response);
      }
    }
  });

  it("answers the page and every client route with index.html, compressed and revalidated every time", async () => {
    const index = readFileSync(join(DIST, "index.html"));
    for (const path of ["/", "/t/ABCDEF", "/how-to-play"])
      for (const accept of ["br", "gzip", null]) {
        const response = await get(env.server.url, path, accept ? { "accept-encoding": accept } : {});
        expect(response.status, path).toBe(200);
        expect(response.headers["content-encoding"] ?? null, path).toBe(accept);
        expect(response.headers["cache-control"], path).toBe("no-cache");
        expect(response.headers.vary, path).toBe("Accept-Encoding");
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        expect(decode(response).equals(index), path).toBe(true);
        expectSecurityHeaders(response);
        // revalidation: the same representation's validator gives a 304 with the same headers
        const etag = String(response.headers.etag);
        const again = await get(env.server.url, path, {
          ...(accept ? { "accept-encoding": accept } : {}),
          "if-none-match": etag,
        });
        expect(again.status, path).toBe(304);
        expect(again.headers["cache-control"]).toBe("no-cache");
        expectSecurityHeaders(again);
      }
  });

  it("keeps a fingerprinted file a year, and tells each encoding apart by its validator", async () => {
    const script = files.find((f) => /^assets\/index-.*\.js$/.test(f)) as string;
    const etags = new Set<string>();
    for (const accept of ["br", "gzip", "identity"]) {
      const response = await get(env.server.url, `/${script}`, { "accept-encoding": accept });
      expect(response.headers["cache-control"]).toBe(IMMUTABLE);
      etags.add(String(response.headers.etag));
    }
    expect(etags.size).toBe(3);
  });

  it("sends nothing compressed that the client refused (q=0) and treats * as any encoding", async () => {
    const script = files.find((f) => /^assets\/index-.*\.js$/.test(f)) as string;
    const refused = await get(env.server.url, `/${script}`, { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const any = await get(env.server.url, `/${script}`, { "accept-encoding": "*" });
    expect(decode(any).equals(readFileSync(join(DIST, script)))).toBe(true);
  });
});

function hasVariant(file: string): boolean {
  try {
    statSync(join(DIST, `${file}.br`));
    return true;
  } catch {
    return false;
  }
}

describe("API answers and card images", () => {
  let env: Env;

  beforeAll(async () => {
    env = await startTestServer();
  });

  afterAll(async () => env?.close());

  it("compresses the standard deck's manifest for br and gzip, and not without Accept-Encoding", async () => {
    const expected = deckResponse(loadStandardDeck());
    const sizes: Record<string, number> = {};
    for (const accept of ["br", "gzip", null]) {
      const response = await get(
        env.server.url,
        "/api/decks/standard",
        accept ? { "accept-encoding": accept } : {},
      );
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"] ?? null).toBe(accept);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=300");
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(decode(response).toString("utf8"))).toEqual(expected);
      expectSecurityHeaders(response);
      sizes[accept ?? "none"] = response.body.length;
    }
    // the manifest is mostly alt texts in four languages: compression takes it well below a fifth
    expect(sizes.br).toBeLessThan((sizes.none as number) / 5);
    expect(sizes.gzip).toBeLessThan((sizes.none as number) / 5);
  });

  it("compresses a large table list on the fly, and leaves small answers as they are", async () => {
    const small = await get(env.server.url, "/api/tables", { "accept-encoding": "br" });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    for (let i = 0; i < 12; i++) await createTable(env.server.url, { visibility: "public" });
    for (const accept of ["br", "gzip"]) {
      const large = await get(env.server.url, "/api/tables", { "accept-encoding": accept });
      expect(large.headers["content-encoding"]).toBe(accept);
      expect(large.headers.vary).toBe("Accept-Encoding");
      const list = JSON.parse(decode(large).toString("utf8")) as { tables: unknown[] };
      expect(list.tables).toHaveLength(12);
      expectSecurityHeaders(large);
    }
  });

  it("keeps a standard card a year under the deck's version, a day otherwise", async () => {
    const deck = loadStandardDeck();
    const manifest = deckResponse(deck);
    const card = manifest.cards[0];
    expect(card?.image).toBe(`/cards/${deck.ids[0]}.webp?v=${encodeURIComponent(deck.version)}`);
    const versioned = await get(env.server.url, card?.image as string, { "accept-encoding": "br" });
    expect(versioned.status).toBe(200);
    expect(versioned.headers["cache-control"]).toBe(IMMUTABLE);
    // WebP is compressed already: sent as it is
    expect(versioned.headers["content-encoding"]).toBeUndefined();
    expectSecurityHeaders(versioned);
    for (const path of [`/cards/${deck.ids[0]}.webp`, `/cards/${deck.ids[0]}.webp?v=0.0.1`]) {
      const other = await get(env.server.url, path);
      expect(other.status).toBe(200);
      expect(other.headers["cache-control"]).toBe("public, max-age=86400");
      expect(other.body.equals(versioned.body)).toBe(true);
    }
  });

  it("keeps a Dreamers face a day and then answers the browser's revalidation with a 304", async () => {
    const first = await get(env.server.url, "/cards/dreamers/gate-open.webp");
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers["cache-control"]).toBe("public, max-age=86400");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"dreamers-.+-gate-open"$/);
    const again = await get(env.server.url, "/cards/dreamers/gate-open.webp", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expectSecurityHeaders(again);
    expect((await get(env.server.url, "/cards/dreamers/no-such-face.webp")).status).toBe(404);
  });
});
