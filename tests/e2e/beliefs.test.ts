/**
 * End to end in real Chromium: Ada plays a Dreams round against two bots to the reveal, where the
 * strongest bot's beliefs appear beside the scores — per seat, as mortal over the four cards and as god
 * over who was the mortal — as meters with accessible names; a spectator on a 390×844 phone sees the
 * same. Screenshots: artifacts/screenshots/beliefs-{desktop,phone}.png.
 */
import { join } from "node:path";
import { mulberry32 as dreamersRandom } from "@firmament/dreamers";
import { mulberry32 } from "@firmament/dreams";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violations } from "./axe";
import {
  act,
  createDreamersTable,
  dreamersMoment,
  joinSeat,
  newPlayer,
  newSeen,
  press,
} from "./dreamers-play";
import { browserSuite, enabledNow, screenshotDir, watchErrors } from "./harness";
import { keepSeat, startWithBots, tableWithAda } from "./tables";
import { tableMoment, untilChanged } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "30", GRACE_SECONDS: "120" });
const random = mulberry32(13);
const movesCount = (page: Page) =>
  page.getByRole("region", { name: "Stars placed" }).getByRole("listitem").count();

/** Ada's part of the round: a star by mouse whenever it is her turn, then a guess. */
async function playRound(page: Page): Promise<void> {
  const heading = page.getByRole("heading", { name: "What the strongest bot concluded" });
  for (let i = 0; i < 400 && !(await heading.isVisible()); i++) {
    const before = await tableMoment(page);
    const canPlace = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>(".tray input[type=radio]")].some((r) => !r.disabled),
    );
    const guesses = page.getByRole("button", { name: /^Guess / });
    if (canPlace) {
      const sky = page.getByRole("application", { name: "Firmament" });
      const box = await sky.boundingBox();
      if (box) {
        const before = await movesCount(page);
        await page.mouse.click(
          box.x + box.width * (0.08 + random() * 0.84),
          box.y + box.height * (0.08 + random() * 0.84),
        );
        await expect
          .poll(() => movesCount(page), { timeout: 3000 })
          .toBeGreaterThan(before)
          .catch(() => undefined);
      }
    } else if ((await guesses.count()) > 0 && (await enabledNow(guesses.first()))) {
      await guesses.first().click();
    } else await untilChanged(() => tableMoment(page), before);
  }
  await heading.waitFor({ timeout: 30_000 });
}

