/**
 * Caching as a browser does it: after a first visit of the landing page, reloading it asks the server
 * for the page alone (answered 304 Not Modified) and takes every fingerprinted file under /assets/ from
 * its cache without a request; and the first visit got those files compressed.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, WEB, watchErrors } from "./harness";

const e2e = browserSuite({});

interface Seen {
  url: string;
  /** The status as it came over the network; absent when the cache answered without a request. */
  wireStatus?: number;
  fromCache: boolean;
  encoding?: string;
}

/** Every request of the page from now on, and whether it went to the network. */
async function watchNetwork(cdp: CDPSession): Promise<Map<string, Seen>> {
  const seen = new Map<string, Seen>();
  await cdp.send("Network.enable");
  cdp.on("Network.requestWillBeSent", (e) => seen.set(e.requestId, { url: e.request.url, fromCache: false }));
  // The status on the wire comes with the response's extra info, which Chromium sometimes leaves out
  // for a response it got from the network: then the response itself tells it, unless a cache answered.
  cdp.on("Network.responseReceived", (e) => {
    const s = seen.get(e.requestId);
    const cached = e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache;
    if (!s || s.fromCache || cached) return;
    s.wireStatus ??= e.response.status;
    s.encoding ??= Object.entries(e.response.headers).find(
      ([k]) => k.toLowerCase() === "content-encoding",
    )?.[1];
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const s = seen.get(e.requestId);
    if (s) s.fromCache = true;
  });
  cdp.on("Network.responseReceivedExtraInfo", (e) => {
    const s = seen.get(e.requestId);
    if (!s) return;
    s.wireStatus = e.statusCode;
    s.encoding = Object.entries(e.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1];
  });
  return seen;
}

async function landing(page: Page, go: () => Promise<unknown>): Promise<void> {
  await go();
  await page.getByRole("button", { name: "Create table" }).waitFor();
  // The sample round below the forms loads its code and cards once it comes near the viewport: bring
  // it there and wait for it and its pictures, so no request is still in flight when they are counted.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("heading", { name: "What a round of Dreams looks like" }).waitFor();
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.waitForLoadState("networkidle");
}

describe("caching in Chromium", () => {
  it("a warm reload of the landing page makes no request for a fingerprinted asset", async () => {
    // This measures the HTTP cache and its headers. The service worker (tests/e2e/pwa.test.ts) answers
    // only offline, but a page it controls is not reported request by request the same way.
    const context = await e2e.browser.newContext({ locale: "en-US", serviceWorkers: "block" });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const cdp = await context.newCDPSession(page);
    const seen = await watchNetwork(cdp);
    await landing(page, () => page.goto(e2e.server.url));
    const coldRequests = [...seen.values()].filter((s) => new URL(s.url).pathname.startsWith("/assets/"));
    // A file asked for twice in one load (a preload, then the import) comes over the wire once and
    // from the memory cache after: each file's first visit is the request that went to the network.
    const coldAssets = [...new Set(coldRequests.map((s) => s.url))].map(
      (url) =>
        coldRequests.find((s) => s.url === url && s.wireStatus !== undefined) ?? { url, fromCache: false },
    );
    for (const request of coldRequests)
      expect(request.wireStatus !== undefined || request.fromCache, request.url).toBe(true);
    // scripts, the stylesheet and the fonts
    expect(coldAssets.length).toBeGreaterThanOrEqual(4);
    for (const asset of coldAssets) expect(asset.wireStatus, asset.url).toBe(200);
    const scripts = coldAssets.filter((s) => /\.(js|css)$/.test(new URL(s.url).pathname));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    // brotli wherever the build wrote a variant — every file but the few too small to gain from it
    // (served as they are, by design: scripts/precompress.ts), and most of them
    const hasVariant = (url: string) => existsSync(`${join(WEB, "dist", new URL(url).pathname)}.br`);
    for (const script of scripts)
      expect(script.encoding, script.url).toBe(hasVariant(script.url) ? "br" : undefined);
    expect(scripts.filter((s) => s.encoding === "br").length).toBeGreaterThan(scripts.length / 2);

    seen.clear();
    await landing(page, () => page.reload());
    const warmAssets = [...seen.values()].filter((s) => new URL(s.url).pathname.startsWith("/assets/"));
    expect([...new Set(warmAssets.map((s) => s.url))].sort()).toEqual(coldAssets.map((s) => s.url).sort());
    const asked = warmAssets.filter((s) => s.wireStatus !== undefined || !s.fromCache);
    expect(asked.map((s) => s.url)).toEqual([]);
    const document = [...seen.values()].find((s) => new URL(s.url).pathname === "/");
    expect(document?.wireStatus).toBe(304);
    expect(errors).toEqual([]);
    await context.close();
  });
});
