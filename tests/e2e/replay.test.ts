/**
 * Replays end to end in real Chromium: a game of each kind is played to its end by bots (the person who
 * started it leaves, so the bots play their seat too); the table's end screen lists it; its replay page
 * steps forward and back by button and key, jumps to a round, plays and pauses, and shows each round's
 * secrets. Screenshots: artifacts/screenshots/replay-*.png.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPlayer, type Player } from "./dreamers-play";
import { browserSuite, screenshotDir } from "./harness";
import { framesDrawn } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "15", GRACE_SECONDS: "0" });

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(screenshotDir(), `replay-${name}.png`), fullPage });

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Every axe violation (WCAG 2.1 A/AA, best practices) on the page now, as "rule: selector" lines. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
}

const stepText = (page: Page) => page.locator(".replay-step").textContent();

/** Creates a table of `game`, takes seat 0, fills the rest with bots, starts, leaves: bots finish it. */
async function botGame(player: Player, game: "Dreams" | "Dreamers"): Promise<string> {
  const { page } = player;
  await page.goto(e2e.server.url);
  if (game === "Dreamers") await page.getByRole("radio", { name: "Dreamers (2 players)" }).click();
  await page.getByRole("button", { name: "Create table" }).click();
  await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const code = page.url().slice(-6);
  await page.getByRole("textbox", { name: "Name" }).fill(player.name);
  await page.getByRole("button", { name: "Join" }).click();
  // Playwright's own wait (30 s), not expect.poll's 1 s: on a busy machine the seat can take longer.
  await page.getByRole("button", { name: "Leave seat" }).waitFor();
  while ((await page.getByRole("button", { name: "Add bot" }).count()) > 0) {
    const before = await page.getByRole("button", { name: "Add bot" }).count();
    await page.getByRole("button", { name: "Add bot" }).first().click();
    await expect
      .poll(() => page.getByRole("button", { name: "Add bot" }).count(), { timeout: 10_000 })
      .toBe(before - 1);
  }
  await page.getByRole("button", { name: "Start game" }).click();
  await page.waitForSelector(game === "Dreams" ? ".game" : ".dm-game");
  await page.goto("about:blank");
  await expect
    .poll(
      async () => {
        const res = await fetch(`${e2e.server.url}/api/tables/${code}`);
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toBe("over");
  return code;
}

/** The end screen lists the game; its replay link opens the replay page at the deal. */
async function openReplay(player: Player, code: string, game: string): Promise<Page> {
  const { page } = player;
  await page.goto(`${e2e.server.url}/t/${code}`);
  const history = page.getByRole("region", { name: "Games at this table" });
  await expect
    .poll(() => history.getByRole("link", { name: "Replay of game 1" }).count(), { timeout: 15_000 })
    .toBe(1);
  expect(await history.getByRole("link", { name: "Record of game 1" }).getAttribute("href")).toBe(
    `/api/tables/${code}/matches/1/record`,
  );
  // read in a new tab, or saved under a name that says the table and the game's number
  expect(await history.getByRole("link", { name: "Record of game 1" }).getAttribute("target")).toBe("_blank");
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    history.getByRole("link", { name: "Download record (game 1)" }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`firmament-${code}-1.txt`);
  expect(page.url()).toBe(`${e2e.server.url}/t/${code}`);
  await shot(page, `${game}-history`);
  await history.getByRole("link", { name: "Replay of game 1" }).click();
  await page.waitForURL(new RegExp(`/replay/${code}/1$`));
  await expect.poll(() => stepText(page)).toBe("As dealt");
  return page;
}

/** Steps by button and key, jumps to round 2, plays and pauses. */
async function drive(page: Page): Promise<void> {
  const controls = page.getByRole("region", { name: "Replay controls" });
  await controls.getByRole("button", { name: "Next move" }).click();
  await expect.poll(() => stepText(page)).toMatch(/^Move 1 of \d+$/);
  await page.locator("h1").click();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => stepText(page)).toMatch(/^Move 2 of \d+$/);
  await page.keyboard.press("ArrowLeft");
  await controls.getByRole("button", { name: "Previous move" }).click();
  await expect.poll(() => stepText(page)).toBe("As dealt");
  expect(new URL(page.url()).search).toBe("");
  await controls.getByRole("combobox", { name: "Jump to round" }).selectOption("2");
  await expect.poll(() => page.getByRole("heading", { name: "Secrets of round 2" }).count()).toBe(1);
  const jumped = Number(/step=(\d+)/.exec(page.url())?.[1]);
  expect(jumped).toBeGreaterThan(2);
  // The page's timers from here on run on a clock the test can move on (it runs at its own pace until then).
  await page.clock.install();
  await controls.getByRole("button", { name: "Play" }).click();
  await expect
    .poll(() => stepText(page), { timeout: 5_000 })
    .toBe(`Move ${jumped + 2} of ${await last(page)}`);
  await controls.getByRole("button", { name: "Pause" }).click();
  const paused = await stepText(page);
  // Two autoplay steps' time at once: a step still scheduled would be on screen after it.
  await page.clock.runFor(2_000);
  await framesDrawn(page);
  expect(await stepText(page)).toBe(paused);
  // Back to the last move of round 1: its reveal.
  await controls.getByRole("combobox", { name: "Jump to round" }).selectOption("2");
  await controls.getByRole("button", { name: "Previous move" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Secrets of round 1" }).count()).toBe(1);
}

const last = async (page: Page) =>
  Number(await page.getByRole("slider", { name: "Move" }).getAttribute("max"));

describe("replays in the browser", () => {
  it("a finished Dreams game: history link, stepping, jumping, autoplay, every secret shown", async () => {
    const ada = await newPlayer(e2e.browser, "Ada", "mouse");
    const code = await botGame(ada, "Dreams");
    const page = await openReplay(ada, code, "dreams");
    const secrets = page.getByRole("region", { name: "Secrets of round 1" });
    // The game's own table code arrives after the page: wait for it.
    await expect.poll(() => secrets.getByText(/^True vision: image [1-4]$/).count()).toBe(1);
    expect(await secrets.getByText(/^Mortal: /).count()).toBe(1);
    // Guesses appear as they are made: none at the deal.
    expect(await secrets.getByText(/ guessed: /).count()).toBe(0);
    await shot(page, "dreams-dealt");
    await drive(page);
    const reveal = page.getByRole("region", { name: "Secrets of round 1" });
    await expect.poll(() => reveal.getByText(/ guessed: /).count()).toBeGreaterThanOrEqual(3);
    // The strongest bot's beliefs sit beside the replay and move with it, star by star.
    const explained = page.getByRole("region", { name: "What the strongest bot concluded" });
    await expect.poll(() => explained.getByRole("meter").count()).toBeGreaterThan(0);
    const beliefStep = () => explained.locator(".belief-step").textContent();
    await expect.poll(beliefStep).toMatch(/^After star (\d+) of \1$/);
    // Nothing of a live table: nobody is waited for, no next round to press.
    expect(await page.getByText(/^Waiting for/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Next round" }).count()).toBe(0);
    await shot(page, "dreams-reveal");
    await page
      .getByRole("region", { name: "Replay controls" })
      .getByRole("combobox", { name: "Jump to round" })
      .selectOption("2");
    await expect.poll(beliefStep).toBe("Before the first star");
    expect(await violations(page)).toEqual([]);
    // On a phone the controls come first, the table below.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "dreams-phone", false);
    // The record it links to is the text record, with every round's secret.
    const record = await page.request.get(`${e2e.server.url}/api/tables/${code}/matches/1/record`);
    const text = await record.text();
    expect(text).toContain('[Game "dreams"]');
    expect(text).toMatch(/^reveal dreams\|1\|/m);
    expect(ada.errors).toEqual([]);
    await ada.context.close();
  }, 240_000);

  it("a finished Dreamers game: identities of every round shown, stepping and jumping", async () => {
    const bea = await newPlayer(e2e.browser, "Bea", "mouse");
    const code = await botGame(bea, "Dreamers");
    const page = await openReplay(bea, code, "dreamers");
    const secrets = page.getByRole("region", { name: "Secrets of round 1" });
    await expect.poll(() => secrets.getByText(/^Bea: (Dreamer|Master of Nightmares)$/).count()).toBe(1);
    expect(await secrets.getByText(/^Unused identity card: /).count()).toBe(1);
    await shot(page, "dreamers-dealt");
    await drive(page);
    const explained = page.getByRole("region", { name: "What the Dreamer bot concluded" });
    await expect.poll(() => explained.getByRole("meter").count()).toBeGreaterThan(0);
    expect(await page.getByText(/^Waiting for/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Ready for the next round" }).count()).toBe(0);
    await shot(page, "dreamers-round-end");
    expect(await violations(page)).toEqual([]);
    expect(bea.errors).toEqual([]);
    await bea.context.close();
  }, 240_000);
});
