/**
 * The guided first game in Chromium: "Learn by playing" from the landing page in each language starts a
 * game against bots, and each lesson appears at its moment — Dreams: the role as a god, placing a star,
 * the faint marks, guessing the mortal, the reveal, the round as the mortal, guessing the image, the end;
 * Dreamers: identity, the Nightmare, declaring, accusing, the round's end. Skipping works at any step and
 * the game goes on. Every coach card is photographed (artifacts/screenshots/guide-<game>-<lang>-*.png).
 */

import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  type Lang,
  LEARNER,
  learnerPage,
  lessonOnScreen,
  playDreamsGuide,
  readLesson,
  startGuide,
} from "./guide-play";
import { browserSuite, screenshotDir, watchErrors } from "./harness";
import { framesDrawn, tableMoment, untilChanged } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "150" });

const DREAMS_LESSONS = ["role", "place", "marks", "guess", "reveal", "mortal", "guessImage", "finish"];

describe("a guided first game of Dreams", () => {
  for (const lang of ["en", "de", "fr", "it"] as const)
    it(`teaches each rule at its moment, in ${lang}`, async () => {
      const page = await learnerPage(e2e.browser, lang);
      const errors = watchErrors(page);
      await startGuide(page, e2e.server.url, lang, "dreams");
      const lessons = await playDreamsGuide(page, lang);
      expect(lessons).toEqual(DREAMS_LESSONS);
      // after the last lesson the game simply goes on, without the coach: the learner moves on to the
      // next round, and no card comes with it
      const before = await tableMoment(page);
      await page.locator(".reveal-actions button.primary").click();
      await untilChanged(() => tableMoment(page), before);
      await framesDrawn(page);
      expect(await lessonOnScreen(page)).toBeNull();
      expect(await page.getByRole("application").isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 240_000);

  it("can be skipped at the first step; the game goes on and the guide stays away after a reload", async () => {
    const page = await learnerPage(e2e.browser, "en");
    const errors = watchErrors(page);
    await startGuide(page, e2e.server.url, "en", "dreams");
    await expect.poll(() => lessonOnScreen(page)).toBe("role");
    await page.getByRole("dialog").getByRole("button", { name: "Skip tutorial" }).click();
    expect(await lessonOnScreen(page)).toBeNull();
    // the learner deals round 1: a star can be placed at once
    const stars = page.locator(".moves ol li");
    const sky = await page.getByRole("application").boundingBox();
    if (!sky) throw new Error("no firmament");
    await page.mouse.click(sky.x + sky.width * 0.3, sky.y + sky.height * 0.3);
    await expect.poll(() => stars.count()).toBeGreaterThanOrEqual(1);
    await page.reload();
    await page.getByRole("application").waitFor();
    await guideHadItsChance(page);
    expect(await lessonOnScreen(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/**
 * After a reload: the coach's code (loaded lazily) is in, and the table has shown a new moment since, so
 * a coach card that were to come back would be on screen now.
 */
async function guideHadItsChance(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => /\/assets\/Guide-[^/]*\.js$/.test(entry.name)),
  );
  await framesDrawn(page);
  const before = await tableMoment(page);
  const canPlace = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>(".tray input[type=radio]")].some((r) => !r.disabled),
  );
  const sky = await page.getByRole("application").boundingBox();
  if (canPlace && sky) await page.mouse.click(sky.x + sky.width * 0.6, sky.y + sky.height * 0.3);
  await untilChanged(() => tableMoment(page), before);
  await framesDrawn(page);
}

/**
 * Clicks the first enabled control matching `selector` and waits for the table to move on; false if there
 * is none. A coach card on screen is read first, as a learner would: it comes in the same render as the
 * moment it explains, so the page is read for both in one go.
 */
async function clickFirst(page: Page, selector: string): Promise<boolean> {
  const found = await page.evaluate(
    (enabled) =>
      document.querySelector(".coach") ? "lesson" : document.querySelector(enabled) ? "control" : null,
    `${selector}:not([disabled])`,
  );
  if (found === null) return false;
  if (found === "lesson") return true;
  const before = await tableMoment(page);
  await page.locator(`${selector}:not([disabled])`).first().click();
  await untilChanged(() => tableMoment(page), before);
  return true;
}

/**
 * Plays the learner's Dreamers moves by the page's structure (the same in every language): never the
 * skull as a Dream card, always accusing when the game offers it (the tutorial's deal makes the other
 * player the Master), until the last lesson is read.
 */
async function playDreamersGuide(lang: Lang): Promise<string[]> {
  const page = await learnerPage(e2e.browser, lang);
  const errors = watchErrors(page);
  await startGuide(page, e2e.server.url, lang, "dreamers");
  const lessons: string[] = [];
  const until = Date.now() + 120_000;
  // The coach's code and Dreamers' words load with the game's first view and bring the first lesson.
  await page.locator(".coach").waitFor({ timeout: 30_000 });
  while (Date.now() < until) {
    const before = await tableMoment(page);
    if (await lessonOnScreen(page)) {
      const id = await readLesson(page, "dreamers", lang, lessons.length + 1);
      lessons.push(id);
      if (id === "finish") break;
      continue;
    }
    const moved =
      (await clickFirst(page, ".dm-declare button.primary")) ||
      (await clickFirst(page, ".dm-hand button.dm-card-button:not(:has(.dm-skull))")) ||
      (await clickFirst(page, ".dm-modifiers button.primary")) ||
      (await clickFirst(page, ".dm-modifiers button:not(.primary)")) ||
      (await clickFirst(page, ".dm-closing button.danger")) ||
      (await clickFirst(page, ".dm-closing button.primary"));
    if (!moved) await untilChanged(() => tableMoment(page), before);
  }
  expect(errors).toEqual([]);
  await page.context().close();
  return lessons;
}

describe("a guided first game of Dreamers", () => {
  for (const lang of ["en", "de", "fr", "it"] as const)
    it(`teaches identity, the Nightmare, declaring, accusing and the round's end, in ${lang}`, async () => {
      const lessons = await playDreamersGuide(lang);
      expect(lessons.slice(0, 3)).toEqual(["identity", "nightmare", "declare"]);
      expect(lessons).toContain("accuse");
      expect(lessons.slice(-2)).toEqual(["roundEnd", "finish"]);
    }, 180_000);
});

describe("the coach card covers nothing", () => {
  it("Dreamers in German: on a phone the identity and hand stay in view, on a desktop the side column", async () => {
    for (const phone of [true, false]) {
      const page = await learnerPage(e2e.browser, "de", phone);
      const errors = watchErrors(page);
      await startGuide(page, e2e.server.url, "de", "dreamers");
      await page.locator(".coach").waitFor({ timeout: 30_000 });
      expect(await lessonOnScreen(page)).toBe("identity");
      // seated by the name given, not as a stand-in
      expect(await page.getByRole("region", { name: "Spieler" }).textContent()).toContain(LEARNER);
      const explained = [".dm-whoami", ".dm-hand", ...(phone ? [] : [".dm-side"])];
      const covered = await page.evaluate((selectors) => {
        const coach = document.querySelector(".coach")?.getBoundingClientRect();
        if (!coach) return ["no coach"];
        return selectors.filter((selector) => {
          const r = document.querySelector(selector)?.getBoundingClientRect();
          if (!r) return true;
          return r.left < coach.right && coach.left < r.right && r.top < coach.bottom && coach.top < r.bottom;
        });
      }, explained);
      expect(covered).toEqual([]);
      const size = phone ? "phone" : "desktop";
      await page.screenshot({
        path: join(screenshotDir(), `guide-dreamers-de-${size}-identity.png`),
        fullPage: phone,
      });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
