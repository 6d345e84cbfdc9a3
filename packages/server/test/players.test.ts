/**
 * Results, ratings, profiles and leaderboards through the HTTP API, on the store the suite runs on
 * (SQLite; PostgreSQL in the integration-postgres project). Accounts are inserted as rows and matches
 * stored as a server would have stored them, so nothing here depends on passkeys or sessions; the
 * viewer's account comes from a test header through the server's `viewerAccountOf`.
 */
import type { LeaderboardResponse, PlayerProfile } from "@firmament/protocol";
import type { Rating } from "openskill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayRating, NEW_RATING, placesOf, rateMatch } from "../src/ratings/model";
import { http, startTestServer, type TestServer } from "./helpers";
import { storeFinishedMatch } from "./ratings-fixtures";

const DAY = 86_400_000;
const now = Date.now();
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer({
    viewerAccountOf: async (request) => (request.headers["x-test-account"] as string | undefined) ?? null,
  });
  base = server.server.url;
  const store = server.server.store;
  for (const [id, name, historyPublic] of [
    ["acc-alice", "Alice", true],
    ["acc-bob", "Bob", false],
    ["acc-carol", "Carol", true],
    ["acc-dave", "Dave", true],
    ["acc-erin", "Erin", true],
    ["acc-finn", "Finn", true],
  ] as const)
    await store.addAccount({ id, name, historyPublic, createdAt: now - 200 * DAY });
});
afterAll(async () => {
  await server.close();
});

const get = <T>(path: string, viewer?: string) =>
  fetch(base + path, { headers: viewer ? { "x-test-account": viewer } : {} }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as T,
  }));

/** Alice against Bob, `count` rated matches an hour apart from `from`; their expected ratings after. */
async function series(prefix: string, count: number, from: number, a = "acc-alice", b = "acc-bob") {
  let ra: Rating = { ...NEW_RATING };
  let rb: Rating = { ...NEW_RATING };
  let winsA = 0;
  for (let i = 0; i < count; i++) {
    const code = `${prefix}${i}`;
    const outcome = await storeFinishedMatch(server.server.store, {
      code,
      seats: [{ account: a }, { account: b }],
      rated: true,
      finishedAt: from + i * 3_600_000,
    });
    expect(await server.server.service.results.settle(code, 1)).toBe(true);
    const places = placesOf(outcome);
    [ra, rb] = rateMatch([
      { before: ra, place: places[0] as number },
      { before: rb, place: places[1] as number },
    ]) as [Rating, Rating];
    if (outcome.winners.includes(0)) winsA++;
  }
  return { ra, rb, winsA };
}

