/**
 * Turn-based tables on a manual clock (days in milliseconds): each move's deadline fires once, the
 * reminder goes once at a tenth of the time left, more time doubles one deadline once per match, two
 * moves in a row made for a player hand the seat to the bot, and `TurnCalls` hears of every move's start
 * once. Then the player cap and "your games".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import type { NoticePush, TableInfo, YourGamesResponse } from "../src/protocol";
import type { TurnCalls } from "../src/turn-calls";
import { Browser, SITE } from "./account-client";
import {
  autoplay,
  createTable,
  eventually,
  http,
  joinTable,
  seatTable,
  startTestServer,
  TestClient,
} from "./helpers";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

/** Every call `TurnCalls` gets, in order. */
class RecordingCalls implements TurnCalls {
  readonly started: Array<{ table: string; seat: number; deadlineAt: number | null }> = [];
  readonly reminders: Array<{ table: string; seat: number; deadlineAt: number }> = [];
  moveStarted(table: string, seat: number, deadlineAt: number | null): void {
    this.started.push({ table, seat, deadlineAt });
  }
  reminder(table: string, seat: number, deadlineAt: number): void {
    this.reminders.push({ table, seat, deadlineAt });
  }
}

const clock = new ManualClock(START);
const calls = new RecordingCalls();
let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  env = await startTestServer({
    clock,
    turnCalls: calls,
    botDelayMs: 0,
    graceMs: 1000,
    publicUrl: SITE,
    authPerMinute: 0,
  });
});
afterAll(async () => {
  await env?.close();
});

const turnBased = (moveHours: number) => ({ pace: { kind: "turnBased", moveHours }, timer: "off" });
const notices = (c: TestClient) =>
  c.frames.filter((f) => f.event === "notice").map((f) => f.payload as NoticePush);

