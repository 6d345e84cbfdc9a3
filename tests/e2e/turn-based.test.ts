/**
 * Turn-based play in Chromium, on the server's test clock: Ada creates turn-based Dreamers tables,
 * Bruno joins them by link, they move on different "days" (the server's clock moved on between), the
 * table page shows the time left for the move, and "your games" lists Ada's tables with her move first,
 * each group by time left.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violations } from "./axe";
import { act, joinSeat, newPlayer, newSeen, type Player, press } from "./dreamers-play";
import { browserSuite, screenshotDir, until } from "./harness";

const e2e = browserSuite({ BOT_DELAY_MS: "60", GRACE_SECONDS: "120" }, { testClock: true });
const HOUR = 3_600_000;

/** A Dreamers table with this time per move, made and joined by Ada, joined by Bruno, started. */
async function turnBasedTable(ada: Player, bruno: Player, perMove: string): Promise<string> {
  const { page } = ada;
  await page.goto(e2e.server.url);
  await press(ada, "Dreamers (2 players)", "radio");
  await page
    .getByRole("combobox", { name: "Pace" })
    .selectOption({ label: `Turn-based: ${perMove} per move` });
  await press(ada, "Create table");
  await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const url = page.url();
  await joinSeat(ada, url);
  await joinSeat(bruno, url);
  await press(ada, "Start game");
  await page.getByRole("heading", { name: `Turn-based: ${perMove} per move` }).waitFor();
  return url;
}

/** Whoever may move at this table moves once: the name of the one who did. */
async function oneMove(players: Player[], url: string): Promise<string> {
  for (const player of players) {
    if (player.page.url() !== url) await player.page.goto(url);
    await player.page.getByRole("heading", { name: /^Turn-based:/ }).waitFor();
  }
  let mover: string | null = null;
  const moved = await until(async () => {
    for (const player of players)
      if (await act(player, () => 0.3, newSeen())) {
        mover = player.name;
        return true;
      }
    return false;
  }, 20_000);
  if (!moved || mover === null) throw new Error("nobody could move");
  return mover;
}

/** "1 d 2 h", "11 h 59 min", "5 min", "30 s" (the English texts) in minutes. */
function minutes(text: string): number {
  const part = (unit: string) => Number(new RegExp(`(\\d+) ${unit}\\b`).exec(text)?.[1] ?? 0);
  return part("d") * 1440 + part("h") * 60 + part("min") + part("s") / 60;
}

async function listed(page: Page) {
  const items = page.locator(".your-games").getByRole("listitem");
  const all = [];
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    const heading = (await item.getByRole("heading").textContent()) ?? "";
    const left =
      (await item
        .locator(".time-left")
        .textContent()
        .catch(() => "")) ?? "";
    all.push({ heading, yourMove: heading.includes("your move"), left: minutes(left) });
  }
  return all;
}

describe("turn-based tables", () => {
  it("are joined by link, played on different days, and listed in your games by time left", async () => {
    const ada = await newPlayer(e2e.browser, "Ada", "mouse");
    const bruno = await newPlayer(e2e.browser, "Bruno", "mouse");
    const daily = await turnBasedTable(ada, bruno, "1 day");
    const hourly = await turnBasedTable(ada, bruno, "12 hours");

    // The table shows the time left for the move, read against the server's clock.
    await ada.page.goto(daily);
    const left = ada.page.getByRole("timer");
    await expect.poll(() => left.textContent()).toMatch(/^23 h 59 min left for this move · until /);

    // Day 1: one player moves at the daily table; on a later day (20 hours on) the other one does.
    const first = await oneMove([ada, bruno], daily);
    let second = first;
    for (let day = 2; second === first; day++) {
      expect(day).toBeLessThan(8);
      await e2e.server.advance(20 * HOUR);
      second = await oneMove([ada, bruno], daily);
    }
    await ada.page.goto(daily);
    await expect.poll(() => left.textContent()).toMatch(/^23 h 59 min left for this move/);

    // Whoever is to move asks for more time: the move's time doubles, and the table says so.
    await bruno.page.goto(daily);
    const asking = await until(async () => {
      for (const p of [ada, bruno])
        if (await p.page.getByRole("button", { name: "Ask for more time" }).isVisible()) return true;
      return false;
    }, 10_000);
    expect(asking).toBe(true);
    const asker = (await ada.page.getByRole("button", { name: "Ask for more time" }).isVisible())
      ? ada
      : bruno;
    await press(asker, "Ask for more time");
    await asker.page.getByText("You have asked for more time in this game.").waitFor();
    await expect
      .poll(() => asker.page.getByRole("timer").textContent())
      .toMatch(/^1 d 23 h left for this move/);
    await ada.page.screenshot({ path: join(screenshotDir(), "turn-based-table.png") });
    expect(await violations(ada.page)).toEqual([]);

    // Your games: Ada's tables, her move first, each group by time left.
    await ada.page.goto(`${e2e.server.url}/games`);
    await ada.page.getByRole("heading", { level: 1, name: "Your games" }).waitFor();
    await ada.page.getByRole("listitem").first().waitFor();
    const games = await listed(ada.page);
    expect(games).toHaveLength(2);
    const mineFirst = [...games].sort((a, b) => Number(b.yourMove) - Number(a.yourMove) || a.left - b.left);
    expect(games).toEqual(mineFirst);
    await ada.page.screenshot({ path: join(screenshotDir(), "your-games.png"), fullPage: true });
    expect(await violations(ada.page)).toEqual([]);
    expect(hourly).not.toBe(daily);

    // The landing's first section for a returning player is the same list.
    await ada.page.goto(e2e.server.url);
    await ada.page.getByRole("heading", { level: 2, name: "Your games" }).waitFor();
    expect(ada.errors).toEqual([]);
    expect(bruno.errors).toEqual([]);
    await ada.context.close();
    await bruno.context.close();
  });
});
