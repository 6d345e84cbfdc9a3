/**
 * A table that calls you back, in Chromium: with notifications allowed for the site and the tab hidden,
 * when the game comes back to the player the tab's title and icon change and a system notification is
 * made; showing the tab restores both. With the one setting off, nothing calls. The page's visibility is
 * driven by an init script (a real hidden tab is not possible headless), and `Notification` is wrapped
 * to record what the page asks for.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { lessonOnScreen, startGuide } from "./guide-play";
import { browserSuite, screenshotDir, watchErrors } from "./harness";
import { framesDrawn } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "300" });

declare global {
  interface Window {
    __setHidden(hidden: boolean): void;
    __notes: { title: string; body: string | undefined }[];
  }
}

function recordingInit(): void {
  let hidden = false;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true,
    get: () => (hidden ? "hidden" : "visible"),
  });
  window.__setHidden = (next: boolean) => {
    hidden = next;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  window.__notes = [];
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      window.__notes.push({ title, body: options?.body });
    }
  }
  window.Notification = Recorded as typeof Notification;
}

async function placeStar(page: Page): Promise<void> {
  const stars = page.locator(".moves ol li");
  const before = await stars.count();
  // the settings sit below the table: after using them the sky may be scrolled out of the window
  await page.getByRole("application").scrollIntoViewIfNeeded();
  const sky = await page.getByRole("application").boundingBox();
  if (!sky) throw new Error("no firmament");
  await page.mouse.click(sky.x + sky.width * (0.15 + 0.1 * before), sky.y + sky.height * 0.25);
  await expect.poll(() => stars.count()).toBeGreaterThan(before);
}

const myTurn = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>(".tray input[type=radio]")].some((r) => !r.disabled),
  );
const icon = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLLinkElement>("link[rel~='icon']")?.href);

async function seatedLearner() {
  const context = await e2e.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    permissions: ["notifications"],
  });
  await context.addInitScript(recordingInit);
  const page = await context.newPage();
  const errors = watchErrors(page);
  // a guided game: the learner deals round 1 against two bots; its coach is skipped
  await startGuide(page, e2e.server.url, "en", "dreams");
  await expect.poll(() => lessonOnScreen(page)).toBe("role");
  await page.getByRole("dialog").getByRole("button", { name: "Skip tutorial" }).click();
  await expect.poll(() => myTurn(page)).toBe(true);
  return { context, page, errors };
}

describe("turn alerts in Chromium", () => {
  it("calls a hidden tab when its turn comes: title, icon and a notification; visible again restores them", async () => {
    const { context, page, errors } = await seatedLearner();
    expect(await page.evaluate(() => Notification.permission)).toBe("granted");
    await expect.poll(() => page.getByText("Notifications are allowed.").isVisible()).toBe(true);
    const title = await page.title();
    const normalIcon = await icon(page);
    await placeStar(page);
    expect(await myTurn(page)).toBe(false);
    await page.evaluate(() => window.__setHidden(true));
    // the two bots place their stars, then it is the learner's turn again
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("● Your turn — Firmament");
    expect(await icon(page)).not.toBe(normalIcon);
    expect(await icon(page)).toMatch(/^data:image\/svg\+xml/);
    const notes = await page.evaluate(() => window.__notes);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe("Your turn");
    expect(notes[0]?.body).toMatch(/^It is your turn at table [A-Z0-9]{6}\.$/);
    await page.screenshot({ path: join(screenshotDir(), "turn-alert-hidden-tab.png"), fullPage: true });
    await page.evaluate(() => window.__setHidden(false));
    expect(await page.title()).toBe(title);
    expect(await icon(page)).toBe(normalIcon);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("calls nobody with the one setting off, and remembers it", async () => {
    const { context, page, errors } = await seatedLearner();
    const setting = page.getByRole("checkbox", { name: /Call me when it is my turn/ });
    await setting.uncheck();
    const title = await page.title();
    await placeStar(page);
    await page.evaluate(() => window.__setHidden(true));
    await expect.poll(() => myTurn(page), { timeout: 15_000 }).toBe(true);
    // the call would be made by the effects of the render that showed the turn: they have run by then
    await framesDrawn(page);
    expect(await page.title()).toBe(title);
    expect(await page.evaluate(() => window.__notes)).toEqual([]);
    await page.reload();
    await page.getByRole("application").waitFor();
    expect(await page.getByRole("checkbox", { name: /Call me when it is my turn/ }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
