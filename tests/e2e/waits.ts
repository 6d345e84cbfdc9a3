/**
 * Waiting for what a test needs to see, never for a fixed time: the page's state has moved on, the
 * page has drawn its next frames. Each wait has a deadline.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Waits until `read()` gives something other than `before` (compared as JSON): the table moved on (a
 * bot played, a phase ended, an action took effect). Gives up quietly after `timeout` ms, so that the
 * caller's loop, which has a deadline of its own, looks at the page again.
 */
export async function untilChanged<T>(read: () => Promise<T>, before: T, timeout = 10_000): Promise<void> {
  const was = JSON.stringify(before);
  await expect
    .poll(async () => JSON.stringify(await read()), { timeout, interval: 50 })
    .not.toBe(was)
    .catch(() => undefined);
}

/**
 * What a player can see change at a table, in one read: the stars placed, the controls that can be
 * used now, the headings and the coach card. Countdowns are left out: they tick every second.
 */
export function tableMoment(page: Page): Promise<{ stars: number; controls: string; headings: string }> {
  return page.evaluate(() => {
    const usable = [
      ...document.querySelectorAll<HTMLButtonElement | HTMLInputElement>("button, input"),
    ].filter((control) => !control.disabled);
    return {
      stars: document.querySelectorAll(".moves ol li").length,
      controls: usable.map((c) => c.getAttribute("aria-label") ?? c.textContent ?? c.value).join("|"),
      headings: [...document.querySelectorAll("h1, h2, h3, .coach")].map((h) => h.textContent).join("|"),
    };
  });
}

/**
 * Resolves once the page has drawn `frames` more frames: by then a render React had scheduled is on
 * screen and its effects have run.
 */
export async function framesDrawn(page: Page, frames = 2): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(count);
      }),
    frames,
  );
}
