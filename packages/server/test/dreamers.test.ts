/**
 * Dreamers through the whole server, over real sockets: two people, a person against a bot, two bots
 * with a spectator; every frame each client receives checked against what docs/rules.md (Dreamers) lets it know;
 * bad input refused with clear codes, changing nothing.
 */
import { type DreamersState, type DreamersView, dreamers } from "@firmament/dreamers";
import type { Viewer } from "@firmament/game-kit";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import type { TableInfo } from "../src/protocol";
import type { PushOf } from "./game-pushes";
import { autoplay, http, joinTable, startSeededServer, startTestServer, TestClient } from "./helpers";
import { dreamersLeaks, dreamersTruth } from "./leak-checks";
import { expectRecordsReplay } from "./records-check";

type Push = PushOf<"dreamers">;

let env: Awaited<ReturnType<typeof startTestServer>>;
/** The server's warnings, e.g. "bot failed; the fallback moved". */
const warnings: string[] = [];
beforeAll(async () => {
  const log = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
  env = await startSeededServer(20261127, { log });
});
afterAll(async () => {
  await env?.close();
});

const viewOf = (client: TestClient) => client.view as unknown as Push | null;
const playDreamers = (client: TestClient, seed: string, delayMs = 0) =>
  autoplay(client, seed, delayMs, dreamersFallbackBot);

/** A Dreamers table with `humans` people seated (the first is the host) and bots in the other seats. */
async function dreamersTable(humans: number, options: { timer?: string } = {}) {
  const base = env.server.url;
  const created = await http<{ code: string; hostToken: string }>(base, "POST", "/api/tables", {
    game: "dreamers",
    visibility: "private",
    timer: options.timer ?? "off",
  });
  expect(created.status).toBe(201);
  const { code, hostToken } = created.body;
  const clients: TestClient[] = [];
  for (let i = 0; i < humans; i++) {
    const joined = await joinTable(base, code, i, i === 0 ? hostToken : undefined);
    const client = new TestClient(base);
    await client.attach(code, joined.token, i === 0 ? hostToken : undefined);
    clients.push(client);
  }
  const host = clients[0] ?? new TestClient(base);
  if (humans === 0) await host.attach(code, undefined, hostToken);
  for (let seat = humans; seat < 2; seat++) expect((await host.emit("add_bot", { seat })).ok).toBe(true);
  return { code, hostToken, clients, host };
}

const over = (client: TestClient) => viewOf(client)?.view.phase === "over";

/** The true match, rebuilt from the stored log: the state after each version and the events of each. */
async function truthOf(code: string) {
  const stored = await env.server.service.storedMatch(code, 1);
  if (!stored) throw new Error("no stored match");
  expect(stored.match.kind).toBe("dreamers");
  return dreamersTruth(stored);
}

