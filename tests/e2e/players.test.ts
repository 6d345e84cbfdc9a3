/**
 * Profiles and leaderboards in real Chromium: a store seeded with demo players and their rated
 * Dreamers matches (packages/server/scripts/seed-players.ts), then each page at phone and desktop size
 * in English and German — axe finds nothing, the rating's line and the links are there, a hidden
 * history stays hidden. Screenshots: artifacts/screenshots/players-*.png.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "./axe";
import {
  ensureWebBuild,
  launchChromium,
  ROOT,
  type ServerProcess,
  screenshotDir,
  startServer,
  watchErrors,
} from "./harness";

let server: ServerProcess;
let browser: Browser;

function seed(dataDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "packages/server/scripts/seed-players.ts", dataDir],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seeding failed: ${output}`)))),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  await ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "firmament-e2e-players-"));
  await seed(dataDir);
  server = await startServer({}, { port: await freePort(), dataDir });
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

async function open(lang: "en" | "de", size: keyof typeof SIZES): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: SIZES[size], bypassCSP: true, locale: lang });
  await context.addInitScript((l) => window.localStorage.setItem("firmament.lang", l), lang);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const TEXT = {
  en: { rating: /Rating \d+/, board: "Leaderboard: Dreamers", recent: "Recent games", hidden: "private" },
  de: { rating: /Wertung \d+/, board: "Bestenliste: Dreamers", recent: "Letzte Partien", hidden: "privat" },
};

describe("profiles and leaderboards in the browser", () => {
  for (const lang of ["en", "de"] as const)
    for (const size of ["phone", "desktop"] as const)
      it(`${lang}, ${size}: a profile with its rating line and games, and a leaderboard; axe finds nothing`, async () => {
        const { page, errors } = await open(lang, size);
        await page.goto(`${server.url}/@alice`);
        await page.getByRole("heading", { level: 1, name: "Alice" }).waitFor();
        await page.getByRole("img", { name: /Dreamers/ }).waitFor();
        await expect.poll(() => page.getByText(TEXT[lang].rating).count()).toBeGreaterThan(0);
        await page.getByRole("heading", { name: TEXT[lang].recent }).waitFor();
        const replayLinks = page.locator('a[href^="/replay/DEMO"]');
        expect(await replayLinks.count()).toBe(13);
        expect(await violations(page)).toEqual([]);
        await page.screenshot({
          path: join(screenshotDir(), `players-profile-${lang}-${size}.png`),
          fullPage: true,
        });

        await page.goto(`${server.url}/leaderboard/dreamers`);
        await page.getByRole("heading", { level: 1, name: TEXT[lang].board }).waitFor();
        const rows = page.locator("table.leaderboard tbody tr");
        await expect.poll(() => rows.count()).toBe(4); // Dmitri, whose history is hidden, too
        expect(await violations(page)).toEqual([]);
        await page.screenshot({
          path: join(screenshotDir(), `players-leaderboard-${lang}-${size}.png`),
          fullPage: true,
        });

        await page.goto(`${server.url}/@Dmitri`);
        await page.getByText(TEXT[lang].hidden).waitFor();
        expect(await page.locator('a[href^="/replay/"]').count()).toBe(0);
        expect(errors).toEqual([]);
        await page.context().close();
      }, 120_000);
});
