/**
 * Playing a guided first game through the page, in any of the four languages: coach cards are found
 * by their dialog role and the language's button names, game controls by the game's own structure
 * (the same in every language), and each coach card met is photographed once.
 */
import { join } from "node:path";
import { mulberry32 } from "@firmament/dreams";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { screenshotDir } from "./harness";
import { untilChanged } from "./waits";

export type Lang = "en" | "de" | "fr" | "it";

export const GUIDE_WORDS: Record<
  Lang,
  {
    locale: string;
    learn: string;
    name: string;
    start: string;
    step: string;
    last: string;
    next: string;
    skip: string;
    done: string;
  }
> = {
  en: {
    locale: "en-US",
    learn: "Learn by playing",
    name: "Your name",
    start: "Start the guided game",
    step: "Lesson",
    last: "Last lesson",
    next: "Next",
    skip: "Skip tutorial",
    done: "Done",
  },
  de: {
    locale: "de-DE",
    learn: "Spielend lernen",
    name: "Dein Name",
    start: "Geführtes Spiel starten",
    step: "Lektion",
    last: "Letzte Lektion",
    next: "Weiter",
    skip: "Anleitung überspringen",
    done: "Fertig",
  },
  fr: {
    locale: "fr-FR",
    learn: "Apprendre en jouant",
    name: "Votre nom",
    start: "Commencer la partie guidée",
    step: "Leçon",
    last: "Dernière leçon",
    next: "Suivant",
    skip: "Passer le tutoriel",
    done: "Terminé",
  },
  it: {
    locale: "it-IT",
    learn: "Impara giocando",
    name: "Il tuo nome",
    start: "Inizia la partita guidata",
    step: "Lezione",
    last: "Ultima lezione",
    next: "Avanti",
    skip: "Salta il tutorial",
    done: "Fatto",
  },
};

/** The learner's name, asked before the guided game starts. */
export const LEARNER = "Lea";

export async function learnerPage(browser: Browser, lang: Lang, phone = false): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: GUIDE_WORDS[lang].locale,
    reducedMotion: "reduce",
  });
  return context.newPage();
}

/** Opens the landing page and starts a guided game of `game`; resolves on the table page. */
export async function startGuide(
  page: Page,
  url: string,
  lang: Lang,
  game: "dreams" | "dreamers",
): Promise<void> {
  await page.goto(url);
  if (game === "dreamers") await page.locator('input[type=radio][value="dreamers"]').check();
  const learn = page.getByRole("button", { name: GUIDE_WORDS[lang].learn, exact: true });
  await learn.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshotDir(), `guide-${game}-${lang}-0-landing.png`) });
  await page.getByRole("button", { name: GUIDE_WORDS[lang].learn, exact: true }).click();
  // The guide asks the learner's name (the field has the focus), then seats them by it.
  const name = page.getByRole("textbox", { name: GUIDE_WORDS[lang].name, exact: true });
  await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
  await name.fill(LEARNER);
  await page.getByRole("button", { name: GUIDE_WORDS[lang].start, exact: true }).click();
  await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
}

/** The lesson on screen now, or null. */
export function lessonOnScreen(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector(".coach")?.getAttribute("data-lesson") ?? null);
}

/**
 * Checks the coach card on screen (a labelled dialog holding focus, with its buttons), photographs it as
 * artifacts/screenshots/guide-<game>-<lang>-<n>-<lesson>.png, and presses Next (Done on the last).
 */
