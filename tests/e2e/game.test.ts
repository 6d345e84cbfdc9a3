/**
 * End to end in real Chromium: three browser contexts (two desktops and a 390×844 touch phone) create
 * and join a table by its link, the host adds a bot, and they play a whole game to the end screen —
 * placing stars by mouse, by keyboard and by tap, guessing, going through each reveal — while one
 * player reloads the page mid-round and must come back to the same seat. Then the host plays again.
 * Screenshots of every stage go to artifacts/screenshots/.
 */
import { join } from "node:path";
import { mulberry32 } from "@firmament/dreams";
import { lanAddresses } from "@firmament/server/network";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Player as BasePlayer, Mode } from "./dreamers-play";
import { browserSuite, screenshotDir, watchErrors } from "./harness";

/** A player as the Dreamers tests have one, less the screen size, with a tag for screenshots. */
interface Player extends Omit<BasePlayer, "size"> {
  tag: string;
  /** Socket frames: `hello`s sent declaring `fold`, and `events` / whole `view` pushes received. */
  frames: { foldHellos: number; events: number; views: number };
}

const random = mulberry32(20261126);
const e2e = browserSuite({ BOT_DELAY_MS: "60", GRACE_SECONDS: "120" });
const shots = screenshotDir();

async function newPlayer(name: string, mode: Mode, tag: string): Promise<Player> {
  const phone = mode === "touch";
  const context = await e2e.browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: "en-US",
    // Screenshots show the reveal complete rather than mid-animation.
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const frames = { foldHellos: 0, events: 0, views: 0 };
  page.on("websocket", (ws) => {
    ws.on("framesent", ({ payload }) => {
      if (/^42\d*\["hello",\{.*"fold":true/.test(String(payload))) frames.foldHellos++;
    });
    ws.on("framereceived", ({ payload }) => {
      const text = String(payload);
      if (text.startsWith('42["events",')) frames.events++;
      if (text.startsWith('42["view",')) frames.views++;
    });
  });
  return { name, mode, context, page, errors, shots: new Set(), tag, frames };
}

async function shoot(player: Player, label: string, fullPage = false): Promise<void> {
  if (player.shots.has(label)) return;
  player.shots.add(label);
  await player.page.screenshot({ path: join(shots, `${player.tag}-${label}.png`), fullPage });
}

const firmament = (page: Page) => page.getByRole("application", { name: "Firmament" });
const movesCount = (page: Page) =>
  page.getByRole("region", { name: "Stars placed" }).getByRole("listitem").count();
const over = (page: Page) => page.getByRole("heading", { name: "Game over" }).isVisible();

async function joinSeat(player: Player, url: string): Promise<void> {
  const { page } = player;
  if (page.url() !== url) await page.goto(url);
  await page.getByRole("textbox", { name: "Name" }).fill(player.name);
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await expect.poll(() => page.getByRole("button", { name: "Leave seat" }).isVisible()).toBe(true);
}

/** Places a star the way this player's device would; true once the server has taken it. */
async function placeStar(player: Player): Promise<boolean> {
  const { page } = player;
  const before = await movesCount(page);
  const sky = firmament(page);
  const box = await sky.boundingBox();
  if (!box) return false;
  const x = 0.06 + random() * 0.88;
  const y = 0.06 + random() * 0.88;
  if (player.mode === "mouse") {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y);
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  } else if (player.mode === "touch") {
    // A touch screen confirms each star by default: the tap chooses the spot, "Place star" places.
    await sky.tap({ position: { x: box.width * x, y: box.height * y } });
    const place = page.getByRole("button", { name: "Place star" });
    if (!(await place.isEnabled())) return false; // the engine refused that spot: nothing waits there
    await place.click();
  } else {
    await sky.focus();
    const kinds = ["1", "2", "3"];
    await page.keyboard.press(kinds[Math.floor(random() * 3)] as string);
    const presses = 1 + Math.floor(random() * 8);
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
    for (let i = 0; i < presses; i++) await page.keyboard.press(keys[Math.floor(random() * 4)] as string);
    await page.keyboard.press("Enter");
  }
  try {
    await expect.poll(() => movesCount(page), { timeout: 4000 }).toBeGreaterThan(before);
    return true;
  } catch {
    return false; // too close to another star: the engine said no, try another spot
  }
}

interface Probe {
  over: boolean;
  place: boolean;
  guesses: number;
  next: boolean;
}

/** A quick look at what the page offers now (one round trip instead of several locator calls). */
function probe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll("button")];
    const named = (name: string) => buttons.find((b) => b.textContent?.trim() === name);
    // My turn to place: the star kinds can be chosen. ("Place star" itself waits for a chosen spot
    // where stars are confirmed, as on the touch phone.)
    const kinds = [...document.querySelectorAll<HTMLInputElement>(".tray input[type=radio]")];
    return {
      over: document.querySelector(".reveal.over") !== null,
      place: kinds.some((radio) => !radio.disabled),
      guesses: buttons.filter((b) => b.getAttribute("aria-label")?.startsWith("Guess ") && !b.disabled)
        .length,
      // A pressed "Next round" stays on screen, disabled, until the server's answer removes it.
      next: named("Next round")?.disabled === false,
    };
  });
}