describe("Dreamers on the server", () => {
  it("two people play a whole game; every frame is what the rules let them see", async () => {
    const t = await dreamersTable(2);
    const spectator = new TestClient(env.server.url);
    await spectator.attach(t.code);
    const plays = t.clients.map((c, i) => playDreamers(c, `two-${i}`));
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await Promise.all(t.clients.map((c) => c.waitFor(() => over(c), 60_000, "game over")));
    await spectator.waitFor(() => viewOf(spectator)?.view.phase === "over", 10_000, "spectator sees the end");
    for (const p of plays) p.stop();
    const truth = await truthOf(t.code);
    const final = truth.states.at(-1) as DreamersState;
    expect(dreamers.outcome(final)).not.toBeNull();
    // Everyone ends on the same scores, which the stored log replays to.
    for (const c of [...t.clients, spectator]) expect(viewOf(c)?.view.scores).toEqual(final.scores);
    const viewers: Array<[TestClient, Viewer]> = [
      [t.clients[0] as TestClient, 0],
      [t.clients[1] as TestClient, 1],
      [spectator, "spectator"],
    ];
    for (const [client, viewer] of viewers) {
      expect(client.frames.filter((f) => f.event === "view").length).toBeGreaterThan(20);
      expect(dreamersLeaks(client.frames, viewer, truth)).toEqual([]);
    }
    // The checker sees a leak when there is one: seat 0's frames shown to seat 1 reveal seat 0's hand.
    const misdelivered = dreamersLeaks((t.clients[0] as TestClient).frames, 1, truth);
    expect(misdelivered.some((p) => p.includes("shows hidden card"))).toBe(true);
    // Its record replays through the rules to the same result.
    expect((await expectRecordsReplay(env.server.url, env.server.service, t.code)).length).toBe(1);
    spectator.close();
    for (const c of t.clients) c.close();
  });

  it("a person plays a whole game against a bot", async () => {
    const t = await dreamersTable(1);
    const play = playDreamers(t.host, "solo");
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => over(t.host), 60_000, "game over");
    play.stop();
    const info = await http<TableInfo>(env.server.url, "GET", `/api/tables/${t.code}`);
    expect(info.body).toMatchObject({ status: "over", match: 1, config: { game: "dreamers", seats: 2 } });
    expect(dreamersLeaks(t.host.frames, 0, await truthOf(t.code))).toEqual([]);
    expect((await expectRecordsReplay(env.server.url, env.server.service, t.code)).length).toBe(1);
    t.host.close();
  });

  it("two bots play a whole game while a spectator watches; play again starts match 2", async () => {
    const t = await dreamersTable(0);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => over(t.host), 60_000, "bots finish");
    expect(dreamersLeaks(t.host.frames, "spectator", await truthOf(t.code))).toEqual([]);
    // The real bots made every move: the fallback never had to.
    expect(warnings.filter((w) => w.includes("bot failed"))).toEqual([]);
    expect((await t.host.emit("play_again", {})).ok).toBe(true);
    await t.host.waitFor(() => viewOf(t.host)?.match === 2, 10_000, "match 2");
    t.host.close();
  });

  it("refuses bad input with clear codes and changes nothing", async () => {
    const t = await dreamersTable(2);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    const [a, b] = t.clients as [TestClient, TestClient];
    await a.waitFor(() => viewOf(a) !== null, 5000, "first view");
    const push = viewOf(a) as Push;
    const first = push.view.first;
    const [firstClient, secondClient] = first === 0 ? [a, b] : [b, a];
    const mine = viewOf(firstClient)?.view.me?.hand ?? [];
    const version = push.version;
    const tries: Array<[TestClient, unknown, RegExp]> = [
      [firstClient, { type: "place_star", kind: "clear", x: 0.5, y: 0.5 }, /^input\//],
      [firstClient, { type: "play_dream", card: mine[0]?.id, declaration: "nearby" }, /^input\//],
      [firstClient, { type: "play_dream", card: mine[0]?.id, declaration: "close", extra: 1 }, /^input\//],
      [firstClient, { type: "play_dream", card: "dream-99z", declaration: "close" }, /^card\//],
      [secondClient, { type: "play_dream", card: "dream-1a" }, /^action\//],
      [firstClient, { type: "accuse" }, /^action\//],
      [firstClient, { type: "ready" }, /^action\//],
    ];
    for (const [client, action, code] of tries) {
      const ack = await client.emit<{ ok: boolean; error?: { code: string } }>("action", {
        action,
        round: 1,
      });
      expect(ack.ok, JSON.stringify(action)).toBe(false);
      expect(ack.error?.code, JSON.stringify(action)).toMatch(code);
    }
    const stored = await env.server.service.storedMatch(t.code, 1);
    expect(stored?.actions.length).toBe(version);
    // A Dreams action on a Dreamers table, and the other way round, is malformed for that table.
    const dreamsish = await firstClient.emit<{ ok: boolean; error?: { code: string } }>("action", {
      action: { type: "guess", guess: { image: 2 } },
      round: 1,
    });
    expect(dreamsish.error?.code).toMatch(/^input\//);
    // Dreamers tables have exactly two seats and no deck.
    for (const body of [
      { game: "dreamers", seats: 3, visibility: "private", timer: "off" },
      { game: "dreamers", visibility: "private", timer: "off", deck: "standard" },
      { game: "chess", visibility: "private", timer: "off" },
    ]) {
      const res = await http<{ error: { code: string } }>(env.server.url, "POST", "/api/tables", body);
      expect([res.status, res.body.error.code.split("/")[0]]).toEqual([400, "input"]);
    }
    for (const c of t.clients) c.close();
  });
});

describe("Dreamers timers and absent players", () => {
  it("a player who runs out of time has a move made for them, and one who leaves is played by the bot", async () => {
    const local = await startTestServer({ timerScale: 0.004, graceMs: 300 });
    const base = local.server.url;
    try {
      const created = await http<{ code: string; hostToken: string }>(base, "POST", "/api/tables", {
        game: "dreamers",
        visibility: "private",
        timer: "fast",
      });
      const joined = [0, 1].map((i) =>
        joinTable(base, created.body.code, i, i === 0 ? created.body.hostToken : undefined),
      );
      const [a, b] = await Promise.all(joined);
      const host = new TestClient(base);
      await host.attach(created.body.code, a?.token, created.body.hostToken);
      const idle = new TestClient(base);
      await idle.attach(created.body.code, b?.token);
      expect((await host.emit("start", {})).ok).toBe(true);
      // Nobody acts: the fast timer (scaled down) runs out again and again and the game moves on.
      await host.waitFor(() => (viewOf(host)?.version ?? 0) >= 6, 20_000, "moves made on timeouts");
      const push = viewOf(host) as Push;
      expect(push.deadline === null || push.deadline > push.now - 1000).toBe(true);
      // One player leaves for good: past the grace time the bot plays their seat to the end. The two
      // joins raced, so the leaver's seat is whichever the server gave them.
      const leaver = b?.seat;
      expect(leaver).toBeDefined();
      idle.close();
      const play = playDreamers(host, "stays");
      await host.waitFor(
        () => leaver !== undefined && host.table?.seats[leaver]?.botPlaying === true,
        20_000,
        "the bot takes the seat",
      );
      await host.waitFor(() => over(host), 60_000, "game over with the bot in the empty seat");
      play.stop();
      host.close();
    } finally {
      await local.close();
    }
  });
});

export type { DreamersView };