export async function readLesson(page: Page, game: string, lang: Lang, n: number): Promise<string> {
  const words = GUIDE_WORDS[lang];
  const id = (await lessonOnScreen(page)) as string;
  const dialog = page.getByRole("dialog");
  const title = (await dialog.getByRole("heading").textContent()) ?? "";
  expect(title.trim().length).toBeGreaterThan(0);
  expect(await dialog.getAttribute("aria-labelledby")).toBeTruthy();
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return active?.closest(".coach") ? "coach" : (active?.outerHTML.slice(0, 80) ?? "nothing");
    });
  await expect.poll(focused, { timeout: 3000 }).toBe("coach");
  const last = id === "finish";
  // Lessons are numbered in the order they come: 1, 2, 3 …, and the last says so.
  expect(await dialog.locator(".coach-step").textContent()).toBe(last ? words.last : `${words.step} ${n}`);
  if (!last)
    expect(await dialog.getByRole("button", { name: words.skip, exact: true }).isVisible()).toBe(true);
  await page.screenshot({ path: join(screenshotDir(), `guide-${game}-${lang}-${n}-${id}.png`) });
  await dialog.getByRole("button", { name: last ? words.done : words.next, exact: true }).click();
  await expect.poll(() => lessonOnScreen(page)).not.toBe(id);
  return id;
}

interface DreamsProbe {
  /** The coach card on screen: read in the same go as the controls, since it comes in the same render. */
  lesson: string | null;
  place: boolean;
  guesses: number;
  next: boolean;
  stars: number;
}

function dreamsProbe(page: Page): Promise<DreamsProbe> {
  return page.evaluate(() => ({
    lesson: document.querySelector(".coach")?.getAttribute("data-lesson") ?? null,
    place: [...document.querySelectorAll<HTMLInputElement>(".tray input[type=radio]")].some(
      (r) => !r.disabled,
    ),
    guesses: [
      ...document.querySelectorAll<HTMLButtonElement>(".guess-colours button, .guess-images button"),
    ].filter((b) => !b.disabled).length,
    next: document.querySelector(".reveal-actions button.primary:not([disabled])") !== null,
    stars: document.querySelectorAll(".moves ol li").length,
  }));
}

/**
 * Plays a guided Dreams game until its last lesson is read: every coach card is read when it shows,
 * otherwise stars are placed, guesses made and rounds moved on, as the page offers. Returns the lessons
 * in the order they came.
 */
export async function playDreamsGuide(page: Page, lang: Lang, timeoutMs = 150_000): Promise<string[]> {
  const random = mulberry32(lang.length * 7919 + lang.charCodeAt(0));
  const lessons: string[] = [];
  const until = Date.now() + timeoutMs;
  // The coach's code loads with the game's first view and brings the first lesson: nothing is played
  // before it. From then on a lesson for a moment comes in the same render as the moment's controls.
  await page.locator(".coach").waitFor({ timeout: 30_000 });
  while (Date.now() < until) {
    const now = await dreamsProbe(page);
    if (now.lesson) {
      // read before acting, as a learner would
      const id = await readLesson(page, "dreams", lang, lessons.length + 1);
      lessons.push(id);
      if (id === "finish") return lessons;
      continue;
    }
    if (now.place) {
      const sky = await page.getByRole("application").boundingBox();
      if (!sky) continue;
      // somewhere in the upper left of the sky
      await page.mouse.click(
        sky.x + sky.width * (0.08 + random() * 0.5),
        sky.y + sky.height * (0.08 + random() * 0.5),
      );
      await expect
        .poll(async () => (await dreamsProbe(page)).stars, { timeout: 3000 })
        .toBeGreaterThan(now.stars)
        .catch(() => undefined);
    } else if (now.guesses > 0) {
      const buttons = page.locator(
        ".guess-colours button:not([disabled]), .guess-images button:not([disabled])",
      );
      await buttons.nth(Math.floor(random() * now.guesses)).click();
      await untilChanged(() => dreamsProbe(page), now);
    } else if (now.next) {
      await page.locator(".reveal-actions button.primary").click();
      await untilChanged(() => dreamsProbe(page), now);
    } else await untilChanged(() => dreamsProbe(page), now);
  }
  throw new Error(`the guided game did not reach its end; lessons so far: ${lessons.join(", ")}`);
}
