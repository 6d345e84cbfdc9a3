import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violations } from "./axe";
import { browserSuite, enabledNow } from "./harness";
import { tableMoment, untilChanged } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "40" });

/** Plays the human seat (bots fill the rest) until `until` is on screen; places stars by pointer. */
async function playUntil(page: Page, until: "guess" | "reveal"): Promise<void> {
  const place = page.getByRole("button", { name: "Place star" });
  const next = page.getByRole("button", { name: "Next round" });
  const guesses = page.getByRole("button", { name: /^Guess / });
  for (let step = 0; step < 300; step++) {
    const before = await tableMoment(page);
    if (until === "reveal" && (await next.count()) > 0) return;
    const canGuess = (await guesses.count()) > 0 && (await enabledNow(guesses.first()));
    if (canGuess && until === "guess") return;
    if (canGuess) await guesses.first().click();
    else if ((await place.count()) > 0 && (await enabledNow(place))) {
      const box = await page.getByRole("application", { name: "Firmament" }).boundingBox();
      if (box) {
        const at = { x: 0.1 + ((step * 37) % 80) / 100, y: 0.1 + ((step * 53) % 80) / 100 };
        await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y);
        if (await enabledNow(place)) await place.click().catch(() => undefined);
      }
    }
    await untilChanged(() => tableMoment(page), before);
  }
  throw new Error(`never reached ${until}`);
}

describe.each([
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
])("no accessibility violations at %s size", (_size, viewport) => {
  it("on every screen from landing to the reveal", async () => {
    // The audit script is injected into the page, which the product's CSP rightly forbids.
    const context = await e2e.browser.newContext({
      viewport,
      locale: "en-US",
      bypassCSP: true,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    const audit = async (screen: string) => {
      found[screen] = await violations(page);
    };

    await page.goto(e2e.server.url);
    await page.getByRole("button", { name: "Create table" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("heading", { name: "What a round of Dreams looks like" }).waitFor();
    await audit("landing");
    await page.getByRole("radio", { name: "Your own pictures" }).check();
    await audit("landing, own pictures");
    await page.getByRole("link", { name: "How to play" }).click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("table", { name: "Scoring" }).waitFor();
    await audit("how to play");
    await page.getByRole("link", { name: "Credits" }).click();
    await page.getByRole("heading", { level: 1, name: /credits/i }).waitFor();
    await audit("credits");

    await page.goto(e2e.server.url);
    await page.getByRole("button", { name: "Create table" }).click();
    await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
    await page.getByRole("textbox", { name: "Name" }).waitFor();
    await audit("lobby, watching");
    await page.getByRole("textbox", { name: "Name" }).fill("Ada");
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await page.getByRole("button", { name: "Leave seat" }).waitFor();
    for (let bots = 1; bots <= 3; bots++) {
      await page.getByRole("button", { name: "Add bot" }).first().click();
      await expect.poll(() => page.getByRole("button", { name: "Remove bot" }).count()).toBe(bots);
    }
    await audit("lobby, host");
    await page.getByRole("button", { name: "Start game" }).click();
    await page.getByRole("application", { name: "Firmament" }).waitFor();
    await audit("placing");
    await page.getByRole("button", { name: "Keyboard shortcuts (?)" }).click();
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await audit("keyboard help");
    await page.keyboard.press("Escape");
    await playUntil(page, "guess");
    await audit("guessing");
    await playUntil(page, "reveal");
    await audit("reveal");
    await context.close();

    expect(found).toEqual({
      landing: [],
      "landing, own pictures": [],
      "how to play": [],
      credits: [],
      "lobby, watching": [],
      "lobby, host": [],
      placing: [],
      "keyboard help": [],
      guessing: [],
      reveal: [],
    });
  }, 180_000);
});

describe("the header on a phone", () => {
  it.each(["en-US", "de-DE", "fr-FR", "it-IT"])(
    "fits 390 px without sideways scrolling in %s",
    async (locale) => {
      const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale });
      const page = await context.newPage();
      await page.goto(e2e.server.url);
      await page.getByRole("combobox").first().waitFor();
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    },
  );
});
