/**
 * The Content-Security-Policy in a real browser: the built client, its fonts, card images, `blob:`
 * previews and the realtime connection all work under it, and other sites cannot frame it.
 */
import { describe, expect, it } from "vitest";
import { browserSuite, watchCsp } from "./harness";

const e2e = browserSuite({ BOT_DELAY_MS: "60" });

describe("the security headers in Chromium", () => {
  it("let the client load, connect, use its fonts and show blob: previews, with no violation", async () => {
    const context = await e2e.browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const violations: string[] = [];
    watchCsp(page, violations);
    const response = await page.goto(e2e.server.url);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");

    await page.getByRole("button", { name: "Create table" }).click();
    await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
    await page.getByRole("textbox", { name: "Name" }).fill("Ada");
    await page.getByRole("button", { name: "Join", exact: true }).click();
    // Joining a seat goes through the realtime connection.
    await expect.poll(() => page.getByRole("button", { name: "Leave seat" }).isVisible()).toBe(true);

    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family);
    });
    expect(fonts.some((family) => family.includes("Nunito"))).toBe(true);

    const blobShown = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const canvas = document.createElement("canvas");
          canvas.width = 4;
          canvas.height = 6;
          canvas.toBlob((blob) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth === 4);
            img.onerror = () => resolve(false);
            img.src = URL.createObjectURL(blob as Blob);
          });
        }),
    );
    expect(blobShown).toBe(true);

    const cardShown = await page.evaluate(async () => {
      const deck = (await (await fetch("/api/decks/standard")).json()) as { cards: { image: string }[] };
      return new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = deck.cards[0]?.image ?? "";
      });
    });
    expect(cardShown).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it("refuses to be framed by another site", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    watchCsp(page, violations);
    await page.setContent(`<iframe src="${e2e.server.url}/" title="framed"></iframe>`);
    await expect.poll(() => violations.join("\n"), { timeout: 15_000 }).toContain("frame-ancestors");
    await context.close();
  }, 60_000);
});