/** What a player's own marker says, read through the UI (pressing Peek if it is hidden). */
async function marker(player: Player): Promise<{ role: "god"; vision: number } | { role: "mortal" }> {
  const peek = player.page.getByRole("button", { name: "Peek" });
  if ((await peek.getAttribute("aria-pressed")) !== "true") await peek.click();
  const text = (await player.page.getByRole("region", { name: "Your marker" }).textContent()) ?? "";
  const god = /The true dream is image ([1-4])\./.exec(text);
  if (god) return { role: "god", vision: Number(god[1]) };
  expect(text).toContain("You are the mortal.");
  return { role: "mortal" };
}

/**
 * Guesses well, to keep the game short: the test reads every human's marker, so it knows the vision
 * and who the mortal is (a human whose marker says so, else the bot).
 */
async function guess(player: Player, players: Player[]): Promise<void> {
  const markers = await Promise.all(players.map(marker));
  const mortal = players.find((_, i) => markers[i]?.role === "mortal");
  const vision = markers.find((m) => m.role === "god");
  const mine = markers[players.indexOf(player)];
  const buttons = player.page.getByRole("button", { name: /^Guess / });
  let target = buttons.first();
  if (mine?.role === "mortal" && vision?.role === "god")
    target = player.page.getByRole("button", { name: `Guess image ${vision.vision}` });
  else if (mortal) target = buttons.filter({ hasText: mortal.name });
  else {
    let bot = buttons;
    for (const p of players) bot = bot.filter({ hasNotText: p.name });
    target = bot;
  }
  await target.first().click();
  await expect.poll(async () => (await probe(player.page)).guesses).toBe(0);
}

/** One look at the page: does whatever this player can do now. */
async function act(player: Player, players: Player[]): Promise<void> {
  const { page } = player;
  const now = await probe(page);
  if (now.over) return;
  if (now.place) {
    await shoot(player, "3-placing", player.mode === "touch");
    await placeStar(player);
  } else if (now.guesses > 0) {
    await shoot(player, "4-guessing", player.mode === "touch");
    await guess(player, players);
  } else if (now.next) {
    await shoot(player, "5-reveal", true);
    await page.getByRole("button", { name: "Next round" }).click();
  }
}

