/**
 * The table as players meet it (issue 11), in real Chromium: a guest on a 390×844 phone sits down
 * first; the lobby chats; the marker keeps its privacy unless a player keeps their role shown; the
 * table's keyboard shortcuts and help; confirming each star (by mouse, keyboard and tap); a reveal
 * nobody can leave before it has been shown, whose Guess column names players; and the landing and
 * how-to-play pages showing real cards, a constellation and a reveal, loaded after the first paint.
 * Screenshots go to artifacts/screenshots/cuts-*.png.
 */
import { join } from "node:path";
import { mulberry32 } from "@firmament/dreams";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, screenshotDir, watchErrors } from "./harness";
import { framesDrawn } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "60", GRACE_SECONDS: "120" });
const shots = screenshotDir();
const random = mulberry32(11);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function person(browser: Browser, phone: boolean, reducedMotion: "reduce" | "no-preference") {
  const context = await browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: "en-US",
    reducedMotion,
  });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) } satisfies Person;
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(shots, `cuts-${name}.png`), fullPage });
const sky = (page: Page) => page.getByRole("application", { name: "Firmament" });
const moves = (page: Page) =>
  page.getByRole("region", { name: "Stars placed" }).getByRole("listitem").count();
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
  });
const isMyTurn = async (page: Page) =>
  (await page.getByText("Your turn: place a star.").count()) > 0 &&
  (await page.getByRole("radio", { name: "Clear star" }).count()) > 0;

/** Rectangles of the firmament's order numbers that cover each other (none, when labels are placed well). */
function overlappingLabels(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const rects = [...document.querySelectorAll(`${selector} .sky-star-order`)].map((el) => ({
      text: el.textContent,
      r: el.getBoundingClientRect(),
    }));
    const out: string[] = [];
    rects.forEach((a, i) => {
      for (const b of rects.slice(i + 1)) {
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 0.5 && h > 0.5) out.push(`${a.text}/${b.text}`);
      }
    });
    return out;
  }, scope);
}

