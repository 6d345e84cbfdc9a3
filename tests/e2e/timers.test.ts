/**
 * The fast turn timer in Chromium, on a browser whose clock runs 5 s behind the server's: the prompt
 * and the player's row show the same second, never more than the turn's 25 s; when the player lets the
 * time run out, a star is placed for them and they are told so, and a spectator is told it was made for
 * them by name.
 */

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, screenshotDir, watchErrors } from "./harness";
import { keepSeat, startWithBots, tableWithAda } from "./tables";

const e2e = browserSuite({ BOT_DELAY_MS: "60", GRACE_SECONDS: "120" });

/** Both countdowns' seconds, read in one go. */
const countdowns = (page: Page) =>
  page.evaluate(() =>
    [".prompt .countdown", ".players .player.active .countdown"].map((selector) => {
      const text = document.querySelector(selector)?.textContent ?? "";
      return Number(/(\d+)/.exec(text)?.[1] ?? Number.NaN);
    }),
  );

describe("turn timers", () => {
  it("agree, never exceed the turn, and tell everyone when a move was made for a player", async () => {
    const { code, hostToken, ada } = await tableWithAda(e2e.server, {
      game: "dreams",
      seats: 3,
      visibility: "private",
      timer: "fast",
      deck: "standard",
    });

    // Ada's browser: her seat's token where the web client keeps it, and a clock 5 s behind.
    const context = await e2e.browser.newContext({ locale: "en-US" });
    await keepSeat(context, code, { seat: ada.seat, token: ada.token });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.clock.install({ time: Date.now() - 5000 });
    await page.clock.resume();
    await page.goto(`${e2e.server.url}/t/${code}`);
    await page.getByRole("button", { name: "Leave seat" }).waitFor();

    // Every second any countdown ever shows, from the first frame on.
    await page.evaluate(() => {
      const shown: number[] = [];
      (window as unknown as { shownSeconds: number[] }).shownSeconds = shown;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll(".countdown"))
          shown.push(Number(/(\d+)/.exec(el.textContent ?? "")?.[1] ?? Number.NaN));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const watcherContext = await e2e.browser.newContext({ locale: "en-US" });
    const watcher = await watcherContext.newPage();
    await watcher.goto(`${e2e.server.url}/t/${code}`);
    await watcher.locator("#seats-heading").waitFor();

    // The host (no seat) fills the other seats with bots and starts.
    expect(await startWithBots(e2e.server, { code, hostToken }, [1, 2])).toEqual([true, true, true, true]);

    await page.getByText("Your turn: place a star.").waitFor({ timeout: 20_000 });
    // Read at each of the next three ticks of the prompt's countdown.
    const seen: number[][] = [await countdowns(page)];
    for (let tick = 0; tick < 3; tick++) {
      const shown = seen.at(-1)?.[0];
      await expect.poll(async () => (await countdowns(page))[0], { timeout: 5_000 }).not.toBe(shown);
      seen.push(await countdowns(page));
    }
    for (const [prompt, row] of seen) {
      expect(prompt).toBe(row);
      expect(prompt).toBeLessThanOrEqual(25);
      expect(prompt).toBeGreaterThanOrEqual(20);
    }

    const shown = await page.evaluate(() => (window as unknown as { shownSeconds: number[] }).shownSeconds);
    expect(shown.length).toBeGreaterThan(0);
    expect(Math.max(...shown)).toBeLessThanOrEqual(25);

    // Ada does nothing: when her 25 s are up a star is placed for her, and she is told.
    await page.getByText("Time ran out: a move was made for you.").waitFor({ timeout: 40_000 });
    await page.screenshot({ path: join(screenshotDir(), "timer-played-for-you.png") });
    await watcher.getByText("Time ran out for Ada: a move was made for them.").waitFor({ timeout: 5000 });
    expect(await page.getByRole("region", { name: "Stars placed" }).getByText("Ada").count()).toBeGreaterThan(
      0,
    );
    expect(errors).toEqual([]);
    await context.close();
    await watcherContext.close();
  }, 120_000);
});