describe("a turn-based Dreams table", () => {
  it("fires each deadline and reminder once, doubles one deadline on request, hands a twice-timed-out seat to the bot", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 3, { table: turnBased(1) });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const startedAt = clock.now();
    const first = t.host.view?.view.turn as number;
    expect(t.host.view?.deadline).toBe(startedAt + HOUR);
    expect(calls.started).toEqual([{ table: t.code, seat: first, deadlineAt: startedAt + HOUR }]);

    // 54 minutes in: a tenth of the hour is left, and the reminder goes, once.
    clock.advance(54 * 60_000 - 1);
    await t.host.flush();
    expect(calls.reminders).toEqual([]);
    clock.advance(1);
    await eventually(() => calls.reminders.length === 1, "the reminder");
    expect(calls.reminders[0]).toEqual({ table: t.code, seat: first, deadlineAt: startedAt + HOUR });

    // The hour is up: one move is made for the player, and they are told.
    clock.advance(6 * 60_000);
    await t.host.waitFor(() => (t.host.view?.version ?? 0) === 1, 5000, "the move made at the deadline");
    await t.host.waitFor(() => notices(t.host).length === 1, 5000, "the notice");
    expect(notices(t.host)[0]?.seat).toBe(first);
    const second = t.host.view?.view.turn as number;
    expect(calls.started.at(-1)).toEqual({ table: t.code, seat: second, deadlineAt: clock.now() + HOUR });

    // The next player asks for more time: this move's deadline doubles, once per match.
    const asker = t.clients[second] as TestClient;
    const other = t.clients[(second + 1) % 3] as TestClient;
    expect((await other.emit("more_time", {})).error?.code).toBe("turn/no_more_time");
    expect((await asker.emit("more_time", {})).ok).toBe(true);
    await asker.waitFor(() => asker.view?.deadline === startedAt + HOUR + 2 * HOUR, 5000, "the new deadline");
    expect(asker.table?.moreTime).toEqual([second]);
    expect((await asker.emit("more_time", {})).error?.code).toBe("turn/no_more_time");
    clock.advance(HOUR + 30 * 60_000);
    await asker.flush();
    expect(asker.view?.version).toBe(1);
    clock.advance(30 * 60_000);
    await asker.waitFor(() => asker.view?.version === 2, 5000, "the doubled deadline");

    // Nobody plays: the first player's second timeout in a row hands their seat to the bot.
    for (let version = 2; !t.host.table?.seats[first]?.botPlaying; version++) {
      expect(version).toBeLessThan(8);
      clock.advance(HOUR);
      await t.host.waitFor(() => (t.host.view?.version ?? 0) >= version + 1, 5000, `move ${version + 1}`);
      await t.host.flush();
    }
    // Every deadline fired once: one move per hour, never two.
    const version = t.host.view?.version as number;
    await t.host.flush();
    expect(t.host.view?.version).toBe(version);
    // One reminder per move, at most: never twice for the same move.
    const keys = calls.reminders.map((r) => `${r.seat}@${r.deadlineAt}`);
    expect(new Set(keys).size).toBe(keys.length);

    // The others play on to the end; the bot plays the first player's seat.
    const players = t.clients.filter((_, seat) => seat !== first).map((c, i) => autoplay(c, `tb/${i}`));
    // a second of the server's time for each twentieth of a real one: the sockets' rate limits refill
    const ticking = setInterval(() => clock.advance(1000), 50);
    await t.host
      .waitFor(() => t.host.view?.view.phase === "over", 30_000, "game over")
      .catch((e) => {
        const v = t.host.view;
        throw new Error(
          `${e}: ${v?.view.phase} awaiting ${v?.view.awaiting} v${v?.version} first ${first} ${JSON.stringify(t.host.table?.seats)}`,
        );
      });
    clearInterval(ticking);
    for (const p of players) p.stop();
    // Each seat's move started once per turn. The host saw every version, and every change of who the
    // bot plays for before the version it applied to: from each version to the next, the seats newly
    // awaited (all of them in a new phase or round) are called, but not for a round's "ready", nor a
    // seat the bot plays.
    const expected = [0, 0, 0];
    let botPlays = new Set<number>();
    let was: NonNullable<TestClient["view"]>["view"] | null = null;
    let lastVersion = -1;
    for (const f of t.host.frames) {
      if (f.event === "table")
        botPlays = new Set((f.payload as TableInfo).seats.filter((s) => s.botPlaying).map((s) => s.seat));
      if (f.event !== "view") continue;
      const push = f.payload as NonNullable<TestClient["view"]>;
      if (push.version === lastVersion) continue; // more time sends a version again
      lastVersion = push.version;
      const is = push.view;
      const fresh = !was || was.phase !== is.phase || was.round !== is.round;
      if (is.phase !== "reveal")
        for (const seat of is.awaiting)
          if ((fresh || !was?.awaiting.includes(seat)) && !botPlays.has(seat))
            expected[seat] = (expected[seat] ?? 0) + 1;
      was = is;
    }
    const counted = [0, 1, 2].map(
      (seat) => calls.started.filter((c) => c.table === t.code && c.seat === seat).length,
    );
    expect(counted).toEqual(expected);
    for (const c of t.clients) c.close();
  });
});

describe("a live table's calls", () => {
  it("tell of each move's start with no deadline", async () => {
    const t = await seatTable(env.server.url, 3);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const turn = t.host.view?.view.turn as number;
    expect(calls.started.filter((c) => c.table === t.code)).toEqual([
      { table: t.code, seat: turn, deadlineAt: null },
    ]);
    for (const c of t.clients) c.close();
  });
});

