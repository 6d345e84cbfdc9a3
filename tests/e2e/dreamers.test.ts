import { mulberry32 } from "@firmament/dreamers";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violations } from "./axe";
import {
  act,
  createDreamersTable,
  dreamersMoment,
  joinSeat,
  newPlayer,
  newSeen,
  type Player,
  press,
  probe,
  shoot,
} from "./dreamers-play";
import { browserSuite } from "./harness";
import { untilChanged } from "./waits";

const e2e = browserSuite({ BOT_DELAY_MS: "40", GRACE_SECONDS: "120" });

const inGame = (page: Page) => page.locator(".dm-game").isVisible();
const identity = (page: Page) => page.locator(".dm-identity-text").textContent();
const hand = (page: Page) => page.locator(".dm-hand li").allTextContents();
/** The id of the region holding the focus. */
const focusedIn = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[id^=region-]")?.id ?? "");
/** Whether Dreamers' side column scrolls by itself, and whether the chat's input is inside the window. */
const sideColumn = (page: Page) =>
  page.evaluate(() => {
    const side = document.querySelector(".dm-side") as HTMLElement;
    const input = side.querySelector(".chat-form input")?.getBoundingClientRect();
    return {
      scrolls: side.scrollHeight > side.clientHeight + 1,
      inputInView: input !== undefined && input.bottom <= window.innerHeight,
    };
  });