describe("what the game looks like, before playing", () => {
  it.each([
    ["desktop", false],
    ["phone", true],
  ])(
    "the landing (%s) shows real cards, a constellation and a reveal, after the forms",
    async (size, phone) => {
      const { context, page, errors } = await person(e2e.browser, phone, "reduce");
      // Hold the sample's code back: the forms must be usable without it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/Showcase-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const deckFetched = page.waitForRequest("**/api/decks/standard");
      await page.goto(e2e.server.url);
      await page.getByRole("button", { name: "Create table" }).waitFor();
      const heading = page.getByRole("heading", { name: "What a round of Dreams looks like" });
      expect(await heading.count()).toBe(0);
      if (phone) {
        // Two screens below the forms: nothing of the sample is fetched until the page is scrolled near it.
        // Its watcher starts with the page's effects and reports at the next frame: by three it has.
        await framesDrawn(page, 3);
        const fetched = await page.evaluate(() =>
          performance.getEntriesByType("resource").map((r) => r.name),
        );
        expect(fetched.some((url) => url.includes("/api/decks/standard") || url.includes("/Showcase-"))).toBe(
          false,
        );
      }
      release();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await heading.waitFor();
      await deckFetched;

      const sample = page.getByRole("region", { name: "What a round of Dreams looks like" });
      // Real cards of the standard deck, described by the deck's alt texts.
      const cards = sample.getByRole("img", { name: /^Image [1-4]: A night dream/ });
      expect(await cards.count()).toBe(4);
      for (const src of await cards.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src"))))
        expect(src).toMatch(/^\/cards\/[a-z0-9-]+\.webp/);
      // The constellation and its reveal.
      await sample
        .getByRole("img", { name: /^The firmament with the sample round's 12 numbered stars/ })
        .waitFor();
      expect(await sample.locator(".sample-sky .sky-star").count()).toBe(12);
      const scoring = sample.getByRole("table", { name: "Scoring" });
      expect(await scoring.getByRole("rowheader").allTextContents()).toEqual([
        "Ada",
        "Bruno",
        "Chiara",
        "Dario",
      ]);
      expect(await sample.getByText("The mortal was Chiara.").count()).toBe(1);
      expect(await overlappingLabels(page, ".sample-sky")).toEqual([]);
      await sample.scrollIntoViewIfNeeded();
      await expect
        .poll(() => cards.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
        .toBe(true);
      await shot(page, `landing-${size}`, true);

      await page.getByRole("link", { name: "How to play" }).click();
      await page.getByRole("heading", { name: "How to play Dreams" }).waitFor();
      await expect.poll(() => page.getByRole("img", { name: /^Image 2: A night dream/ }).count()).toBe(1);
      expect(await page.locator(".sample").count()).toBe(3);
      expect(await page.getByRole("table", { name: "Scoring" }).count()).toBe(1);
      await shot(page, `how-to-play-${size}`, true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

/** Where a star can go: a random spot, tried until the engine takes it (too close to another: try again). */
function spot() {
  return { x: 0.08 + random() * 0.84, y: 0.08 + random() * 0.84 };
}

/** With confirming on: a click chooses the spot and the ghost stays there; Cancel; then Place star. */
async function placeByMouseConfirming(page: Page, first: boolean): Promise<void> {
  const box = await sky(page).boundingBox();
  if (!box) throw new Error("no firmament");
  const before = await moves(page);
  for (let attempt = 0; attempt < 20; attempt++) {
    const at = spot();
    await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y);
    if ((await page.locator(".ghost.pending").count()) === 0) continue; // refused there
    // Clicking chose the spot; nothing is placed until confirmed, and the ghost does not follow the mouse.
    expect(await moves(page)).toBe(before);
    const where = await page.locator(".ghost.pending").getAttribute("style");
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.95);
    expect(await page.locator(".ghost.pending").getAttribute("style")).toBe(where);
    if (first) {
      await shot(page, "confirm-desktop");
      await page.getByRole("button", { name: "Cancel" }).click();
      expect(await page.locator(".ghost.pending").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Place star" }).isDisabled()).toBe(true);
      await page.mouse.click(box.x + box.width * at.x, box.y + box.height * at.y);
    }
    await page.getByRole("button", { name: "Place star" }).click();
    // A bot may place right after: at least this star is on the sky.
    await expect.poll(() => moves(page)).toBeGreaterThan(before);
    return;
  }
  throw new Error("no free spot found");
}

/** With confirming on, by keyboard: F jumps to the firmament, Enter chooses, Enter again places. */
async function placeByKeyboardConfirming(page: Page): Promise<void> {
  const before = await moves(page);
  await page.keyboard.press("f");
  expect(await focusedId(page)).toBe("region-firmament");
  for (let attempt = 0; attempt < 20; attempt++) {
    for (let i = 0; i < 1 + Math.floor(random() * 5); i++)
      await page.keyboard.press(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"][attempt % 4] as string);
    await page.keyboard.press("Enter");
    if ((await page.locator(".ghost.pending").count()) === 0) continue;
    expect(await moves(page)).toBe(before);
    await page.keyboard.press("Escape");
    expect(await page.locator(".ghost.pending").count()).toBe(0);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    // A bot may place right after: at least this star is on the sky.
    await expect.poll(() => moves(page)).toBeGreaterThan(before);
    return;
  }
  throw new Error("no free spot found");
}

/** On the phone (confirming on by default): a tap chooses the spot, "Place star" places. */
async function placeByTap(page: Page, first: boolean, aim?: { x: number; y: number }): Promise<void> {
  const box = await sky(page).boundingBox();
  if (!box) throw new Error("no firmament");
  const before = await moves(page);
  for (let attempt = 0; attempt < 20; attempt++) {
    const at = aim && attempt === 0 ? aim : spot();
    await sky(page).tap({ position: { x: box.width * at.x, y: box.height * at.y } });
    if ((await page.locator(".ghost.pending").count()) === 0) continue;
    expect(await moves(page)).toBe(before);
    if (first) await shot(page, "confirm-phone");
    await page.getByRole("button", { name: "Place star" }).click();
    // A bot may place right after: at least this star is on the sky.
    await expect.poll(() => moves(page)).toBeGreaterThan(before);
    return;
  }
  throw new Error("no free spot found");
}

describe("at the table", () => {
  it("a phone guest sits down first, the lobby chats, and a round is played with the table's new helps", async () => {
    const ada = await person(e2e.browser, false, "no-preference");
    const bruno = await person(e2e.browser, true, "reduce");

    await ada.page.goto(e2e.server.url);
    await ada.page.getByRole("button", { name: "Create table" }).click();
    await ada.page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
    const url = ada.page.url();
    await ada.page.getByRole("textbox", { name: "Name" }).fill("Ada");
    await ada.page.getByRole("button", { name: "Join", exact: true }).click();
    await ada.page.getByRole("button", { name: "Leave seat" }).waitFor();

    // The guest's first screen on a phone: the form to take a seat, no invite, nothing to scroll.
    await bruno.page.goto(url);
    await bruno.page.getByRole("heading", { name: "Take a seat" }).waitFor();
    for (const control of [
      bruno.page.getByRole("textbox", { name: "Name" }),
      bruno.page.getByRole("button", { name: "Join", exact: true }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await bruno.page.evaluate(() => window.scrollY)).toBe(0);
    expect(await bruno.page.getByRole("textbox", { name: "Invite link", exact: true }).count()).toBe(0);
    // Spectators read the lobby's chat; a free seat is the way to write.
    expect(await bruno.page.getByText("Take a seat to write in the chat.").count()).toBe(1);
    await shot(bruno.page, "lobby-guest-phone");
    await bruno.page.getByRole("textbox", { name: "Name" }).fill("Bruno");
    await bruno.page.getByRole("button", { name: "Join", exact: true }).click();
    await bruno.page.getByRole("button", { name: "Leave seat" }).waitFor();
    expect(await bruno.page.getByRole("textbox", { name: "Invite link", exact: true }).count()).toBe(1);
    // Seated, the guest's first screen says what happens next and shows their seat; the invite comes after.
    const waiting = bruno.page
      .getByRole("status")
      .filter({ hasText: "Waiting for the host to start the game…" });
    const mySeat = bruno.page
      .getByRole("region", { name: "Seats" })
      .getByRole("listitem")
      .filter({ hasText: "you" });
    const invite = bruno.page.getByRole("textbox", { name: "Invite link", exact: true });
    for (const shown of [waiting, mySeat]) {
      const box = await shown.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(box?.y).toBeLessThan((await invite.boundingBox())?.y ?? 0);
    }
    await shot(bruno.page, "lobby-guest-seated-phone");

    // The lobby chats while people wait.
    await bruno.page.getByRole("textbox", { name: "Message" }).fill("Two minutes, getting tea");
    await bruno.page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => ada.page.getByText("Two minutes, getting tea").count()).toBe(1);
    // Tags are their own words to a screen reader: "Ada · red, you, host", never "Ada · redyouhost".
    const adaSeat = ada.page.getByRole("region", { name: "Seats" }).getByRole("listitem").first();
    expect((await adaSeat.textContent())?.replace(/\s+/g, " ")).toContain("Ada · red, you, host");
    for (let bots = 1; bots <= 2; bots++) {
      await ada.page.getByRole("button", { name: "Add bot" }).first().click();
      await expect.poll(() => ada.page.getByRole("button", { name: "Remove bot" }).count()).toBe(bots);
    }
    await shot(ada.page, "lobby-desktop", true);
    await shot(bruno.page, "lobby-seated-phone", true);
    await ada.page.getByRole("button", { name: "Start game" }).click();
    for (const p of [ada, bruno]) await sky(p.page).waitFor({ timeout: 10_000 });

    // Confirming stars: on by default on the touch phone, off on the desktop.
    const confirmSetting = (page: Page) =>
      page.getByRole("checkbox", { name: "Confirm each star before it is placed" });
    expect(await confirmSetting(bruno.page).isChecked()).toBe(true);
    expect(await confirmSetting(ada.page).isChecked()).toBe(false);
    await confirmSetting(ada.page).check();

    // The marker: Bruno peeks and it hides again after 10 s; Ada keeps hers shown (remembered).
    const face = (page: Page) => page.getByRole("region", { name: "Your marker" }).locator(".marker-face");
    // From here the pages' timers run on clocks the test can move on (at their own pace until then).
    await Promise.all([ada.page.clock.install(), bruno.page.clock.install()]);
    await bruno.page.getByRole("button", { name: "Peek" }).click();
    const peeked = Date.now();
    expect(await face(bruno.page).textContent()).toMatch(/^You are (a god|the mortal)/);
    await ada.page.getByRole("checkbox", { name: /^Keep my role on screen/ }).check();
    expect(await face(ada.page).textContent()).toMatch(/^You are (a god|the mortal)/);
    expect(await ada.page.getByRole("button", { name: "Peek" }).getAttribute("aria-pressed")).toBe("true");

    // The table's keyboard help: "?" opens it with the focus inside, Escape closes it and gives the focus back.
    await ada.page.getByRole("button", { name: "Peek" }).focus();
    await ada.page.keyboard.press("?");
    const help = ada.page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.waitFor();
    expect(await focusedName(ada.page)).toBe("Close");
    expect(await help.getByText("The firmament", { exact: true }).count()).toBe(1);
    await shot(ada.page, "keyboard-help-desktop");
    await ada.page.keyboard.press("Escape");
    await expect.poll(() => help.isVisible()).toBe(false);
    expect(await focusedName(ada.page)).toBe("Peek");
    // Keys pressed straight after closing the help do what they say, though the dialog's close event
    // comes a moment later (it once undid a jump, and a "?" pressed before it was lost).
    await ada.page.keyboard.press("?");
    await help.waitFor();
    await ada.page.keyboard.press("Escape");
    await ada.page.keyboard.press("?");
    await help.waitFor();
    expect(await focusedName(ada.page)).toBe("Close");
    await ada.page.keyboard.press("Escape");
    await ada.page.keyboard.press("f");
    expect(await focusedId(ada.page)).toBe("region-firmament");
    await ada.page.keyboard.press("?");
    await help.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => help.isVisible()).toBe(false);
    expect(await focusedId(ada.page)).toBe("region-firmament");
    // The same for a picture shown large: Escape and Enter at once show it again, and the focus comes
    // back to its button.
    const image1 = ada.page.getByRole("button", { name: /^Image 1: / });
    const large = ada.page.getByRole("dialog", { name: "Image 1" });
    await image1.focus();
    await ada.page.keyboard.press("Enter");
    await large.waitFor();
    await ada.page.keyboard.press("Escape");
    await ada.page.keyboard.press("Enter");
    await large.waitFor();
    await ada.page.keyboard.press("Escape");
    await expect.poll(() => large.isVisible()).toBe(false);
    expect(await focusedName(ada.page)).toMatch(/^Image 1: /);
    await ada.page.getByRole("button", { name: "Peek" }).focus();
    // Single keys jump to the table's regions; letters typed into the chat stay text.
    await ada.page.keyboard.press("f");
    expect(await focusedId(ada.page)).toBe("region-firmament");
    await ada.page.keyboard.press("p");
    expect(await focusedId(ada.page)).toBe("region-players");
    await ada.page.keyboard.press("m");
    expect(await focusedName(ada.page)).toBe("Peek");
    await ada.page.keyboard.press("c");
    expect(await focusedName(ada.page)).toBe("Message");
    await ada.page.keyboard.type("fig");
    expect(await ada.page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("fig");
    await ada.page.getByRole("textbox", { name: "Message" }).fill("");
    await ada.page.keyboard.press("Shift+Tab");
    await ada.page.keyboard.press("g");
    await expect.poll(() => ada.page.getByText("Your guess: not on screen right now.").count()).toBe(1);
    await bruno.page.getByRole("button", { name: "Keyboard shortcuts (?)" }).click();
    await bruno.page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await shot(bruno.page, "keyboard-help-phone");
    await bruno.page.getByRole("button", { name: "Close" }).click();

    // Players' tags, as a screen reader reads them.
    const me = ada.page
      .getByRole("region", { name: "Players" })
      .getByRole("listitem")
      .filter({ hasText: "Ada" });
    expect((await me.textContent())?.replace(/\s+/g, " ")).toMatch(/^Ada, you(, Dealer)?, red, 0 points$/);

    // Placing: Ada by mouse and by keyboard, confirming each star; Bruno by tapping.
    let adaStars = 0;
    let brunoStars = 0;
    const started = Date.now();
    while (adaStars < 3 || brunoStars < 3) {
      expect(Date.now() - started).toBeLessThan(120_000);
      if (adaStars < 3 && (await isMyTurn(ada.page))) {
        if (adaStars === 1) await placeByKeyboardConfirming(ada.page);
        else await placeByMouseConfirming(ada.page, adaStars === 0);
        adaStars++;
      } else if (brunoStars < 3 && (await isMyTurn(bruno.page))) {
        // The first at the sky's right edge, which on a phone is near the screen's.
        await placeByTap(bruno.page, brunoStars === 0, brunoStars === 0 ? { x: 0.99, y: 0.3 } : undefined);
        if (brunoStars === 1) await shot(bruno.page, "placing-phone", true);
        brunoStars++;
      } else
        await expect
          .poll(
            async () =>
              (adaStars < 3 && (await isMyTurn(ada.page))) ||
              (brunoStars < 3 && (await isMyTurn(bruno.page))),
            { timeout: 20_000 },
          )
          .toBe(true);
    }
    await shot(ada.page, "placing-desktop");
    // Every star is drawn whole on the phone, those at the sky's edge too, with its glow (up to 6 px):
    // nothing beyond the screen.
    const clipped = await bruno.page.evaluate(() =>
      [...document.querySelectorAll(".sky-star .star-glyph, .sky-star-order")]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.left - 6 < 0 || r.right + 6 > window.innerWidth)
        .map((r) => `${Math.round(r.left)}–${Math.round(r.right)}`),
    );
    expect(clipped).toEqual([]);
    expect(await bruno.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // 10 s after Peek, on the pages' clocks, Bruno's marker is hidden again; Ada's stays.
    const sincePeek = Date.now() - peeked;
    await Promise.all([ada.page, bruno.page].map((p) => p.clock.runFor(Math.max(0, 10_500 - sincePeek))));
    await expect.poll(() => face(bruno.page).textContent()).toMatch(/^Hidden\./);
    expect(await face(ada.page).textContent()).toMatch(/^You are (a god|the mortal)/);

    // Guessing.
    for (const p of [ada, bruno]) {
      const guess = p.page.getByRole("button", { name: /^Guess / }).first();
      await guess.waitFor({ timeout: 20_000 });
      await guess.click();
    }

    // The reveal: "Next round" cannot be pressed until every line of it has faded in.
    const next = ada.page.getByRole("button", { name: "Next round" });
    await next.waitFor({ timeout: 20_000 });
    const seen: { enabled: boolean; faded: boolean }[] = [];
    for (;;) {
      const now = await ada.page.evaluate(() => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Next round");
        const parts = [...document.querySelectorAll(".reveal .reveal-line, .reveal .scoring tbody tr")];
        return {
          enabled: button !== undefined && !button.disabled,
          faded: parts.every((el) => getComputedStyle(el).opacity === "1"),
        };
      });
      seen.push(now);
      if (now.enabled) break;
      await framesDrawn(ada.page, 1);
    }
    expect(seen[0]).toEqual({ enabled: false, faded: false });
    expect(seen.every((s) => !s.enabled || s.faded)).toBe(true);
    await shot(ada.page, "reveal-desktop");

    // The Guess column names the player a god suspected, or the mortal's image; never a colour.
    for (const p of [ada, bruno]) {
      const scoring = p.page.getByRole("table", { name: "Scoring" });
      const names = await scoring.getByRole("rowheader").allTextContents();
      const guesses = await scoring.locator("tbody td:nth-child(2)").allTextContents();
      expect(names).toHaveLength(4);
      for (const guess of guesses) expect(names.includes(guess) || /^image [1-4]$/.test(guess)).toBe(true);
    }
    // On the phone, each name stays beside its symbol.
    const besides = await bruno.page.evaluate(() =>
      [...document.querySelectorAll(".scoring tbody th .who")].map((who) => {
        const mark = who.querySelector("svg")?.getBoundingClientRect();
        const name = who.querySelector("span")?.getBoundingClientRect();
        return mark && name ? name.left >= mark.right - 0.5 : false;
      }),
    );
    expect(besides).toEqual([true, true, true, true]);
    await bruno.page.getByRole("region", { name: /^Round 1 revealed/ }).scrollIntoViewIfNeeded();
    await shot(bruno.page, "reveal-phone", true);

    // Reloaded: the settings are remembered, and the kept role is on screen without Peek.
    await ada.page.reload();
    await ada.page.getByRole("table", { name: "Scoring" }).waitFor();
    expect(await ada.page.getByRole("checkbox", { name: /^Keep my role on screen/ }).isChecked()).toBe(true);
    expect(await face(ada.page).textContent()).toMatch(/^You are (a god|the mortal)/);

    for (const p of [ada, bruno]) expect(p.errors).toEqual([]);
    await ada.context.close();
    await bruno.context.close();
  }, 240_000);
});
