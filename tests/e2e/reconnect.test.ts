/**
 * The server crashes (SIGKILL) in the middle of a round and comes back on the same data: the browser
 * shows that the connection is lost, reconnects by itself, and the player carries on in the same seat
 * with nothing lost; a spectator who opened the link sees the same board.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, startServer, watchErrors } from "./harness";

const ENV = { BOT_DELAY_MS: "60", GRACE_SECONDS: "120" };
const e2e = browserSuite(ENV);

const moves = (page: Page) =>
  page.getByRole("region", { name: "Stars placed" }).getByRole("listitem").count();

async function placeWhenMyTurn(page: Page): Promise<void> {
  const place = page.getByRole("button", { name: "Place star" });
  await expect.poll(() => place.isEnabled(), { timeout: 20_000 }).toBe(true);
  const before = await moves(page);
  const sky = page.getByRole("application", { name: "Firmament" });
  for (let attempt = 0; attempt < 8 && (await moves(page)) === before; attempt++) {
    await sky.focus();
    for (let i = 0; i <= attempt; i++) await page.keyboard.press(attempt % 2 ? "ArrowRight" : "ArrowDown");
    await page.keyboard.press("Enter");
    // a star where one may not go is refused on the page: then the next attempt moves further
    await expect
      .poll(() => moves(page), { timeout: 2_000 })
      .toBeGreaterThan(before)
      .catch(() => undefined);
  }
  await expect.poll(() => moves(page)).toBeGreaterThan(before);
}

describe("a server crash mid-round", () => {
  it("the page reconnects by itself and play goes on in the same seat", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(e2e.server.url);
    await page.getByRole("combobox", { name: "Seats" }).selectOption("3");
    await page.getByRole("button", { name: "Create table" }).click();
    await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
    const url = page.url();
    await page.getByRole("textbox", { name: "Name" }).fill("Ada");
    await page.getByRole("button", { name: "Join", exact: true }).click();
    for (let bots = 1; bots <= 2; bots++) {
      await expect.poll(() => page.getByRole("button", { name: "Add bot" }).count()).toBe(3 - bots);
      await page.getByRole("button", { name: "Add bot" }).first().click();
    }
    await expect.poll(() => page.getByRole("button", { name: "Remove bot" }).count()).toBe(2);
    await page.getByRole("button", { name: "Start game" }).click();
    await placeWhenMyTurn(page);

    const spectator = await (await e2e.browser.newContext({ locale: "en-US" })).newPage();
    await spectator.goto(url);
    await expect.poll(() => spectator.getByText("You are watching.").isVisible()).toBe(true);

    // Crash while it is the bots' turn or ours; what was accepted is on disk.
    const seen = await moves(page);
    await e2e.server.kill();
    await expect.poll(() => page.getByText("Connection lost").isVisible(), { timeout: 15_000 }).toBe(true);
    e2e.server = await startServer(ENV, { port: e2e.server.port, dataDir: e2e.server.dataDir });

    await expect.poll(() => page.getByText("Connection lost").isVisible(), { timeout: 30_000 }).toBe(false);
    expect(await moves(page)).toBeGreaterThanOrEqual(seen);
    await expect.poll(() => page.getByRole("button", { name: "Peek" }).isVisible()).toBe(true);
    await placeWhenMyTurn(page);
    await expect
      .poll(async () => (await moves(spectator)) === (await moves(page)), { timeout: 15_000 })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
