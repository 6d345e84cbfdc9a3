import { dreamers } from "@firmament/dreamers";
import { dreams } from "@firmament/dreams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dreamersTutorialFits, dreamsTutorialFits } from "../src/games/tutorial-seeds";
import type { CreateTutorialResponse, TableInfo } from "../src/protocol";
import { http, startTestServer } from "./helpers";

let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  env = await startTestServer({ botDelayMs: 60_000 });
});
afterAll(async () => {
  await env?.close();
});

async function tutorial(body: unknown) {
  return http<CreateTutorialResponse>(env.server.url, "POST", "/api/tutorials", body);
}

describe("POST /api/tutorials", () => {
  it("starts a Dreams game against two bots, dealt so the learner is a god in round 1 and the mortal in round 2", async () => {
    const made = await tutorial({ game: "dreams", name: "Ada", colour: "blue" });
    expect(made.status).toBe(201);
    expect(made.body.seat).toBe(0);
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body.hostToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await http<TableInfo>(env.server.url, "GET", `/api/tables/${made.body.code}`);
    expect(info.body.status).toBe("playing");
    expect(info.body.config).toMatchObject({
      game: "dreams",
      tutorial: true,
      visibility: "private",
      timer: "off",
    });
    expect(info.body.seats.map((s) => s.kind)).toEqual(["human", "bot", "bot"]);
    expect(info.body.seats[0]).toMatchObject({ name: "Ada", colour: "blue" });
    expect(new Set(info.body.seats.map((s) => s.colour)).size).toBe(3);
    // the seed stays on the server; checked here from the store, with the game's own rules
    const stored = await env.server.service.storedMatch(made.body.code, 1);
    const seed = stored?.match.seed as string;
    expect(dreamsTutorialFits(stored?.match.setup, seed)).toBe(true);
    const state = dreams.setup(stored?.match.setup as never, seed);
    expect(state.ok && state.value.round.dealer).toBe(0);
    expect(state.ok && state.value.round.mortal).not.toBe(0);
    expect(made.text).not.toContain(seed);
    expect(info.text).not.toContain(seed);
  });

  it("starts a Dreamers game where the learner starts round 1 as a Dreamer holding the skull", async () => {
    const made = await tutorial({ game: "dreamers", name: "Bea", colour: "green" });
    expect(made.status).toBe(201);
    const stored = await env.server.service.storedMatch(made.body.code, 1);
    const seed = stored?.match.seed as string;
    expect(dreamersTutorialFits(seed)).toBe(true);
    const state = dreamers.setup({}, seed);
    expect(state.ok && state.value.round.identities).toEqual(["dreamer", "master"]);
  });

  it("refuses a bad body with a clear error and creates nothing", async () => {
    for (const body of [
      { game: "chess", name: "Ada", colour: "blue" },
      { game: "dreams", name: "", colour: "blue" },
      { game: "dreams", name: "Ada", colour: "mauve" },
      { game: "dreams", name: "Ada", colour: "blue", seats: 6 },
    ]) {
      const res = await tutorial(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as { error: { code: string } }).error.code).toMatch(/^input\//);
    }
  });
});

describe("POST /api/quick-games", () => {
  const quick = (body: unknown) =>
    http<CreateTutorialResponse>(env.server.url, "POST", "/api/quick-games", body);

  it.each([
    ["dreams", ["human", "bot", "bot"]],
    ["dreamers", ["human", "bot"]],
  ])("starts an ordinary %s game against bots, the player in seat 0 as host", async (game, kinds) => {
    const made = await quick({ game, name: "Cleo", colour: "red" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ seat: 0, code: expect.stringMatching(/^[A-Z0-9]{6}$/) });
    const info = await http<TableInfo>(env.server.url, "GET", `/api/tables/${made.body.code}`);
    expect(info.body.status).toBe("playing");
    expect(info.body.config).toMatchObject({ game, visibility: "private", timer: "off" });
    expect(info.body.config.tutorial).toBeUndefined();
    expect(info.body.hostSeat).toBe(0);
    expect(info.body.seats.map((s) => s.kind)).toEqual(kinds);
    expect(info.body.seats[0]).toMatchObject({ name: "Cleo", colour: "red" });
  });

  it("deals with fresh seeds, not the guided game's", async () => {
    const deals = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const made = await quick({ game: "dreamers", name: "Cleo", colour: "red" });
      const stored = await env.server.service.storedMatch(made.body.code, 1);
      const state = dreamers.setup({}, stored?.match.seed as string);
      if (state.ok) deals.add(state.value.round.identities?.join("/") ?? "none");
    }
    // six guided deals would all be dreamer/master for seat 0; fresh ones differ (P(all the same) < 1%)
    expect(deals.size).toBeGreaterThan(1);
  });

  it("refuses a bad body with a clear error and creates nothing", async () => {
    const before = (await http<unknown[]>(env.server.url, "GET", "/api/tables")).text;
    for (const body of [{ game: "chess", name: "Ada", colour: "blue" }, { game: "dreams", name: "" }, "x"]) {
      const res = await quick(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as { error: { code: string } }).error.code).toMatch(/^input\//);
    }
    expect((await http<unknown[]>(env.server.url, "GET", "/api/tables")).text).toBe(before);
  });
});
