/**
 * A new player's whole story in Chromium: a guest plays Dreamers against a bot to the end at a rated
 * table, then signs up with a passkey — that game is in their profile at once, with a provisional
 * rating — and a second device, added by the one-time link with its own virtual authenticator, sees the
 * same profile and games. Axe finds nothing on the profile, in English, German, French and Italian.
 * Screenshots: artifacts/screenshots/story-*.png.
 */
import { join } from "node:path";
import { mulberry32 } from "@firmament/dreamers";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violations } from "./axe";
import { act, dreamersMoment, joinSeat, newSeen, type Player, press, probe } from "./dreamers-play";
import { browserSuite, screenshotDir, watchErrors } from "./harness";
import { deviceContext, deviceLink, redeemLink, signUp, siteOf } from "./passkeys";
import { untilChanged } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "40" });
const site = () => siteOf(e2e.server.url);
const NAME = "Nova Quill";

/** Creates a rated Dreamers table as a guest, sits down, adds a bot and plays the game to its end. */
async function guestPlaysBot(player: Player): Promise<string> {
  const { page } = player;
  await page.goto(site());
  await press(player, "Dreamers (2 players)", "radio");
  await page.getByRole("checkbox", { name: "Rated table" }).check();
  await press(player, "Create table");
  await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const code = page.url().slice(-6);
  await joinSeat(player, page.url());
  await press(player, "Add bot");
  await expect.poll(() => page.getByRole("button", { name: "Remove bot" }).count()).toBe(1);
  await press(player, "Start game");
  const random = mulberry32(19);
  const seen = newSeen();
  const started = Date.now();
  while (!(await probe(page)).over) {
    expect(Date.now() - started, "the game should end within 3 minutes").toBeLessThan(180_000);
    const before = await dreamersMoment(page);
    if ((await act(player, random, seen)) === null) await untilChanged(() => dreamersMoment(page), before);
  }
  return code;
}

/** The profile at /@NAME, once its heading is drawn: its game, rated and provisional, with its links. */
async function checkProfile(page: Page, code: string): Promise<void> {
  await page.goto(`${site()}/@${encodeURIComponent(NAME)}`);
  await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
  await page.getByRole("heading", { name: "Recent games" }).waitFor();
  expect(await page.getByText("1 game played").count()).toBe(1);
  expect(await page.getByText(/^Rating \d+$/).count()).toBeGreaterThan(0);
  expect(await page.getByText("provisional", { exact: true }).count()).toBe(1);
  const games = page.locator("table.player-games tbody tr");
  expect(await games.count()).toBe(1);
  expect(await games.first().textContent()).toContain("rated");
  expect(await page.locator(`a[href="/replay/${code}/1"]`).count()).toBe(1);
  expect(await page.locator(`a[href="/api/tables/${code}/matches/1/record"]`).count()).toBe(1);
  expect(await violations(page)).toEqual([]);
}

/** The same profile in another language, picked in the header: its game and links, nothing for axe. */
async function checkProfileIn(page: Page, language: string, code: string): Promise<void> {
  await page.locator("header select").selectOption(language);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  await page.getByRole("heading", { level: 1, name: NAME }).waitFor();
  expect(await page.locator(`a[href="/replay/${code}/1"]`).count()).toBe(1);
  expect(await page.locator("table.player-games tbody tr").count()).toBe(1);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({
    path: join(screenshotDir(), `story-profile-${language}-phone.png`),
    fullPage: true,
  });
}

describe("a new player's story", () => {
  it("plays a bot as a guest, signs up, finds the game rated in the profile, and sees it on a second device", async () => {
    const phone = await deviceContext(e2e.browser, { width: 390, height: 844 });
    const errors = watchErrors(phone.page);
    const player: Player = {
      name: "Nova",
      mode: "mouse",
      ...phone,
      errors,
      shots: new Set(),
      size: "phone",
    };
    const code = await guestPlaysBot(player);

    await signUp(phone.page, site(), NAME);
    await checkProfile(phone.page, code);
    await phone.page.screenshot({ path: join(screenshotDir(), "story-profile-phone.png"), fullPage: true });
    // their own profile: it lists the tables they sit at now too
    expect(await phone.page.getByRole("heading", { name: "Your tables now" }).count()).toBe(1);
    for (const language of ["de", "fr", "it"]) await checkProfileIn(phone.page, language, code);
    await phone.page.locator("header select").selectOption("en");

    const link = await deviceLink(phone.page, site());
    const laptop = await deviceContext(e2e.browser, { width: 1280, height: 800 });
    await redeemLink(laptop.page, link, NAME);
    await checkProfile(laptop.page, code);
    await laptop.page.screenshot({
      path: join(screenshotDir(), "story-profile-desktop.png"),
      fullPage: true,
    });
    expect(errors).toEqual([]);
    await phone.context.close();
    await laptop.context.close();
  }, 300_000);
});