describe("a whole game in the browser", () => {
  it("three people create, join by link, play to the end with a bot, reload mid-round and play again", async () => {
    const ada = await newPlayer("Ada", "mouse", "desktop-ada");
    const bruno = await newPlayer("Bruno <b>", "keyboard", "desktop-bruno");
    const chiara = await newPlayer("Chiara", "touch", "phone-chiara");
    const players = [ada, bruno, chiara];

    // Landing page → create a table.
    await ada.page.goto(e2e.server.url);
    await shoot(ada, "1-landing");
    await chiara.page.goto(e2e.server.url);
    await shoot(chiara, "1-landing", true);
    await ada.page.getByRole("button", { name: "Create table" }).click();
    await ada.page.waitForURL(/\/t\/[A-HJKMNP-Z2-9]{6}$/);
    const url = ada.page.url();
    const code = url.slice(-6);
    await joinSeat(ada, url);

    // Friends arrive by the link (one of them types the code on the landing page instead).
    await joinSeat(bruno, url);
    await chiara.page.getByRole("textbox", { name: "Table code" }).fill(code.toLowerCase());
    await chiara.page.getByRole("button", { name: "Join", exact: true }).click();
    await chiara.page.waitForURL(url);
    await joinSeat(chiara, url);

    // Markup in a name is shown as text, never as HTML.
    await expect.poll(() => ada.page.getByText("Bruno <b>").count()).toBeGreaterThan(0);
    expect(await ada.page.locator(".seats b").count()).toBe(0);

    // The host fills the last seat with a bot and starts.
    await expect.poll(() => ada.page.getByRole("button", { name: "Add bot" }).count()).toBe(1);
    await ada.page.getByRole("button", { name: "Add bot" }).click();
    await expect.poll(() => ada.page.getByRole("button", { name: "Remove bot" }).count()).toBe(1);
    // The host opened localhost: the lobby offers a link (and a QR code) that works on friends' devices.
    const network = lanAddresses();
    if (network.length > 0)
      expect(await ada.page.getByRole("textbox", { name: "Invite link for your network" }).inputValue()).toBe(
        `http://${network[0]}:${new URL(url).port}/t/${code}`,
      );
    expect(await ada.page.getByRole("img", { name: /^QR code of the invite link/ }).count()).toBe(
      network.length > 0 ? 1 : 0,
    );
    await shoot(ada, "2-lobby");
    await shoot(chiara, "2-lobby", true);
    await ada.page.getByRole("button", { name: "Start game" }).click();
    for (const p of players)
      await expect.poll(() => firmament(p.page).isVisible(), { timeout: 10_000 }).toBe(true);

    // The four cards carry the deck's alt text (from GET /api/decks/standard) as their names.
    for (const n of [1, 2, 3, 4]) {
      const card = ada.page.getByRole("button", { name: new RegExp(`^Image ${n}: `) });
      await expect
        .poll(async () => ((await card.getAttribute("aria-label")) ?? "").length)
        .toBeGreaterThan(20);
      expect(await card.getAttribute("aria-label")).not.toContain("Loading");
    }
    expect(await ada.page.locator("img[src^='/cards/']").count()).toBe(4);

    // Everyone peeks at their marker: gods see the number, the mortal sees the mortal's sign.
    const roles: string[] = [];
    for (const p of players) {
      await p.page.getByRole("button", { name: "Peek" }).click();
      const face = (await p.page.getByRole("region", { name: "Your marker" }).textContent()) ?? "";
      expect(face).toMatch(/You are a god\. The true dream is image [1-4]\.|You are the mortal\./);
      roles.push(face.includes("mortal.") ? "mortal" : "god");
    }
    expect(roles.filter((r) => r === "mortal").length).toBeLessThanOrEqual(1);

    // Chat, with markup shown as text.
    await chiara.page.getByRole("textbox", { name: "Message" }).fill("I am <i>surely</i> a god");
    await chiara.page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => ada.page.getByText("I am <i>surely</i> a god").isVisible()).toBe(true);

    let reloaded = false;
    const started = Date.now();
    while (!(await Promise.all(players.map(async (p) => (await probe(p.page)).over))).every(Boolean)) {
      expect(Date.now() - started, "the game should end within 4 minutes").toBeLessThan(240_000);
      for (const p of players) await act(p, players);

      // Bruno reloads the page in the middle of the first round and must get his seat back.
      if (!reloaded && (await movesCount(bruno.page)) >= 5 && !(await probe(bruno.page)).over) {
        const before = await movesCount(bruno.page);
        const seen = await marker(bruno);
        await bruno.page.reload();
        await expect.poll(() => firmament(bruno.page).isVisible(), { timeout: 10_000 }).toBe(true);
        expect(await movesCount(bruno.page)).toBeGreaterThanOrEqual(before);
        expect(await marker(bruno)).toEqual(seen);
        reloaded = true;
      }
    }
    expect(reloaded).toBe(true);

    // The end screen: the winners, final scores, and "play again" for the host only.
    for (const p of players) {
      await expect.poll(() => p.page.getByText(/ wins?!$/).isVisible()).toBe(true);
      await shoot(p, "6-end", true);
    }
    expect(await bruno.page.getByRole("button", { name: "Play again" }).count()).toBe(0);
    // A final ranking, best first, and a way back to the start page.
    for (const p of players) {
      const ranking = p.page.getByRole("region", { name: "Final ranking" }).getByRole("listitem");
      expect(await ranking.count()).toBe(4);
      const scores = (await ranking.allTextContents()).map((line) =>
        Number(/(\d+) points?$/.exec(line)?.[1]),
      );
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(scores[0]).toBeGreaterThanOrEqual(16);
    }
    await ada.page.screenshot({ path: join(shots, "cuts-end-desktop.png") });
    await chiara.page.screenshot({ path: join(shots, "cuts-end-phone.png"), fullPage: true });
    const away = await bruno.context.newPage();
    await away.goto(bruno.page.url());
    await away.getByRole("link", { name: "Back to the start page" }).click();
    await away.getByRole("button", { name: "Create table" }).waitFor();
    expect(new URL(away.url()).pathname).toBe("/");
    await away.close();
    await ada.page.getByRole("button", { name: "Play again" }).click();
    for (const p of players) {
      await expect.poll(() => over(p.page), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => p.page.getByText("Round 1", { exact: true }).isVisible()).toBe(true);
    }
    await shoot(chiara, "7-play-again", true);

    // An unknown table code gets a clear message.
    await bruno.page.goto(`${e2e.server.url}/t/ZZZZZZ`);
    await expect.poll(() => bruno.page.getByRole("alert").textContent()).toContain("no table with this code");

    // A page that is not a table, and the how-to-play page, also work on a reload.
    await chiara.page.goto(`${e2e.server.url}/how-to-play`);
    await expect
      .poll(() => chiara.page.getByRole("heading", { name: "How to play Dreams" }).isVisible())
      .toBe(true);
    await shoot(chiara, "8-how-to-play", true);
    await chiara.page.getByRole("combobox", { name: "Language" }).selectOption("de");
    await expect
      .poll(() => chiara.page.getByRole("heading", { name: "So wird Dreams gespielt" }).isVisible())
      .toBe(true);
    await expect.poll(() => chiara.page.getByRole("combobox", { name: "Sprache" }).isVisible()).toBe(true);

    // The client declared `fold` and played on `events` pushes, folded into its view, after whole views
    // only at hello and at each match's start.
    for (const p of players) {
      expect(p.frames.foldHellos).toBeGreaterThan(0);
      expect(p.frames.events).toBeGreaterThan(20);
      expect(p.frames.views).toBeLessThan(p.frames.events);
    }
    for (const p of players) expect(p.errors).toEqual([]);
    for (const p of players) await p.context.close();
  }, 300_000);
});
