/**
 * End to end in real Chromium: a host picks "Your own pictures" on the create page, is told clearly when
 * the server refuses a picture, uploads 8 generated PNGs with a progress bar and a preview, creates the
 * table, adds bots, starts, and the round's four cards are the host's own pictures, loaded from the
 * server. Screenshots go to artifacts/screenshots/custom-deck-*.png.
 */
import { join } from "node:path";
import { samplePictures } from "@firmament/cards/testing";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, screenshotDir, watchErrors } from "./harness";

const e2e = browserSuite({ BOT_DELAY_MS: "60" });
const shots = screenshotDir();

const shoot = (page: Page, label: string) =>
  page.screenshot({ path: join(shots, `custom-deck-${label}.png`), fullPage: true });

describe("a custom deck in the browser", () => {
  it("uploads 8 pictures on the create page, creates the table and plays with them", async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-US",
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const pictures = await samplePictures(8, { width: 900, height: 1200, seed: "e2e" });
    const asFiles = (list: typeof pictures) =>
      list.map((p) => ({ name: p.name, mimeType: "image/png", buffer: Buffer.from(p.bytes) }));

    await page.goto(e2e.server.url);
    await page.getByRole("radio", { name: "Your own pictures" }).check();
    const input = page.getByLabel("Pictures", { exact: true });

    // Checked in the browser first: too few pictures.
    await input.setInputFiles(asFiles(pictures.slice(0, 5)));
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("A deck needs at least 8 pictures.");

    // Checked by the server: a PNG named as a JPEG passes the browser's checks, not the server's.
    const lying = [
      ...asFiles(pictures.slice(0, 7)),
      { ...asFiles(pictures.slice(7))[0], name: "beach.jpg", mimeType: "image/jpeg" },
    ];
    await input.setInputFiles(lying as Parameters<typeof input.setInputFiles>[0]);
    await expect
      .poll(() => page.getByRole("alert").textContent(), { timeout: 20_000 })
      .toContain("“beach.jpg” is not what its name says");
    await shoot(page, "1-refused");

    // Creating the table before a deck is ready is refused with a clear message.
    await page.getByRole("button", { name: "Create table" }).click();
    await expect.poll(() => page.getByText(/^Choose your pictures first/).isVisible()).toBe(true);

    // The good upload: a progress bar, then a preview of the cropped cards.
    await page.getByRole("textbox", { name: "Deck name (optional)" }).fill("Generated skies");
    await input.setInputFiles(asFiles(pictures));
    await expect
      .poll(() => page.getByText("8 cards ready. Create the table to play with them.").isVisible(), {
        timeout: 60_000,
      })
      .toBe(true);
    const preview = page.getByRole("list", { name: "Preview of your cards" });
    expect(await preview.getByRole("img").count()).toBe(8);
    await expect
      .poll(() =>
        preview
          .getByRole("img")
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth === 160)),
      )
      .toBe(true);
    await shoot(page, "2-preview");

    // Create, sit down, two bots, start.
    await page.getByRole("button", { name: "Create table" }).click();
    await page.waitForURL(/\/t\/[A-HJKMNP-Z2-9]{6}$/);
    // the lobby says which deck: the host's own pictures, by the name given
    await expect.poll(() => page.getByText(/· your own pictures: Generated skies$/).isVisible()).toBe(true);
    await page.getByRole("textbox", { name: "Name" }).fill("Host");
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await expect.poll(() => page.getByRole("button", { name: "Leave seat" }).isVisible()).toBe(true);
    for (let i = 0; i < 2; i++) {
      await page.getByRole("button", { name: "Add bot" }).first().click();
      await expect.poll(() => page.getByRole("button", { name: "Remove bot" }).count()).toBe(i + 1);
    }
    await page.getByRole("button", { name: "Start game" }).click();
    await expect
      .poll(() => page.getByRole("application", { name: "Firmament" }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // The round's four cards are the host's pictures, loaded from the server, named by their alt text.
    const cards = page.getByRole("region", { name: "Dreams of this round" }).locator("img");
    expect(await cards.count()).toBe(4);
    await expect
      .poll(() =>
        cards.evaluateAll((imgs) =>
          imgs.map((i) => {
            const img = i as HTMLImageElement;
            return (
              img.complete &&
              img.naturalWidth === 400 &&
              /\/api\/decks\/[A-Za-z0-9_-]{24}\/cards\/custom-[1-8]$/.test(img.src)
            );
          }),
        ),
      )
      .toEqual([true, true, true, true]);
    const first = page.getByRole("button", { name: /^Image 1: / });
    await expect
      .poll(() => first.getAttribute("aria-label"))
      .toMatch(/^Image 1: Custom dream picture [1-8] of 8\.$/);
    // only the four cards of the round were loaded, not the whole deck
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((n) => /\/api\/decks\/[^/]+\/cards\//.test(n)),
    );
    expect(new Set(loaded).size).toBe(4);
    await shoot(page, "3-game");

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