/** Where the focus is: on a control of the next decision, waiting where it will be, or lost to the page. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "lost";
    if (active.matches("[data-decision] :is(button, input):not(:disabled)")) return "decision";
    if (active.matches("[data-decision-area]")) return "waiting";
    return `elsewhere: ${active.outerHTML.slice(0, 80)}`;
  });

async function startWithBot(player: Player, url: string): Promise<void> {
  await joinSeat(player, url);
  await press(player, "Add bot");
  await expect.poll(() => player.page.getByRole("button", { name: "Remove bot" }).count()).toBe(1);
  await shoot(player, "2-lobby");
  await press(player, "Start game");
  await expect.poll(() => inGame(player.page), { timeout: 10_000 }).toBe(true);
}

describe("Dreamers in the browser", () => {
  it.each([
    ["desktop", "mouse"],
    ["phone", "touch"],
  ] as const)(
    "Play Dreamers now (%s): from the landing to a game against a bot in one press",
    async (_size, mode) => {
      const player = await newPlayer(e2e.browser, "Eli", mode);
      const { page } = player;
      await page.goto(e2e.server.url);
      // each game at a glance: its cards, what it is, and its own button
      for (const game of ["Dreams", "Dreamers"])
        await page
          .getByRole("article", { name: game })
          .getByRole("button", { name: `Play ${game} now` })
          .waitFor();
      // their pictures are served and drawn
      await expect
        .poll(() =>
          page.$$eval(".play-now-cards img", (imgs) =>
            imgs.map(
              (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
        )
        .toEqual([true, true, true, true, true, true]);
      await shoot(player, "0-landing");
      await page.getByRole("textbox", { name: "Your name (optional)" }).fill("Eli");
      await press(player, "Play Dreamers now");
      await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
      await expect.poll(() => inGame(page), { timeout: 10_000 }).toBe(true);
      expect(await page.getByRole("region", { name: "Players" }).textContent()).toContain("Eli");
      expect(player.errors).toEqual([]);
      await player.context.close();
    },
  );

  it("two people play a whole game by mouse and keyboard, one reloads mid-round, then they play again", async () => {
    const random = mulberry32(20260517);
    const ada = await newPlayer(e2e.browser, "Ada", "mouse");
    const bruno = await newPlayer(e2e.browser, "Bruno", "keyboard");
    const players = [ada, bruno];

    const url = await createDreamersTable(ada, e2e.server.url);
    await joinSeat(ada, url);
    await joinSeat(bruno, url);
    await expect.poll(() => ada.page.getByText("Dreamers (2 players)").isVisible()).toBe(true);
    await shoot(ada, "2-lobby");
    await press(ada, "Start game");
    for (const p of players) await expect.poll(() => inGame(p.page), { timeout: 10_000 }).toBe(true);

    // Each sees their own identity, in words; at most one of them is the Master.
    const identities = await Promise.all(players.map((p) => identity(p.page)));
    for (const text of identities) expect(text).toMatch(/^You are (a Dreamer|the Master of Nightmares)\.$/);
    expect(identities.filter((text) => text?.includes("Master")).length).toBeLessThanOrEqual(1);
    // Who leads is shown at a glance: the first-player card sits with one player.
    expect(await ada.page.getByRole("region", { name: "Players" }).getByText("First player").count()).toBe(1);

    await bruno.page.getByRole("textbox", { name: "Message" }).fill("I am <b>surely</b> a Dreamer");
    await press(bruno, "Send");
    await expect.poll(() => ada.page.getByText("I am <b>surely</b> a Dreamer").isVisible()).toBe(true);

    const seen = newSeen();
    let reloaded = false;
    const started = Date.now();
    while (!(await Promise.all(players.map(async (p) => (await probe(p.page)).over))).every(Boolean)) {
      expect(Date.now() - started, "the game should end within 4 minutes").toBeLessThan(240_000);
      let moved = false;
      const everyone = () => Promise.all(players.map((p) => dreamersMoment(p.page)));
      const before = await everyone();
      for (const p of players)
        if ((await act(p, random, seen, (screen) => shoot(p, screen))) !== null) moved = true;
      if (!moved) await untilChanged(everyone, before);

      // Bruno reloads in the middle of a round: same seat, identity, hand, score and history.
      const now = await probe(bruno.page);
      if (!reloaded && now.turn >= 3 && !now.roundEnd && !now.over) {
        const before = {
          identity: await identity(bruno.page),
          hand: await hand(bruno.page),
          history: await bruno.page.getByRole("region", { name: "Turns this round" }).textContent(),
          score: await bruno.page.getByRole("table", { name: /^Points per round/ }).textContent(),
        };
        await bruno.page.reload();
        await expect.poll(() => inGame(bruno.page), { timeout: 10_000 }).toBe(true);
        expect({
          identity: await identity(bruno.page),
          hand: await hand(bruno.page),
          history: await bruno.page.getByRole("region", { name: "Turns this round" }).textContent(),
          score: await bruno.page.getByRole("table", { name: /^Points per round/ }).textContent(),
        }).toEqual(before);
        reloaded = true;
      }
    }
    expect(reloaded).toBe(true);
    for (const screen of ["lead", "lead-declare", "answer", "end-turn", "round-end"])
      expect(seen.screens).toContain(screen);
    // Four rounds end with both players saying ready (the fifth ends the game, unless it is tied).
    expect(seen.roundEnds).toBeGreaterThanOrEqual(8);
    // Screen readers heard the turn-ups with their sums.
    expect([...seen.announcements].some((text) => /Turned up: \d+ and \d+, sum \d+\./.test(text))).toBe(true);

    // The end: a ranking of both, the winner(s) named, the score over the rounds; play again for the host only.
    for (const p of players) {
      await expect.poll(() => p.page.getByRole("heading", { name: "Game over" }).isVisible()).toBe(true);
      await expect
        .poll(() => p.page.getByText(/ wins with -?\d+ points?!$|^A tie: both win/).isVisible())
        .toBe(true);
      expect(await p.page.locator(".dm-ranking li").count()).toBe(2);
      await shoot(p, "game-over");
    }
    const rounds = await ada.page
      .getByRole("table", { name: /^Points per round/ })
      .getByRole("row")
      .count();
    expect([7, 8]).toContain(rounds); // header, 5 or 6 rounds, total
    expect(await bruno.page.getByRole("button", { name: "Play again" }).count()).toBe(0);
    await expect
      .poll(() => bruno.page.getByText("Waiting for the host to start another game…").isVisible())
      .toBe(true);
    await press(ada, "Play again");
    for (const p of players) {
      await expect.poll(async () => (await probe(p.page)).over, { timeout: 10_000 }).toBe(false);
      await expect.poll(async () => (await probe(p.page)).round).toBe(1);
    }

    for (const p of players) expect(p.errors).toEqual([]);
    for (const p of players) await p.context.close();
  }, 300_000);

  it("by keyboard: the focus waits at the next decision after every move; ? opens the help, letters jump", async () => {
    const random = mulberry32(4242);
    const eli = await newPlayer(e2e.browser, "Eli", "keyboard");
    const { page } = eli;
    const url = await createDreamersTable(eli, e2e.server.url);
    await startWithBot(eli, url);

    // "?" opens the table's keyboard help, naming Dreamers' regions; Escape closes it.
    await page.locator("body").press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.waitFor();
    expect(await help.textContent()).toContain("Your hand and your next move");
    expect(await help.textContent()).toContain("Turns this round");
    await shoot(eli, "keyboard-help");
    await page.keyboard.press("Escape");
    await expect.poll(() => help.isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Keyboard shortcuts (?)" }).count()).toBe(1);
    // A letter jumps to its region: S to the score, H back to the hand (its first move, if any).
    await page.keyboard.press("s");
    await expect.poll(() => focusedIn(page)).toBe("region-score");
    await page.keyboard.press("h");
    await expect.poll(() => focusedIn(page)).toBe("region-hand");

    // Where the focus is after each move, once the page settled: never on the page's top.
    const seen = newSeen();
    let moves = 0;
    let mostTurns = 0;
    const started = Date.now();
    while (moves < 24 && !(await probe(page)).over) {
      expect(Date.now() - started).toBeLessThan(120_000);
      const before = await dreamersMoment(page);
      if ((await act(eli, random, seen)) === null) {
        await untilChanged(() => dreamersMoment(page), before);
        continue;
      }
      moves++;
      await untilChanged(() => dreamersMoment(page), before);
      await expect.poll(() => focus(page), { timeout: 10_000 }).toMatch(/^(decision|waiting)$/);
      // A decision on screen has the focus already (End turn rather than the skull, when both are offered).
      await expect
        .poll(async () => {
          const [where, now] = await Promise.all([focus(page), probe(page)]);
          const decides =
            now.cards.length + now.declares.length + now.modifiers.length + now.choose.length > 0;
          if (decides || now.pass || now.endTurn || now.ready) return where === "decision" ? "ok" : where;
          return "ok";
        })
        .toBe("ok");
      if ((await probe(page)).endTurn)
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("End turn");
      // At 1280×800 the side column fits: it does not scroll by itself, the chat's input stays in view.
      expect(await sideColumn(page)).toEqual({ scrolls: false, inputInView: true });
      mostTurns = Math.max(mostTurns, await page.locator(".dm-history li").count());
    }
    expect(mostTurns).toBeGreaterThanOrEqual(3);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(eli, "keyboard-side-column");
    expect(moves).toBeGreaterThanOrEqual(8);
    expect(seen.screens).toContain("answer");
    expect(eli.errors).toEqual([]);
    await eli.context.close();
  }, 180_000);

  it("a person plays a bot to the end on a 390×844 phone, by touch, with the fast turn timer", async () => {
    const random = mulberry32(777);
    const chiara = await newPlayer(e2e.browser, "Chiara", "touch");
    const url = await createDreamersTable(chiara, e2e.server.url, "fast");
    await startWithBot(chiara, url);
    // The turn timer counts down in the prompt (25 s to lead or answer on the fast setting).
    await expect.poll(async () => (await probe(chiara.page)).countdown).toMatch(/^\d+ s left$/);

    // The hand is legible on the phone: big values, cards wide enough to tap, all three on screen.
    await expect.poll(() => chiara.page.locator(".dm-hand li").count()).toBe(3);
    const cards = await chiara.page.locator(".dm-hand .dm-card").evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        const value = el.querySelector(".dm-value");
        return {
          left: box.left,
          right: box.right,
          width: box.width,
          fontSize: value ? Number.parseFloat(getComputedStyle(value).fontSize) : 0,
        };
      }),
    );
    for (const card of cards) {
      expect(card.width).toBeGreaterThanOrEqual(88);
      expect(card.left).toBeGreaterThanOrEqual(0);
      expect(card.right).toBeLessThanOrEqual(390);
      expect(card.fontSize).toBeGreaterThanOrEqual(20);
    }
    expect(await chiara.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const seen = newSeen();
    const started = Date.now();
    while (!(await probe(chiara.page)).over) {
      expect(Date.now() - started, "the game should end within 3 minutes").toBeLessThan(180_000);
      const before = await dreamersMoment(chiara.page);
      if ((await act(chiara, random, seen, (screen) => shoot(chiara, screen))) === null)
        await untilChanged(() => dreamersMoment(chiara.page), before);
    }
    await shoot(chiara, "game-over");
    for (const screen of ["lead", "answer", "round-end"]) expect(seen.screens).toContain(screen);
    await expect.poll(() => chiara.page.getByRole("button", { name: "Play again" }).isVisible()).toBe(true);
    expect(chiara.errors).toEqual([]);
    await chiara.context.close();
  }, 240_000);
});

describe.each([
  ["desktop", "mouse"],
  ["phone", "touch"],
] as const)("no accessibility violations on Dreamers' screens at %s size", (_size, mode) => {
  it("from creating the table to the end of the game", async () => {
    const random = mulberry32(mode === "mouse" ? 11 : 12);
    // The audit script is injected into the page, which the product's CSP rightly forbids.
    const player = await newPlayer(e2e.browser, "Dana", mode, { bypassCSP: true });
    const { page } = player;
    const found: Record<string, string[]> = {};
    const audit = async (screen: string) => {
      if (!(screen in found)) found[screen] = await violations(page);
    };

    await page.goto(`${e2e.server.url}/how-to-play?game=dreamers`);
    await page.getByRole("heading", { level: 1, name: "How to play Dreamers" }).waitFor();
    // the rules show the cards they speak of, each figure captioned in words
    await expect.poll(() => page.getByRole("figure").count()).toBe(3);
    expect(await page.getByRole("figure", { name: /^A turn: the Nightmare asks for 15/ }).count()).toBe(1);
    await audit("how to play");
    // The guide links to the full rules of both games, served with the site.
    const rules = await page.request.get(
      new URL(
        (await page.getByRole("link", { name: /^The full rules/ }).getAttribute("href")) ?? "",
        page.url(),
      ).href,
    );
    expect(rules.status()).toBe(200);
    expect(await rules.text()).toContain("# Dreamers");
    await page.goto(e2e.server.url);
    await press(player, "Dreamers (2 players)", "radio");
    await audit("landing, Dreamers chosen");
    const url = await createDreamersTable(player, e2e.server.url);
    await page.getByRole("textbox", { name: "Name" }).waitFor();
    // a Dreamers table names Dreamers, and "How to play" opens Dreamers' rules
    await expect.poll(() => page.title()).toBe("Dreamers — Firmament");
    const header = page.getByRole("navigation", { name: "Firmament" });
    expect(await header.getByRole("link", { name: "How to play" }).getAttribute("href")).toBe(
      "/how-to-play?game=dreamers",
    );
    await audit("lobby, watching");
    await joinSeat(player, url);
    await press(player, "Add bot");
    await expect.poll(() => page.getByRole("button", { name: "Remove bot" }).count()).toBe(1);
    await audit("lobby, host");
    await press(player, "Start game");
    await expect.poll(() => inGame(page), { timeout: 10_000 }).toBe(true);

    const seen = newSeen();
    const started = Date.now();
    while (!(await probe(page)).over) {
      expect(Date.now() - started).toBeLessThan(180_000);
      const before = await dreamersMoment(page);
      if ((await act(player, random, seen, audit)) === null)
        await untilChanged(() => dreamersMoment(page), before);
    }
    await audit("game-over");
    await player.context.close();

    for (const screen of [
      "how to play",
      "landing, Dreamers chosen",
      "lobby, watching",
      "lobby, host",
      "lead",
      "lead-declare",
      "answer",
      "round-end",
      "game-over",
    ])
      expect(Object.keys(found)).toContain(screen);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((screen) => [screen, []])));
  }, 240_000);
});
