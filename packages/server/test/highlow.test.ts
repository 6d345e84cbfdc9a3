import { createHighLowBot, type HighLowState, type HighLowView, highlow } from "@firmament/highlow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Frame, http, joinTable, startSeededServer, startTestServer, TestClient } from "./helpers";
import { expectRecordsReplay } from "./records-check";

let withFixture: Awaited<ReturnType<typeof startTestServer>>;
let without: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  withFixture = await startSeededServer(20261127, { fixtureGames: ["highlow"] });
  without = await startTestServer();
});
afterAll(async () => {
  await withFixture?.close();
  await without?.close();
});

const body = (game: string) => ({ game, visibility: "public", timer: "off" });
type GamesBody = { games: Array<{ kind: string; seats: { min: number; max: number } }> };

/** The final state of the table's first match, from its stored actions. */
async function finalState(code: string): Promise<HighLowState> {
  const stored = await withFixture.server.service.storedMatch(code, 1);
  if (!stored) throw new Error("no stored match");
  const created = highlow.setup(stored.match.setup as never, stored.match.seed);
  if (!created.ok) throw new Error(created.error.code);
  let state = created.value;
  for (const row of stored.actions) {
    const applied = highlow.apply(state, row.action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
  }
  return state;
}

/** The views and events a client received before it first saw the game over. */
function framesBeforeTheEnd(frames: readonly Frame[]): Frame[] {
  const end = frames.findIndex(
    (f) => f.event === "view" && (f.payload as { view: HighLowView }).view.phase === "over",
  );
  return (end < 0 ? frames : frames.slice(0, end)).filter((f) => f.event === "view" || f.event === "events");
}

/** What a frame shows of a seat's number that `viewer` (a seat, or null for a spectator) may not know. */
function leaksIn(frame: Frame, viewer: number | null, numbers: [number, number], salt: string): string[] {
  const found: string[] = [];
  if (frame.json.includes(salt)) found.push("the salt");
  const payload = frame.payload as {
    view?: HighLowView;
    events?: Array<{ type: string; seat?: number; number?: number }>;
  };
  const view = payload.view;
  if (view && view.mine !== null && (viewer === null || view.mine !== numbers[viewer]))
    found.push("a number in mine");
  if (view?.secret) found.push("the secret");
  for (const event of [...(payload.events ?? [])])
    if (event.type === "number_chosen" && event.seat !== viewer && event.number !== undefined)
      found.push(`seat ${event.seat}'s number in an event`);
  if (/"numbers"/.test(frame.json)) found.push("a numbers field");
  return found;
}

/** Plays a seat with the fixture's bot from each view pushed to it (never the state). */
function playFromViews(client: TestClient, seed: string) {
  const bot = createHighLowBot(seed);
  let stopped = false;
  const act = async () => {
    const push = client.view as unknown as { game: number; view: HighLowView } | null;
    const action = push && !stopped ? bot.decide(push.view) : null;
    if (!push || !action) return;
    await client.emit("action", { action, round: push.view.round, game: push.game });
  };
  client.socket.on("view", () => void act().catch(() => undefined));
  return {
    stop() {
      stopped = true;
    },
  };
}

describe("High-Low, the test fixture, on the server", () => {
  it("is hosted only by a server started with it", async () => {
    const listed = await http<GamesBody>(withFixture.server.url, "GET", "/api/games");
    expect(listed.status).toBe(200);
    expect(listed.body.games).toEqual([
      { kind: "dreams", seats: { min: 3, max: 6 } },
      { kind: "dreamers", seats: { min: 2, max: 2 } },
      { kind: "highlow", seats: { min: 2, max: 2 } },
    ]);
    const plain = await http<GamesBody>(without.server.url, "GET", "/api/games");
    expect(plain.body.games.map((g) => g.kind)).toEqual(["dreams", "dreamers"]);

    const refused = await http(without.server.url, "POST", "/api/tables", body("highlow"));
    const unknown = await http(without.server.url, "POST", "/api/tables", body("chess"));
    expect(refused.status).toBe(400);
    expect(refused).toEqual(unknown);
    const tables = await http<{ tables: unknown[] }>(without.server.url, "GET", "/api/tables");
    expect(tables.body.tables).toEqual([]);
    const tutorial = await http(without.server.url, "POST", "/api/tutorials", {
      game: "highlow",
      name: "Ada",
      colour: "blue",
    });
    expect(tutorial.status).toBe(400);
  });

  it("two people play to a hit; no frame shows the other's number or the salt before the end", async () => {
    const base = withFixture.server.url;
    const created = await http<{ code: string; hostToken: string }>(
      base,
      "POST",
      "/api/tables",
      body("highlow"),
    );
    expect(created.status).toBe(201);
    const { code, hostToken } = created.body;
    const clients: TestClient[] = [];
    for (const seat of [0, 1]) {
      const joined = await joinTable(base, code, seat, seat === 0 ? hostToken : undefined);
      const client = new TestClient(base);
      await client.attach(code, joined.token, seat === 0 ? hostToken : undefined);
      clients.push(client);
    }
    const spectator = new TestClient(base);
    await spectator.attach(code);
    const plays = clients.map((client, seat) => playFromViews(client, `highlow-${seat}`));
    expect((await clients[0]?.emit("start", {}))?.ok).toBe(true);
    const over = (client: TestClient) =>
      (client.view?.view as unknown as HighLowView | undefined)?.phase === "over";
    for (const client of [...clients, spectator]) await client.waitFor(() => over(client), 20_000, "the end");
    for (const play of plays) play.stop();

    const final = await finalState(code);
    expect(final.phase).toBe("over");
    expect(final.winners).toHaveLength(1);
    const numbers = final.numbers as [number, number];
    for (const [viewer, client] of [
      [0, clients[0]],
      [1, clients[1]],
      [null, spectator],
    ] as const) {
      const frames = framesBeforeTheEnd(client?.frames ?? []);
      expect(frames.length).toBeGreaterThan(2);
      for (const frame of frames) expect(leaksIn(frame, viewer, numbers, final.salt), frame.json).toEqual([]);
      const end = client?.view?.view as unknown as HighLowView;
      expect(end.secret).toEqual({ numbers, salt: final.salt });
    }
    const audits = await expectRecordsReplay(base, withFixture.server.service, code);
    expect(audits).toHaveLength(1);
    for (const client of [...clients, spectator]) client.close();
  });
});
