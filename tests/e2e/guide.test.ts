/**
 * The guided first game in Chromium: "Learn by playing" from the landing page in each language starts a
 * game against bots, and each lesson appears at its moment — Dreams: the role as a god, placing a star,
 * the faint marks, guessing the mortal, the reveal, the round as the mortal, guessing the image, the end;
 * Dreamers: identity, the Nightmare, declaring, accusing, the round's end. Skipping works at any step and
 * the game goes on. Every coach card is photographed (artifacts/screenshots/guide-<game>-<lang>-*.png).
 */
import { join } from "node:path";
import { mulberry32 } from "@firmament/dreamers";
import { describe, expect, it } from "vitest";
import { probe } from "./dreamers-play";
import {
  GUIDE_WORDS,
  type Lang,
  learnerPage,
  lessonOnScreen,
  playDreamsGuide,
  readLesson,
  startGuide,
} from "./guide-play";
import { browserSuite, screenshotDir, watchErrors } from "./harness";

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
      // after the last lesson the game simply goes on, without the coach
      await page.waitForTimeout(500);
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
    await page.waitForTimeout(500);
    expect(await lessonOnScreen(page)).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** Plays the learner's Dreamers moves (never the skull as a Dream card; accusing when it may) until `done`. */
async function playDreamersGuide(lang: Lang): Promise<string[]> {
  const page = await learnerPage(e2e.browser, lang);
  const errors = watchErrors(page);
  await startGuide(page, e2e.server.url, lang, "dreamers");
  const random = mulberry32(5);
  const lessons: string[] = [];
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (await lessonOnScreen(page)) {
      const id = await readLesson(page, "dreamers", lang, lessons.length + 1);
      lessons.push(id);
      if (id === "finish") break;
      continue;
    }
    if (lang !== "en") {
      await page.waitForTimeout(150);
      continue;
    }
    const now = await probe(page);
    const press = (name: string) => page.getByRole("button", { name, exact: true }).first().click();
    const cards = now.cards.filter((c) => !/skull/i.test(c));
    if (now.ready) await press("Ready for the next round");
    else if (now.declares.length > 0)
      await press(now.declares[Math.floor(random() * now.declares.length)] as string);
    else if (cards.length > 0) await press(cards[Math.floor(random() * cards.length)] as string);
    else if (now.modifiers.length > 0) await press(now.modifiers[0] as string);
    else if (now.pass) await press("Pass");
    else if (now.accuse) await press("Accuse with the skull");
    else if (now.endTurn) await press("End turn");
    else await page.waitForTimeout(150);
    await page.waitForTimeout(150);
  }
  expect(errors).toEqual([]);
  await page.context().close();
  return lessons;
}

describe("a guided first game of Dreamers", () => {
  it("teaches identity, the Nightmare, declaring, accusing and the round's end, in English", async () => {
    const lessons = await playDreamersGuide("en");
    expect(lessons.slice(0, 3)).toEqual(["identity", "nightmare", "declare"]);
    expect(lessons).toContain("accuse");
    expect(lessons.slice(-2)).toEqual(["roundEnd", "finish"]);
  }, 180_000);

  for (const lang of ["de", "fr", "it"] as const)
    it(`shows its first lessons in ${lang}`, async () => {
      const page = await learnerPage(e2e.browser, lang);
      await startGuide(page, e2e.server.url, lang, "dreamers");
      await expect.poll(() => lessonOnScreen(page)).toBe("identity");
      const words = GUIDE_WORDS[lang];
      // never a flash of English: the card waits for this language's strings
      const title = (await page.getByRole("dialog").getByRole("heading").textContent()) ?? "";
      expect(title).not.toMatch(/You are/);
      await page.screenshot({ path: join(screenshotDir(), `guide-dreamers-${lang}-1-identity.png`) });
      await page.getByRole("dialog").getByRole("button", { name: words.next, exact: true }).click();
      await expect.poll(() => lessonOnScreen(page)).toBe("nightmare");
      await page.getByRole("dialog").getByRole("button", { name: words.skip, exact: true }).click();
      expect(await lessonOnScreen(page)).toBeNull();
      await page.context().close();
    });
});
