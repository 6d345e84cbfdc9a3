/**
 * The installable web app: the manifest and its icons are served, the service worker is served fresh
 * (no-cache) at the root with scope "/", registers in Chromium, keeps only the app shell ("/" and the
 * fingerprinted /assets/ files: never /api, socket traffic or cards), and starts the app offline.
 */
import { describe, expect, it } from "vitest";
import { startGuide } from "./guide-play";
import { browserSuite, watchErrors } from "./harness";

const e2e = browserSuite({});

function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

describe("installable web app", () => {
  it("serves a manifest with a name, start URL, standalone display, theme colour and 192/512/maskable PNG icons", async () => {
    const response = await fetch(`${e2e.server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/(manifest\+)?json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest.name).toContain("Firmament");
    expect(manifest.short_name).toBe("Firmament");
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const wanted = ["192x192 any", "512x512 any", "512x512 maskable"];
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(wanted.sort());
    for (const entry of manifest.icons) {
      const icon = await fetch(`${e2e.server.url}${entry.src}`);
      expect(icon.status, entry.src).toBe(200);
      expect(icon.headers.get("content-type")).toBe("image/png");
      const size = Number(entry.sizes.split("x")[0]);
      expect(pngSize(new Uint8Array(await icon.arrayBuffer()))).toEqual([size, size]);
    }
    const html = await (await fetch(e2e.server.url)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  it("answers /favicon.ico with an ICO of the app's star in 16, 32 and 48 px", async () => {
    const response = await fetch(`${e2e.server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    const bytes = new DataView(await response.arrayBuffer());
    expect([bytes.getUint16(0, true), bytes.getUint16(2, true), bytes.getUint16(4, true)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((i) => bytes.getUint8(6 + 16 * i))).toEqual([16, 32, 48]);
  });

  it("serves the service worker revalidated on every visit, as JavaScript, naming only the app shell", async () => {
    const response = await fetch(`${e2e.server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    const source = await response.text();
    const shell = JSON.parse(/const SHELL = (\[.*\]);/.exec(source)?.[1] ?? "[]") as string[];
    expect(shell[0]).toBe("/");
    expect(shell.length).toBeGreaterThan(3);
    for (const path of shell.slice(1)) expect(path).toMatch(/^\/assets\/.+-[A-Za-z0-9_-]{8}\.\w+$/);
    // no path of the API, the sockets or the cards anywhere in it (an asset may be *named* api-….js)
    for (const root of ["api", "socket.io", "cards"])
      expect(source).not.toMatch(new RegExp(`["'\`]/${root.replace(".", "\\.")}\\b`));
  });

  it("registers for the whole site, caches only the shell while a game is played, and starts offline", async () => {
    const context = await e2e.browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(e2e.server.url);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${e2e.server.url}/`);
    // a game with API calls, socket traffic and card images, under the worker's control
    await startGuide(page, e2e.server.url, "en", "dreams");
    await page.getByRole("application").waitFor();
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain("/");
    for (const path of cached) expect(path === "/" || path.startsWith("/assets/"), path).toBe(true);
    // offline, the app still starts from the cached shell
    await context.setOffline(true);
    await page.goto(e2e.server.url);
    await page.getByRole("button", { name: "Learn by playing" }).waitFor({ timeout: 10_000 });
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
