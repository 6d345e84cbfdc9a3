/**
 * Three server processes sharing the machine's PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379):
 * clients on random processes play whole games of both games with every frame checked for leaks;
 * lobby joins, chat, presence and spectator counts hold across processes.
 */
import type { Viewer } from "@firmament/dreams";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import { fallbackBot } from "../src/games/dreams-bot";
import type { ChatLine, TableInfo, ViewPush, YourGamesResponse } from "../src/protocol";
import { openPostgresStore } from "../src/store/postgres";
import type { Store } from "../src/store/types";
import { REDIS_URL, startCluster, type TestCluster } from "./cluster-helpers";
import { autoplay, createTable, http, joinTable, seatTable, TestClient } from "./helpers";
import { dreamersLeaks, dreamersTruth, dreamsLeaks, dreamsTruth } from "./leak-checks";
import { until } from "./until";

let cluster: TestCluster;
let store: Store;
const clients: TestClient[] = [];
beforeAll(async () => {
  cluster = await startCluster(3, {
    GRACE_SECONDS: "20",
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    FAILED_HELLOS_PER_MINUTE: "0",
  });
  store = await openPostgresStore(cluster.databaseUrl);
}, 120_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await store?.close();
  await cluster?.close();
});

const client = (base: string) => {
  const c = new TestClient(base);
  clients.push(c);
  return c;
};

/** A table whose players each join and connect through a random process. */
async function spreadTable(humans: number, options: { bots?: number; game?: "dreams" | "dreamers" } = {}) {
  const bots = options.bots ?? 0;
  const body =
    options.game === "dreamers"
      ? { game: "dreamers", seats: humans + bots, deck: undefined }
      : { seats: humans + bots };
  const created = await createTable(cluster.any(), body);
  const seated: TestClient[] = [];
  for (let i = 0; i < humans; i++) {
    const host = i === 0 ? created.hostToken : undefined;
    const joined = await joinTable(cluster.any(), created.code, i, host);
    const c = client(cluster.any());
    await c.attach(created.code, joined.token, host);
    seated.push(c);
  }
  const host = seated[0] as TestClient;
  for (let b = 0; b < bots; b++) expect((await host.emit("add_bot", { seat: humans + b })).ok).toBe(true);
  const spectator = client(cluster.any());
  await spectator.attach(created.code);
  return { code: created.code, game: options.game ?? "dreams", clients: seated, host, spectator };
}

const tablePushes = (c: TestClient) =>
  c.frames.filter((f) => f.event === "table").map((f) => f.payload as TableInfo);

/** Seats one player per base URL, in order, each joining and connecting through its own. */
async function seatOn(created: { code: string; hostToken: string }, bases: string[]): Promise<TestClient[]> {
  const players: TestClient[] = [];
  for (const [i, base] of bases.entries()) {
    const host = i === 0 ? created.hostToken : undefined;
    const joined = await joinTable(base, created.code, i, host);
    const c = client(base);
    await c.attach(created.code, joined.token, host);
    players.push(c);
  }
  return players;
}

/** Waits until a `table` push that `c` got after its frame `since` shows every seat connected. */
const everyoneConnected = (c: TestClient, since: number, what: string) =>
  c.waitFor(
    () =>
      c.frames
        .slice(since)
        .some((f) => f.event === "table" && (f.payload as TableInfo).seats.every((s) => s.connected)),
    10_000,
    what,
  );

/** Chat lines each of two players sends at once (within the per-seat burst). */
const CHATS = 4;

