/**
 * Playing Dreamers through the page the way a person does: every control is found by its accessible
 * role and name, and clicked with the mouse, tapped, or focused and pressed with the keyboard.
 */
import { join } from "node:path";
import type { Random } from "@firmament/dreamers";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { screenshotDir, watchErrors } from "./harness";

export type Mode = "mouse" | "keyboard" | "touch";

export interface Player {
  name: string;
  mode: Mode;
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** Screens already photographed (one picture of each). */
  shots: Set<string>;
  size: "desktop" | "phone";
}

export async function newPlayer(
  browser: Browser,
  name: string,
  mode: Mode,
  options: { bypassCSP?: boolean } = {},
): Promise<Player> {
  const phone = mode === "touch";
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: "en-US",
    reducedMotion: "reduce",
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { name, mode, context, page, errors, shots: new Set(), size: phone ? "phone" : "desktop" };
}

/** artifacts/screenshots/dreamers-<size>-<screen>.png, once per player and screen. */
export async function shoot(player: Player, screen: string): Promise<void> {
  if (player.shots.has(screen)) return;
  player.shots.add(screen);
  const path = join(screenshotDir(), `dreamers-${player.size}-${screen}.png`);
  await player.page.screenshot({ path, fullPage: player.size === "phone" });
}

/** Presses a control the way this player's device does. */
export async function press(player: Player, name: string | RegExp, role: "button" | "radio" = "button") {
  const control = player.page.getByRole(role, { name, exact: typeof name === "string" }).first();
  if (player.mode === "touch") await control.tap();
  else if (player.mode === "keyboard") {
    await control.focus();
    await player.page.keyboard.press(role === "radio" ? "Space" : "Enter");
  } else await control.click();
}

export async function createDreamersTable(
  player: Player,
  url: string,
  timer: "off" | "relaxed" | "fast" = "off",
): Promise<string> {
  const { page } = player;
  await page.goto(url);
  await press(player, "Dreamers (2 players)", "radio");
  await page.getByRole("combobox", { name: "Turn timer" }).selectOption(timer);
  await shoot(player, "1-create");
  await press(player, "Create table");
  await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  return page.url();
}

export async function joinSeat(player: Player, url: string): Promise<void> {
  const { page } = player;
  if (page.url() !== url) await page.goto(url);
  await page.getByRole("textbox", { name: "Name" }).fill(player.name);
  await press(player, "Join");
  await expect.poll(() => page.getByRole("button", { name: "Leave seat" }).isVisible()).toBe(true);
}

/** What the page offers now, read in one round trip: the names of the enabled controls and a few facts. */
export interface Probe {
  cards: string[];
  /** The hand's cards are picked to lead with (toggle buttons), not played at once. */
  leading: boolean;
  declares: string[];
  modifiers: string[];
  pass: boolean;
  accuse: boolean;
  endTurn: boolean;
  choose: string[];
  ready: boolean;
  playAgain: boolean;
  roundEnd: boolean;
  over: boolean;
  prompt: string;
  /** The turn timer's text in the prompt, if it runs. */
  countdown: string;
  live: string;
  round: number;
  turn: number;
}

export function probe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll("button")].filter((b) => !b.disabled);
    // Close to the accessible name: aria-label, else the text that is not aria-hidden.
    const text = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
      if (node instanceof Element && node.getAttribute("aria-hidden") === "true") return "";
      return [...node.childNodes].map(text).join("");
    };
    const name = (b: Element) => (b.getAttribute("aria-label") ?? text(b)).replace(/\s+/g, " ").trim();
    const names = buttons.map(name);
    const prompt = document.querySelector(".dm-prompt")?.textContent ?? "";
    return {
      cards: names.filter((n) => n.startsWith("Play Dream card ")),
      leading: buttons.some((b) => b.hasAttribute("aria-pressed") && name(b).startsWith("Play Dream card ")),
      declares: names.filter((n) => n.startsWith("Declare ")),
      modifiers: names.filter((n) => /^Play .+ on .+: sum \d+$/.test(n)),
      pass: names.includes("Pass"),
      accuse: names.includes("Accuse with the skull"),
      endTurn: names.includes("End turn"),
      choose: names.filter((n) => n.startsWith("Choose ")),
      ready: names.includes("Ready for the next round"),
      playAgain: names.includes("Play again"),
      roundEnd: document.querySelector(".dm-round-end") !== null,
      over: document.querySelector(".dm-over") !== null,
      prompt,
      countdown: document.querySelector(".dm-prompt .countdown")?.textContent ?? "",
      live: document.querySelector(".dm-game > p[aria-live]")?.textContent ?? "",
      round: Number(/Round (\d+) of/.exec(prompt)?.[1] ?? 0),
      turn: Number(/Turn (\d+)/.exec(prompt)?.[1] ?? 0),
    };
  });
}