describe("the cap on turn-based tables, and your games", () => {
  it("lets a guest sit at 30 turn-based tables, refuses the 31st with a clear code, and lists their games by urgency", async () => {
    const base = env.server.url;
    const held: Array<{ code: string; token: string }> = [];
    for (let i = 0; i < 30; i++) {
      const table = await createTable(base, {
        game: "dreamers",
        deck: undefined,
        seats: 2,
        ...turnBased(24),
      });
      const res = await http<{ token: string }>(base, "POST", `/api/tables/${table.code}/join`, {
        name: "Guest",
        colour: "red",
        held: held.map((h) => h.token),
      });
      expect(res.status).toBe(201);
      held.push({ code: table.code, token: res.body.token });
    }
    const extra = await createTable(base, { game: "dreamers", deck: undefined, seats: 2, ...turnBased(24) });
    const refused = await http<{ error: { code: string; message: string } }>(
      base,
      "POST",
      `/api/tables/${extra.code}/join`,
      { name: "Guest", colour: "red", held: held.map((h) => h.token) },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("lobby/too_many_tables");
    expect(refused.body.error.message).toMatch(/30 turn-based tables/);
    // a live table is not counted
    const live = await createTable(base, { game: "dreamers", deck: undefined, seats: 2 });
    expect((await joinTable(base, live.code, 0)).token).toBeTruthy();

    // The public lobby lists open turn-based tables apart from live ones.
    const pub = await createTable(base, {
      game: "dreamers",
      deck: undefined,
      seats: 2,
      visibility: "public",
      ...turnBased(72),
    });
    const listed = await http<{ tables: Array<{ code: string }>; turnBased: Array<{ code: string }> }>(
      base,
      "GET",
      "/api/tables",
    );
    expect(listed.body.turnBased.map((x) => x.code)).toContain(pub.code);
    expect(listed.body.tables.map((x) => x.code)).not.toContain(pub.code);

    // Your games: three games of this guest, started at different times with another player.
    const games: string[] = [];
    for (const hours of [72, 1, 12]) {
      const table = await createTable(base, {
        game: "dreamers",
        deck: undefined,
        seats: 2,
        ...turnBased(hours),
      });
      const me = await joinTable(base, table.code, 0, table.hostToken);
      const them = await joinTable(base, table.code, 1);
      const host = new TestClient(base);
      await host.attach(table.code, me.token, table.hostToken);
      expect((await host.emit("start", {})).ok).toBe(true);
      await host.waitFor(() => host.view !== null);
      host.close();
      games.push(table.code);
      held.push({ code: table.code, token: me.token }, { code: `${table.code}`, token: them.token });
    }
    const answer = await http<YourGamesResponse>(base, "POST", "/api/your-games", {
      seats: held.slice(-6).filter((_, i) => i % 2 === 0),
    });
    expect(answer.status).toBe(200);
    const listedGames = answer.body.games;
    expect(listedGames.map((g) => g.code).sort()).toEqual([...games].sort());
    // your move first, each group by time left
    const firstOthers = listedGames.findIndex((g) => !g.yourMove);
    if (firstOthers >= 0) expect(listedGames.slice(firstOthers).every((g) => !g.yourMove)).toBe(true);
    const mineFirst = listedGames.filter((g) => g.yourMove).map((g) => g.deadline as number);
    expect(mineFirst).toEqual([...mineFirst].sort((a, b) => a - b));
    for (const g of listedGames) {
      expect(g.game).toBe("dreamers");
      expect(g.round).toBe(1);
      expect(g.scores).toEqual([0, 0]);
      expect(g.seats.map((s) => s.name)).toEqual(["P0", "P1"]);
    }
    // a token that is not a seat's there is left out, and a signed-out account route answers 401
    const wrong = await http<YourGamesResponse>(base, "POST", "/api/your-games", {
      seats: [{ code: games[0], token: held[0]?.token }],
    });
    expect(wrong.body.games).toEqual([]);
    expect((await http(base, "GET", "/api/account/games")).status).toBe(401);
  });
});

describe("an account's turn-based tables", () => {
  it("are its games on another device, and count towards its 30", async () => {
    const base = env.server.url;
    const phone = new Browser(base);
    expect((await phone.signUp("Turner")).status).toBe(200);
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const table = await createTable(base, {
        game: "dreamers",
        deck: undefined,
        seats: 2,
        ...turnBased(12),
      });
      const joined = await phone.call("POST", `/api/tables/${table.code}/join`, {
        name: "Turner",
        colour: "red",
      });
      expect(joined.status).toBe(201);
      codes.push(table.code);
    }
    const extra = await createTable(base, { game: "dreamers", deck: undefined, seats: 2, ...turnBased(12) });
    const refused = await phone.call("POST", `/api/tables/${extra.code}/join`, {
      name: "Turner",
      colour: "red",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("lobby/too_many_tables");

    // the laptop holds no seat token: the account's tables come from the server
    const laptop = new Browser(base, SITE, phone.authenticator);
    expect((await laptop.signIn()).status).toBe(200);
    const games = await laptop.call<YourGamesResponse>("GET", "/api/account/games");
    expect(games.status).toBe(200);
    expect(games.body.games.map((g) => g.code).sort()).toEqual([...codes].sort());
    expect(games.body.games.every((g) => g.status === "lobby" && !g.yourMove && g.deadline === null)).toBe(
      true,
    );
    const same = await laptop.call<YourGamesResponse>("POST", "/api/your-games", { seats: [] });
    expect(same.body.games.map((g) => g.code).sort()).toEqual([...codes].sort());
  });
});