describe("a cluster of three processes", () => {
  it("plays whole games of both games with clients on random processes; no frame leaks", async () => {
    const tables = [
      await spreadTable(3),
      await spreadTable(4, { bots: 1 }),
      await spreadTable(2, { game: "dreamers" }),
      await spreadTable(1, { game: "dreamers", bots: 1 }),
    ];
    const players = tables.flatMap((t) =>
      t.clients.map((c, i) =>
        autoplay(c, `${t.code}:${i}`, 0, t.game === "dreamers" ? dreamersFallbackBot : undefined),
      ),
    );
    for (const t of tables) expect(await t.host.emit("start", {})).toEqual({ ok: true });
    const over = (c: TestClient) => (c.view as ViewPush | null)?.view.phase === "over";
    await Promise.all(
      tables.flatMap((t) => [...t.clients, t.spectator].map((c) => c.waitFor(() => over(c), 90_000))),
    );
    for (const p of players) p.stop();

    let views = 0;
    const problems: string[] = [];
    for (const t of tables) {
      const stored = await store.loadMatch(t.code, 1);
      if (!stored) throw new Error("no stored match");
      const watchers: Array<[Viewer, TestClient]> = [
        ...t.clients.map((c, seat): [Viewer, TestClient] => [seat, c]),
        ["spectator", t.spectator],
      ];
      for (const [viewer, c] of watchers) {
        views += c.frames.filter((f) => f.event === "view").length;
        const found =
          t.game === "dreams"
            ? dreamsLeaks(c.frames, viewer, dreamsTruth(stored))
            : dreamersLeaks(c.frames, viewer, dreamersTruth(stored));
        problems.push(...found.map((p) => `${t.code} ${String(viewer)}: ${p}`));
        // every client saw the match to its stored end
        expect((c.view as ViewPush).version).toBe(stored.actions.length);
      }
      // presence is cluster-wide: every seated player shows as connected, nobody was ever played by a
      // bot, and the spectator (on whatever process) is counted
      const last = tablePushes(t.host).at(-1);
      expect(last?.spectators).toBe(1);
      for (const seat of last?.seats ?? []) expect(seat.connected).toBe(true);
      for (const c of t.clients)
        for (const info of tablePushes(c)) expect(info.seats.some((s) => s.botPlaying)).toBe(false);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(views).toBeGreaterThan(500);
  }, 150_000);

  it("two joins at the same moment through two processes: both seated, or one clear error", async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b, c] = cluster.processes.map((p) => p.base) as [string, string, string];
      // the last two seats, taken at once through two other processes: both get a seat of their own
      const three = await createTable(a, { seats: 3 });
      await joinTable(a, three.code, 0, three.hostToken);
      const joins = await Promise.all(
        [b, c].map((base, i) =>
          http<{ seat: number; token: string }>(base, "POST", `/api/tables/${three.code}/join`, {
            name: `R${i}`,
            colour: ["blue", "green"][i],
          }),
        ),
      );
      expect(joins.map((j) => j.status)).toEqual([201, 201]);
      expect(new Set(joins.map((j) => j.body.seat))).toEqual(new Set([1, 2]));
      for (const [i, j] of joins.entries()) {
        const ack = await client([b, c][i] as string).attach(three.code, j.body.token);
        expect(ack.seat).toBe(j.body.seat);
      }
      // the very last seat, wanted by two: one gets it, the other is told the table is full
      const two = await createTable(b, { seats: 3 });
      await joinTable(b, two.code, 0, two.hostToken);
      await joinTable(b, two.code, 3);
      const race = await Promise.all(
        [a, c].map((base, i) =>
          http<{ seat?: number; error?: { code: string } }>(base, "POST", `/api/tables/${two.code}/join`, {
            name: `L${i}`,
            colour: ["blue", "green"][i],
          }),
        ),
      );
      expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(race.find((r) => r.status === 409)?.body.error?.code).toBe("lobby/full");
      const info = await http<TableInfo>(c, "GET", `/api/tables/${two.code}`);
      expect(info.body.seats.filter((s) => s.kind === "human")).toHaveLength(3);
    }
  }, 60_000);

  it("chat from players on different processes: every line stored once, with ids in order", async () => {
    const t = await spreadTable(3);
    const [first, second] = t.clients as [TestClient, TestClient];
    const acks = await Promise.all(
      Array.from({ length: CHATS }, (_, i) => [
        first.emit("chat", { text: `a${i}` }),
        second.emit("chat", { text: `b${i}` }),
      ]).flat(),
    );
    expect(acks.filter((a) => !a.ok)).toEqual([]);
    const stored = await store.loadTable(t.code, 50);
    expect(stored?.chat.map((l) => l.id)).toEqual(Array.from({ length: 2 * CHATS }, (_, i) => i + 1));
    await t.spectator.waitFor(
      () => t.spectator.frames.filter((f) => f.event === "chat").length === 2 * CHATS,
    );
    const seen = t.spectator.frames.filter((f) => f.event === "chat").map((f) => (f.payload as ChatLine).id);
    expect(seen).toEqual(stored?.chat.map((l) => l.id));
  }, 60_000);
  it("a table its owner lost and took back at once still reaches the players on other processes", async () => {
    // Found by the rolling restart: the owner kept its record of another process's connection from
    // before, so the connection was never attached to the table's new copy and heard nothing more.
    const created = await createTable(cluster.any(), { seats: 3 });
    const owner = cluster.processes[0] as (typeof cluster.processes)[number];
    const elsewhere = cluster.processes[1] as (typeof cluster.processes)[number];
    // seat 0 connects to the owner first, so that process takes the table's lease
    const players = await seatOn(created, [owner.base, elsewhere.base, elsewhere.base]);
    const [host, watcher] = [players[0], players[1]] as [TestClient, TestClient];
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const lease = await db.query<{ owner: string }>(
        "select owner from table_owners where table_code = $1",
        [created.code],
      );
      expect(lease.rows[0]?.owner.split("-")[0]).toBe(String(owner.child.pid));
      expect((await host.emit("start", {})).ok).toBe(true);
      await watcher.waitFor(() => watcher.view !== null, 10_000, "the first view");
      await everyoneConnected(host, 0, "the owner to know the players on the other process");
      // The lease changes epoch under the owner (as when it expired and was taken back): the owner
      // drops its copy at its next renewal, and a command of its own player loads it again at once.
      const logged = owner.output.length;
      await db.query("update table_owners set epoch = epoch + 1 where table_code = $1", [created.code]);
      await until(
        "the owner to notice",
        () => owner.output.slice(logged).includes("lost a table's lease"),
        10_000,
        10,
      );
      const reloaded = host.frames.length;
      expect((await host.emit("chat", { text: "still here" })).ok).toBe(true);
      // The new copy knows the players on the other process once that process has reported them (the
      // bug: it never attached them, and once the copy stopped sending everywhere they heard nothing).
      await everyoneConnected(host, reloaded, "the players on the other process, in the table's new copy");
      const before = watcher.view?.version ?? -1;
      const push = host.view as NonNullable<typeof host.view>;
      const turn = push.view.awaiting[0] as number;
      const mover = players[turn] as TestClient;
      const moverView = mover.view as NonNullable<typeof mover.view>;
      const action = fallbackBot("lease-retaken").decide(moverView.view);
      expect((await mover.emit("action", { action, round: moverView.view.round, game: push.game })).ok).toBe(
        true,
      );
      await watcher.waitFor(
        () => (watcher.view?.version ?? -1) > before,
        5000,
        "the view after the move, on the other process",
      );
    } finally {
      await db.end();
    }
  }, 60_000);
  it("a table whose connections are all on its owner's process sends nothing through Redis", async () => {
    const owner = cluster.processes[0] as (typeof cluster.processes)[number];
    const created = await seatTable(owner.base, 3);
    const { clients: players, host } = created;
    clients.push(...players);
    // every message of the cluster's socket.io adapter that names this table
    const listener = new Redis(REDIS_URL);
    const crossed: string[] = [];
    listener.on("pmessage", (_pattern: string, _channel: string, message: string) => {
      if (message.includes(created.code)) crossed.push(message);
    });
    await listener.psubscribe(`${cluster.env.CLUSTER_NAME}:sio:*`);
    const marker = new Redis(REDIS_URL);
    let probes = 0;
    /** Whether a chat line crosses Redis; null when its speaker's chat budget is spent. */
    const chatStaysLocal = async (speakers: TestClient[]): Promise<boolean | null> => {
      const text = `probe ${probes}`;
      const speaker = speakers[probes++ % speakers.length] as TestClient;
      if (!(await speaker.emit("chat", { text })).ok) return null;
      // Redis delivers in the order it was told: a marker published after the line's ack arrives after
      // the line, had it crossed.
      const mark = `${created.code} marker ${probes}`;
      await marker.publish(`${cluster.env.CLUSTER_NAME}:sio:test-marker`, mark);
      await until("the marker", () => crossed.some((m) => m.includes(mark)), 5000);
      return !crossed.some((m) => m.includes(`"${text}"`));
    };
    try {
      expect((await host.emit("start", {})).ok).toBe(true);
      await host.waitFor(() => host.view !== null, 10_000, "the first view");
      // A newly loaded table sends everywhere until the other processes have had time to report their
      // connections: probe with chat lines until one stays on the owner's process.
      await until(
        "a chat line that stays on the owner's process",
        () => chatStaysLocal(players),
        15_000,
        300,
      );
      crossed.length = 0;
      const play = players.map((c, i) => autoplay(c, `local:${i}`, 20));
      const from = host.view?.version ?? 0;
      await host.waitFor(() => (host.view?.version ?? 0) >= from + 6, 20_000, "six moves");
      expect(crossed).toEqual([]);
      // a spectator on another process: the same table's pushes now go through Redis to reach it
      const watcher = client((cluster.processes[1] as (typeof cluster.processes)[number]).base);
      await watcher.attach(created.code);
      const now = host.view?.version ?? 0;
      await watcher.waitFor(
        () => (watcher.view?.version ?? 0) >= now + 3,
        20_000,
        "the spectator's views through Redis",
      );
      expect(crossed.length).toBeGreaterThan(0);
      for (const p of play) p.stop();
    } finally {
      listener.disconnect();
      marker.disconnect();
    }
  }, 60_000);

  it("a turn-based table across processes: more time through any process, your games from every process", async () => {
    const created = await createTable(cluster.any(), {
      game: "dreamers",
      seats: 2,
      deck: undefined,
      pace: { kind: "turnBased", moveHours: 24 },
    });
    const seated: Array<{ client: TestClient; token: string }> = [];
    for (const [i, process] of cluster.processes.slice(0, 2).entries()) {
      const host = i === 0 ? created.hostToken : undefined;
      const joined = await joinTable(process.base, created.code, i, host);
      const c = client(process.base);
      await c.attach(created.code, joined.token, host);
      seated.push({ client: c, token: joined.token });
    }
    const first = seated[0]?.client as TestClient;
    expect((await first.emit("start", {})).ok).toBe(true);
    await first.waitFor(() => first.view !== null);
    const before = first.view?.deadline as number;
    const mover = first.view?.view.awaiting[0] as number;
    const moving = seated[mover] as { client: TestClient; token: string };
    expect((await moving.client.emit("more_time", {})).ok).toBe(true);
    await moving.client.waitFor(
      () => moving.client.view?.deadline === before + 86_400_000,
      10_000,
      "more time",
    );
    expect((await moving.client.emit("more_time", {})).error?.code).toBe("turn/no_more_time");
    for (const process of cluster.processes) {
      const answer = await http<YourGamesResponse>(process.base, "POST", "/api/your-games", {
        seats: [{ code: created.code, token: moving.token }],
      });
      expect(answer.body.games).toEqual([
        expect.objectContaining({
          code: created.code,
          seat: mover,
          yourMove: true,
          deadline: before + 86_400_000,
        }),
      ]);
    }
  }, 60_000);
});