describe("bot beliefs at the reveal", () => {
  it("shows, per seat, the bot's belief as mortal and as god, as named meters, on desktop and phone", async () => {
    const { code, hostToken, ada } = await tableWithAda(e2e.server, {
      game: "dreams",
      seats: 3,
      visibility: "private",
      timer: "off",
      deck: "standard",
    });
    const context = await e2e.browser.newContext({
      locale: "en-US",
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    await keepSeat(context, code, { seat: ada.seat, token: ada.token });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/t/${code}`);
    await page.getByRole("button", { name: "Leave seat" }).waitFor();

    const phoneContext = await e2e.browser.newContext({
      locale: "en-US",
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      reducedMotion: "reduce",
    });
    const phone = await phoneContext.newPage();
    const phoneErrors = watchErrors(phone);
    await phone.goto(`${e2e.server.url}/t/${code}`);

    expect(await startWithBots(e2e.server, { code, hostToken }, [1, 2])).toEqual([true, true, true, true]);

    await playRound(page);
    const section = page.getByRole("region", { name: "What the strongest bot concluded" });
    // Per seat: a group of four card meters as mortal, and one of two seat meters as god.
    const mortalGroups = section.getByRole("group", { name: /as mortal: the vision would be$/ });
    const godGroups = section.getByRole("group", { name: /as god: the mortal would be$/ });
    await expect.poll(() => mortalGroups.count()).toBe(3);
    expect(await godGroups.count()).toBe(3);
    const adaMortal = section.getByRole("group", { name: "Ada as mortal: the vision would be" });
    for (const card of [1, 2, 3, 4])
      expect(await adaMortal.getByRole("meter", { name: `Card ${card}` }).count()).toBe(1);
    const adaGod = section.getByRole("group", { name: "Ada as god: the mortal would be" });
    expect(await adaGod.getByRole("meter").count()).toBe(2);
    expect(await adaGod.getByRole("meter", { name: "Ada" }).count()).toBe(0);
    // The values are percentages that add up (within rounding) to 100 per group.
    const sums = await section.evaluate((root) =>
      [...root.querySelectorAll("fieldset")].map((group) =>
        [...group.querySelectorAll("meter")].reduce(
          (sum, m) => sum + Number((m as HTMLMeterElement).value),
          0,
        ),
      ),
    );
    expect(sums).toHaveLength(6);
    for (const sum of sums) {
      expect(sum).toBeGreaterThanOrEqual(97);
      expect(sum).toBeLessThanOrEqual(103);
    }
    const texts = await section
      .getByRole("meter")
      .evaluateAll((meters) => meters.map((m) => m.getAttribute("aria-valuetext") ?? ""));
    for (const text of texts) expect(text).toMatch(/^\d{1,3} %$/);
    // Readable by eye too: each bar shows its percentage, and a legend gives the scale and the colours.
    const shown = await section.evaluate((root) =>
      [...root.querySelectorAll(".belief-seats .belief-bar")].map(
        (bar) =>
          `${bar.querySelector(".belief-value")?.textContent} %` ===
          bar.querySelector("meter")?.getAttribute("aria-valuetext"),
      ),
    );
    expect(shown).toHaveLength(3 * 4 + 3 * 2);
    expect(shown.every(Boolean)).toBe(true);
    const legend = section.getByRole("list").first();
    for (const words of [
      /from 0 % \(empty\) to 100 % \(full\)/,
      /^Blue: the other answers\.$/,
      /^Yellow: the bot's answer, the likeliest one\.$/,
    ])
      expect(await legend.getByRole("listitem").filter({ hasText: words }).count()).toBe(1);
    // The slider replays the round's stars: before the first, nothing is known; at the end, as above.
    const slider = page.getByRole("slider", { name: "Stars counted" });
    expect(await slider.getAttribute("aria-valuetext")).toBe("After star 9 of 9");
    await slider.fill("0");
    await section.getByText("Before the first star").waitFor();
    const cards = await adaMortal
      .getByRole("meter")
      .evaluateAll((ms) => ms.map((m) => m.getAttribute("aria-valuetext")));
    expect(cards).toEqual(["25 %", "25 %", "25 %", "25 %"]);
    await slider.fill("9");
    await section.getByText("After star 9 of 9").waitFor();
    expect(await violations(page, ".beliefs, .belief-slider")).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir(), "beliefs-desktop.png"), fullPage: true });

    // The spectator's phone shows the same bars, fitting the 390 px screen.
    const phoneSection = phone.getByRole("region", { name: "What the strongest bot concluded" });
    await phoneSection.waitFor({ timeout: 30_000 });
    expect(await phoneSection.getByRole("meter").count()).toBe(3 * 4 + 3 * 2);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const bounds = await phoneSection.boundingBox();
    expect((bounds?.x ?? 0) + (bounds?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await violations(phone, ".beliefs")).toEqual([]);
    await phoneSection.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(screenshotDir(), "beliefs-phone.png") });

    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await context.close();
    await phoneContext.close();
  }, 180_000);

  it("Dreamers: at a round's end, each seat's turn-by-turn belief that the other was the Master", async () => {
    const ada = await newPlayer(e2e.browser, "Ada", "mouse");
    const url = await createDreamersTable(ada, e2e.server.url);
    await joinSeat(ada, url);
    await press(ada, "Add bot");
    await expect.poll(() => ada.page.getByRole("button", { name: "Remove bot" }).count()).toBe(1);
    await press(ada, "Start game");
    const heading = "What the Dreamer bot concluded";
    let checked = false;
    const seen = newSeen();
    const rolls = dreamersRandom(5);
    const started = Date.now();
    while (!checked) {
      expect(Date.now() - started).toBeLessThan(120_000);
      const before = await dreamersMoment(ada.page);
      const moved = await act(ada, rolls, seen, async (screen) => {
        if (screen !== "round-end" || checked) return;
        const section = ada.page.getByRole("region", { name: heading });
        await section.waitFor({ timeout: 20_000 });
        // Two seats, each a group of meters: the prior and one per turn played.
        const groups = section.getByRole("group", {
          name: /if a Dreamer: the other is the Master of Nightmares$/,
        });
        expect(await groups.count()).toBe(2);
        const adaGroup = section.getByRole("group", {
          name: "Ada, if a Dreamer: the other is the Master of Nightmares",
        });
        expect(await adaGroup.getByRole("meter", { name: "Before the first turn" }).count()).toBe(1);
        expect(await adaGroup.getByRole("meter", { name: "After turn 1" }).count()).toBe(1);
        // The yellow bar is explained: here it is the latest turn, not the likeliest answer.
        expect(await section.getByText("Yellow: the last turn shown, the bot's latest belief.").count()).toBe(
          1,
        );
        expect(await violations(ada.page, ".beliefs")).toEqual([]);
        await section.scrollIntoViewIfNeeded();
        await ada.page.screenshot({ path: join(screenshotDir(), "beliefs-dreamers-desktop.png") });
        checked = true;
      });
      if (moved === null) await untilChanged(() => dreamersMoment(ada.page), before);
    }
    expect(ada.errors).toEqual([]);
    await ada.context.close();
  }, 180_000);
});
