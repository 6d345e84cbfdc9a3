/**
 * The third game, end to end: High-Low (packages/highlow, a test fixture) on the real server started with
 * `FIXTURE_GAMES=highlow` and in the real web client. Ada creates a table in the UI, Bruno joins by its
 * link, both hide numbers and bisect by the UI until a hit; the end shows both numbers and the verified
 * commitment; the replay steps through the game; the record passes the records checker. A server without
 * the option neither lists nor creates High-Low, and its create form does not offer it.
 */
import { spawn } from "node:child_process";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violations } from "./axe";
import { joinSeat, newPlayer, type Player, press } from "./dreamers-play";
import { browserSuite, ROOT, startServer } from "./harness";
import { untilChanged } from "./waits";

const e2e = browserSuite({ FIXTURE_GAMES: "highlow", BOT_DELAY_MS: "40" });

const LABEL = "High-Low (2 players, test game)";
const HIDDEN = { Ada: 17, Bruno: 38 } as const;

const guessCount = (page: Page) => page.locator(".hl-guesses li").count();
const over = (page: Page) => page.getByRole("heading", { name: "Game over" }).isVisible();

/** `npm run record:check -- -` on a record's text: its exit code and what it printed. */
function recordCheck(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "packages/server/scripts/record-check.ts", "-"],
      {
        cwd: ROOT,
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

/** Hides this player's number through the form. */
async function hide(player: Player): Promise<void> {
  const field = player.page.getByRole("spinbutton", { name: "Number to hide" });
  await expect.poll(() => field.isVisible()).toBe(true);
  expect(await field.getAttribute("min")).toBe("1");
  expect(await field.getAttribute("max")).toBe("50");
  await field.fill(String(HIDDEN[player.name as keyof typeof HIDDEN]));
  await press(player, "Hide number");
  await expect.poll(() => player.page.getByText(/^Your hidden number: \d+$/).isVisible()).toBe(true);
}

/** If it is this player's turn, guesses the middle of the range the form allows; whether it guessed. */
async function guessIfMyTurn(player: Player): Promise<boolean> {
  const field = player.page.getByRole("spinbutton", { name: "Your guess" });
  if (!(await field.isVisible())) return false;
  const min = Number(await field.getAttribute("min"));
  const max = Number(await field.getAttribute("max"));
  await field.fill(String(Math.floor((min + max) / 2)));
  await press(player, "Guess");
  return true;
}

/** Ada creates a High-Low table in the UI (offered once the server has listed it); both join by its link; Ada starts. */
async function createAndStart(ada: Player, bruno: Player): Promise<string> {
  const players = [ada, bruno];
  // The create form offers High-Low once the server has listed it.
  await ada.page.goto(e2e.server.url);
  await expect.poll(() => ada.page.getByRole("radio", { name: LABEL }).count()).toBe(1);
  await press(ada, LABEL, "radio");
  await press(ada, "Create table");
  await ada.page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
  const link = ada.page.url();
  const code = link.slice(-6);
  await joinSeat(ada, link);
  await joinSeat(bruno, link);
  await press(ada, "Start game");
  for (const p of players) await expect.poll(() => p.page.locator(".hl-game").isVisible()).toBe(true);
  return code;
}

/** Whoever's turn it is guesses the middle of the range the form allows, until both see the end; how many guesses. */
async function bisectToAHit(players: Player[]): Promise<number> {
  const [ada, bruno] = players as [Player, Player];
  const started = Date.now();
  while (!(await over(ada.page)) || !(await over(bruno.page))) {
    expect(Date.now() - started, "the game should end within 2 minutes").toBeLessThan(120_000);
    const before = await guessCount(ada.page);
    let guessed = false;
    for (const p of players) if (await guessIfMyTurn(p)) guessed = true;
    if (guessed || before === (await guessCount(ada.page)))
      await untilChanged(async () => [await guessCount(ada.page), await over(ada.page)], [before, false]);
  }
  const guesses = await guessCount(ada.page);
  return guesses;
}

/** The end screen: the winner, both numbers, the commitment verified; no page error. */
async function checkEnd(players: Player[]): Promise<void> {
  for (const p of players) {
    const end = p.page.getByRole("region", { name: "Game over" });
    await expect.poll(() => end.getByText(/ wins!$/).isVisible()).toBe(true);
    await expect.poll(() => end.getByText(/Ada( \(you\))? hid 17\./).isVisible()).toBe(true);
    expect(await end.getByText(/Bruno( \(you\))? hid 38\./).isVisible()).toBe(true);
    expect(
      await end.getByText("Both numbers match the commitment published before the first guess.").isVisible(),
    ).toBe(true);
    expect(p.errors).toEqual([]);
  }
}

/** The replay from the table's list of games, step by step from before the first choice to the hit. */
async function stepThroughReplay(page: Page, code: string, guesses: number): Promise<void> {
  await page.goto(`${e2e.server.url}/t/${code}`);
  const history = page.getByRole("region", { name: "Games at this table" });
  await expect
    .poll(() => history.getByRole("link", { name: "Replay of game 1" }).count(), { timeout: 15_000 })
    .toBe(1);
  await history.getByRole("link", { name: "Replay of game 1" }).click();
  await page.waitForURL(new RegExp(`/replay/${code}/1$`));
  const stepText = () => page.locator(".replay-step").textContent();
  await expect.poll(stepText).toBe("As dealt");
  expect(await page.getByText(/hid \d+\./).count()).toBe(0);
  const last = Number(await page.getByRole("slider", { name: "Move" }).getAttribute("max"));
  // two choices and every guess
  expect(last).toBe(2 + guesses);
  const controls = page.getByRole("region", { name: "Replay controls" });
  for (let step = 1; step <= last; step++) {
    await controls.getByRole("button", { name: "Next move" }).click();
    await expect.poll(stepText).toBe(`Move ${step} of ${last}`);
    expect(await guessCount(page)).toBe(Math.max(0, step - 2));
    // A spectator's frame shows no hidden number before the end.
    if (step < last) expect(await page.getByText(/hid \d+\./).count()).toBe(0);
  }
  await expect.poll(() => page.getByText("Ada hid 17.").isVisible()).toBe(true);
  expect(
    await page.getByText("Both numbers match the commitment published before the first guess.").isVisible(),
  ).toBe(true);
}

/** The record: the game's moves and revealed secret, accepted by the records checker. */
async function checkRecord(code: string, guesses: number): Promise<void> {
  const res = await fetch(`${e2e.server.url}/api/tables/${code}/matches/1/record`);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^reveal highlow\|1\|17\|38\|[0-9a-f]{32}$/m);
  expect(text.match(/^guess /gm)?.length).toBe(guesses);
  const checked = await recordCheck(text);
  expect(checked.code, checked.output).toBe(0);
}