/** What a player can see change at a Dreamers table: the probe without the countdown, which ticks every second. */
export async function dreamersMoment(page: Page): Promise<Omit<Probe, "countdown" | "prompt">> {
  const { countdown: _ticking, prompt: _withCountdown, ...moment } = await probe(page);
  return moment;
}

export interface Seen {
  /** Screens met, in the order first met. */
  screens: string[];
  announcements: Set<string>;
  roundEnds: number;
  accusations: number;
}

export function newSeen(): Seen {
  return { screens: [], announcements: new Set(), roundEnds: 0, accusations: 0 };
}

/**
 * Does whatever this player may do now, if anything, and returns the screen it was on. Plays to finish
 * the game: a modifier that fits is always played, the skull is used now and then.
 */
export async function act(
  player: Player,
  random: Random,
  seen: Seen,
  onScreen: (screen: string) => Promise<void> = async () => undefined,
): Promise<string | null> {
  const now = await probe(player.page);
  if (now.live) seen.announcements.add(now.live);
  const at = async (screen: string) => {
    if (!seen.screens.includes(screen)) seen.screens.push(screen);
    await onScreen(screen);
  };
  if (now.over) {
    await at("game-over");
    return "game-over";
  }
  if (now.ready) {
    seen.roundEnds++;
    await at("round-end");
    await checkRoundEnd(player.page);
    await press(player, "Ready for the next round");
    return "round-end";
  }
  if (now.choose.length > 0) {
    await at("choose-identity");
    await press(player, pick(now.choose, random));
    return "choose-identity";
  }
  if (now.declares.length > 0) {
    await at("lead-declare");
    await press(player, pick(now.declares, random));
    return "lead-declare";
  }
  if (now.cards.length > 0) {
    const card = pick(now.cards, random);
    if (now.leading) {
      await at("lead");
      await press(player, card);
      await expect.poll(async () => (await probe(player.page)).declares.length).toBe(3);
      return "lead";
    }
    await at("answer");
    await press(player, card);
    return "answer";
  }
  if (now.modifiers.length > 0 || now.pass) {
    await at(now.modifiers.length > 0 ? "modifier" : "pass");
    await press(player, now.modifiers.length > 0 ? pick(now.modifiers, random) : "Pass");
    return "modifier";
  }
  if (now.accuse || now.endTurn) {
    await at(now.accuse ? "accuse" : "end-turn");
    if (now.accuse && random() < 0.4) {
      seen.accusations++;
      await press(player, "Accuse with the skull");
    } else await press(player, "End turn");
    return "closing";
  }
  return null;
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** The round's end: both identities and the unused one shown, exactly one Master among the three, the deal checked. */
async function checkRoundEnd(page: Page): Promise<void> {
  const panel = page.locator(".dm-round-end");
  const captions = await panel.locator("figcaption").allTextContents();
  expect(captions).toHaveLength(3);
  expect(captions.filter((c) => / was (a Dreamer|the Master of Nightmares)\.$/.test(c))).toHaveLength(2);
  expect(captions.filter((c) => c.startsWith("The unused identity card: "))).toHaveLength(1);
  expect(captions.filter((c) => c.includes("Master of Nightmares"))).toHaveLength(1);
  const text = (await panel.textContent()) ?? "";
  expect(text).toMatch(/All three gates are open\.|accused .+ with the skull\.|A hand could not be refilled/);
  expect(text).toContain("Fair play: the identities match the fingerprint");
  expect(await page.getByRole("table", { name: "Points this round" }).getByRole("row").count()).toBe(3);
}