describe("ratings, profiles and leaderboards", () => {
  let expected: Awaited<ReturnType<typeof series>>;

  it("rates each finished match once, from the stored match; a second settlement changes nothing", async () => {
    expected = await series("AB", 11, now - 20 * DAY);
    expect(await server.server.service.results.settle("AB0", 1)).toBe(false);
    expect(await server.server.service.results.sweep()).toBe(0);
    const { body } = await get<PlayerProfile>("/api/players/alice");
    const dreamers = body.games.find((g) => g.game === "dreamers");
    expect(dreamers?.played).toBe(11);
    expect(dreamers?.won).toBe(expected.winsA);
    expect(dreamers?.rating?.games).toBe(11);
    expect(dreamers?.rating?.mu).toBeCloseTo(expected.ra.mu, 9);
    expect(dreamers?.rating?.sigma).toBeCloseTo(expected.ra.sigma, 9);
    expect(dreamers?.rating?.rating).toBe(displayRating(expected.ra));
    expect(dreamers?.rating?.provisional).toBe(false);
    expect(dreamers?.history).toHaveLength(11);
    expect(dreamers?.history.at(-1)?.rating).toBe(displayRating(expected.ra));
  });

  it("a public profile lists recent matches newest first, with replay coordinates; not the tables sat at", async () => {
    const { status, body } = await get<PlayerProfile>("/api/players/ALICE");
    expect(status).toBe(200);
    expect(body.name).toBe("Alice");
    expect(body.own).toBe(false);
    expect(body.tables).toBeNull();
    expect(body.recent?.map((m) => m.code)).toEqual(Array.from({ length: 11 }, (_, i) => `AB${10 - i}`));
    expect(body.recent?.[0]).toMatchObject({
      match: 1,
      game: "dreamers",
      players: 2,
      rated: true,
      abandoned: false,
    });
    expect(body.recent?.[0]?.ratingAfter).toBe(displayRating(expected.ra));
  });

  it("a profile others saw (kept a while) shows a match settled since at once", async () => {
    const before = await get<PlayerProfile>("/api/players/erin");
    expect(before.body.games).toEqual([]);
    await series("EF", 1, now - DAY, "acc-erin", "acc-finn");
    const after = await get<PlayerProfile>("/api/players/erin");
    expect(after.body.games.map((g) => [g.game, g.played])).toEqual([["dreamers", 1]]);
    expect(after.body.recent?.map((m) => m.code)).toEqual(["EF0"]);
  });

  it("a hidden history is hidden from others, not from its owner", async () => {
    const other = await get<PlayerProfile>("/api/players/bob", "acc-alice");
    expect(other.body.historyPublic).toBe(false);
    expect(other.body.recent).toBeNull();
    expect(other.body.games[0]?.history).toEqual([]);
    expect(other.body.games[0]?.rating?.rating).toBe(displayRating(expected.rb));
    const own = await get<PlayerProfile>("/api/players/bob", "acc-bob");
    expect(own.body.own).toBe(true);
    expect(own.body.recent).toHaveLength(11);
    expect(own.body.tables).toEqual([]);
  });

  it("an unrated table records the match but leaves ratings alone; new players are provisional", async () => {
    await storeFinishedMatch(server.server.store, {
      code: "UNRATED1",
      seats: [{ account: "acc-dave" }, { bot: "easy" }],
      rated: false,
      finishedAt: now - DAY,
    });
    await storeFinishedMatch(server.server.store, {
      code: "RATED1",
      seats: [{ account: "acc-dave" }, { bot: "hard" }],
      rated: true,
      finishedAt: now - DAY + 1000,
    });
    expect(await server.server.service.results.sweep()).toBe(2);
    const { body } = await get<PlayerProfile>("/api/players/dave");
    expect(body.games[0]?.played).toBe(2);
    expect(body.games[0]?.rating?.games).toBe(1);
    expect(body.games[0]?.rating?.provisional).toBe(true);
    expect(body.recent?.map((m) => [m.code, m.rated])).toEqual([
      ["RATED1", true],
      ["UNRATED1", false],
    ]);
  });

  it("a seat a bot finished for its absent player counts as that player's loss", async () => {
    await storeFinishedMatch(server.server.store, {
      code: "GONE1",
      seats: [{ account: "acc-carol" }, { bot: "medium" }],
      rated: true,
      finishedAt: now - 2 * DAY,
      abandoned: [0],
    });
    expect(await server.server.service.results.settle("GONE1", 1)).toBe(true);
    const { body } = await get<PlayerProfile>("/api/players/carol");
    expect(body.recent?.[0]).toMatchObject({ code: "GONE1", place: 2, won: false, abandoned: true });
    expect(body.games[0]?.rating?.mu).toBeLessThan(NEW_RATING.mu);
  });

  it("a leaderboard lists players with 10 rated games in the last 90 days, best first", async () => {
    // Carol's eleven games against Dave are older than 90 days: not listed; Dave has too few recent ones.
    await series("CD", 11, now - 120 * DAY, "acc-carol", "acc-dave");
    const { status, body } = await get<LeaderboardResponse>("/api/leaderboards/dreamers");
    expect(status).toBe(200);
    const sorted = [
      { name: "Alice", r: expected.ra },
      { name: "Bob", r: expected.rb },
    ].sort((x, y) => y.r.mu - 3 * y.r.sigma - (x.r.mu - 3 * x.r.sigma));
    expect(body.entries).toEqual(
      sorted.map((e, i) => ({ place: i + 1, name: e.name, rating: displayRating(e.r), games: 11 })),
    );
    expect((await get<LeaderboardResponse>("/api/leaderboards/dreams")).body.entries).toEqual([]);
  });

  it("refuses an unknown player and an unknown game with their codes", async () => {
    const player = await http<{ error: { code: string } }>(base, "GET", "/api/players/nobody");
    expect(player.status).toBe(404);
    expect(player.body.error.code).toBe("player/unknown");
    const game = await http<{ error: { code: string } }>(base, "GET", "/api/leaderboards/chess");
    expect(game.status).toBe(404);
    expect(game.body.error.code).toBe("game/unknown");
  });

  it("a rated table says so in its info and the lobby", async () => {
    const created = await http<{ code: string }>(base, "POST", "/api/tables", {
      game: "dreamers",
      visibility: "public",
      timer: "off",
      rated: true,
    });
    expect(created.status).toBe(201);
    const info = await http<{ config: { rated?: boolean } }>(base, "GET", `/api/tables/${created.body.code}`);
    expect(info.body.config.rated).toBe(true);
    const lobby = await http<{ tables: Array<{ code: string; config: { rated?: boolean } }> }>(
      base,
      "GET",
      "/api/tables",
    );
    expect(lobby.body.tables.find((t) => t.code === created.body.code)?.config.rated).toBe(true);
    const bad = await http<{ error: { code: string } }>(base, "POST", "/api/tables", {
      game: "dreamers",
      visibility: "public",
      timer: "off",
      rated: "yes",
    });
    expect(bad.status).toBe(400);
  });
});