describe("High-Low, the third game, in the browser", () => {
  it("two people create, join by link, play to a hit, replay it and check its record", async () => {
    const ada = await newPlayer(e2e.browser, "Ada", "mouse");
    // axe is injected into Bruno's page, which the product's CSP rightly forbids
    const bruno = await newPlayer(e2e.browser, "Bruno", "mouse", { bypassCSP: true });
    const players = [ada, bruno];

    const code = await createAndStart(ada, bruno);
    expect(await violations(bruno.page)).toEqual([]);
    for (const p of players) await hide(p);
    expect(await violations(bruno.page)).toEqual([]);
    await expect
      .poll(() => ada.page.getByText(/^Commitment to both numbers: [0-9a-f]{64}$/).isVisible())
      .toBe(true);

    const guesses = await bisectToAHit(players);
    expect(await violations(bruno.page)).toEqual([]);
    // Bisecting 1–50 hits within 6 guesses of one's own.
    expect(guesses).toBeGreaterThanOrEqual(1);
    expect(guesses).toBeLessThanOrEqual(12);
    await checkEnd(players);
    const page = ada.page;
    await stepThroughReplay(page, code, guesses);
    await checkRecord(code, guesses);

    // Its short how-to-play, reached by its link only.
    await page.goto(`${e2e.server.url}/how-to-play?game=highlow`);
    await expect
      .poll(() => page.getByRole("heading", { name: "How to play High-Low" }).isVisible())
      .toBe(true);
    expect(await page.getByRole("listitem").filter({ hasText: "The first hit wins." }).count()).toBe(1);
    for (const p of players) await p.context.close();
  });

  it("a server started without the fixture neither lists, creates nor offers High-Low", async () => {
    const plain = await startServer({});
    try {
      const listed = (await (await fetch(`${plain.url}/api/games`)).json()) as {
        games: Array<{ kind: string }>;
      };
      expect(listed.games.map((g) => g.kind)).toEqual(["dreams", "dreamers"]);
      const post = (game: string) =>
        fetch(`${plain.url}/api/tables`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ game, visibility: "public", timer: "off" }),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
      const refused = await post("highlow");
      expect(refused.status).toBe(400);
      expect(refused).toEqual(await post("chess"));
      const tables = (await (await fetch(`${plain.url}/api/tables`)).json()) as { tables: unknown[] };
      expect(tables.tables).toEqual([]);

      const visitor = await newPlayer(e2e.browser, "Cleo", "mouse");
      const answered = visitor.page.waitForResponse((r) => r.url().endsWith("/api/games"));
      await visitor.page.goto(plain.url);
      await answered;
      await expect
        .poll(() => visitor.page.getByRole("radio", { name: "Dreamers (2 players)" }).count())
        .toBe(1);
      expect(await visitor.page.getByRole("radio", { name: LABEL }).count()).toBe(0);
      await visitor.context.close();
    } finally {
      await plain.stop();
    }
  });
});
