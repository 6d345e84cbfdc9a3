/**
 * Calls when it is your move across a three-process cluster: a turn-based Dreamers table whose two seats
 * have push subscriptions and no page showing the table, played through sockets on different processes.
 * Its owner is killed with SIGKILL just after a move's reminder, and the adopter as it acknowledges a
 * move. What a local push service received and decrypted must be one call per turn per seat — none
 * doubled by the process that adopts the table, none missed — at most one reminder per move, and
 * nothing a player may not know. The processes run the test-clock server, all moved on together (a
 * move's hour passes in a moment; leases expire with it, so tables may change hands then too).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CLOCK_SERVER_ARGS } from "../scripts/build";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import { LocalPushService, type ReceivedPush } from "../src/push/local-push-service";
import { type ClusterProcess, startCluster, type TestCluster } from "./cluster-helpers";
import type { PushOf } from "./game-pushes";
import { createTable, http, joinTable, TestClient } from "./helpers";
import { until } from "./until";

const MINUTE = 60_000;
let service: LocalPushService;
let cluster: TestCluster;
let db: pg.Client;
const clients: TestClient[] = [];

beforeAll(async () => {
  service = await new LocalPushService().start();
  cluster = await startCluster(
    3,
    { PUSH_EXTRA_ORIGINS: service.origin },
    { nodeArgs: TEST_CLOCK_SERVER_ARGS },
  );
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
}, 120_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await db?.end();
  await cluster?.close();
  await service?.close();
});

const alive = () => cluster.processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);

/** Moves every live process's clock on by `ms` (they all started on the real time, so they stay together). */
async function advanceAll(ms: number): Promise<void> {
  await Promise.all(
    alive().map(
      (p) =>
        new Promise<void>((resolve) => {
          const answered = (chunk: Buffer) => {
            if (!/^clock \d+$/m.test(chunk.toString())) return;
            p.child.stdout?.off("data", answered);
            resolve();
          };
          p.child.stdout?.on("data", answered);
          p.child.stdin?.write(`advance ${ms}\n`);
        }),
    ),
  );
}

async function ownerOf(code: string): Promise<ClusterProcess | undefined> {
  const { rows } = await db.query<{ owner: string; expires_at: string }>(
    "select owner, expires_at from table_owners where table_code = $1",
    [code],
  );
  const pid = Number(rows[0]?.owner.split("-")[0]);
  return cluster.processes.find((p) => p.child.pid === pid);
}

function seatClient(base: string): TestClient {
  const client = new TestClient(base, { reconnection: true });
  clients.push(client);
  return client;
}

async function subscribe(base: string, code: string, token: string, seat: number): Promise<string> {
  const device = service.subscribe();
  const res = await http(base, "POST", "/api/push/subscriptions", {
    endpoint: device.endpoint,
    keys: device.keys,
    device: `cluster-push-seat-${seat}-${code}`.replace(/[^A-Za-z0-9_-]/g, "x"),
    lang: "en",
    live: false,
    seats: [{ code, token }],
  });
  expect(res.status, res.text).toBe(201);
  return device.endpoint;
}

type Push = PushOf<"dreamers">;

/**
 * The turns every seat was given, from every view any client received: a seat awaited in a phase it
 * plays itself (not the round's "ready"), one turn per move deadline — "seat@deadline".
 */
function turnsSeen(): Set<string> {
  const turns = new Set<string>();
  for (const client of clients)
    for (const frame of client.frames) {
      if (frame.event !== "view") continue;
      const push = frame.payload as Push;
      const phase = push.view.phase;
      if (phase === "round_over" || phase === "over") continue;
      for (const seat of push.view.awaiting) turns.add(`${seat}@${push.deadline}`);
    }
  return turns;
}

const isReminder = (r: ReceivedPush) => JSON.parse(r.payload).title.startsWith("Still your move");

describe("calls at a turn-based table whose owner dies", () => {
  it("are made once per turn per player, whatever process owns the table", async () => {
    const [p0, p1] = cluster.processes as [ClusterProcess, ClusterProcess, ClusterProcess];
    const table = await createTable(p0.base, {
      game: "dreamers",
      seats: 2,
      deck: undefined,
      pace: { kind: "turnBased", moveHours: 1 },
    });
    const code = table.code;
    const seats = [await joinTable(p0.base, code, 0, table.hostToken), await joinTable(p1.base, code, 1)];
    const endpoints = [
      await subscribe(p1.base, code, seats[0]?.token as string, 0),
      await subscribe(p0.base, code, seats[1]?.token as string, 1),
    ];
    // each seat's socket on another process; neither reports a visible page
    let players = [seatClient(p0.base), seatClient(p1.base)];
    await players[0]?.attach(code, seats[0]?.token, table.hostToken);
    await players[1]?.attach(code, seats[1]?.token);
    expect((await players[0]?.emit("start", {}))?.ok).toBe(true);
    const bots = [dreamersFallbackBot("c0"), dreamersFallbackBot("c1")];

    const calls = (seat: number, reminder: boolean) =>
      service.for(endpoints[seat] as string).filter((r) => isReminder(r) === reminder);
    const turnsOf = (seat: number) => [...turnsSeen()].filter((t) => t.startsWith(`${seat}@`));
    /** Waits for each seat's calls to catch up with its turns, then checks there are no more. */
    const callsMatchTurns = async (what: string) => {
      await until(
        `the calls ${what}`,
        async () => [0, 1].every((s) => calls(s, false).length >= turnsOf(s).length),
        20_000,
        20,
      );
      for (const s of [0, 1])
        expect(calls(s, false).length, `seat ${s}'s calls ${what}`).toBe(turnsOf(s).length);
    };

    const killed: ClusterProcess[] = [];
    /**
     * Kills `dead` (the owner); the seats' sockets go to the processes left, one each while there are
     * two. A turn-based table is adopted when asked for (or due): by the first process left a seat's
     * socket says hello to, once the dead owner's lease (3 s) has run out.
     */
    const kill = async (dead: ClusterProcess) => {
      killed.push(dead);
      for (const c of players) c.close();
      dead.child.kill("SIGKILL");
      await until("the owner's death", async () => dead.child.signalCode !== null, 10_000, 5);
      const left = alive();
      await advanceAll(4_000);
      players = [0, 1].map((seat) => seatClient((left[seat % left.length] as ClusterProcess).base));
      await players[0]?.attach(code, seats[0]?.token);
      await players[1]?.attach(code, seats[1]?.token);
      expect(left).toContain(await ownerOf(code));
    };

    let reminded = 0;
    /**
     * One move by an awaited seat, from its own view. `remind`: first let the move's time run down to
     * its reminder (at the first move that is not a round's "ready"), and with `killAfterReminder` kill
     * the owner then, the move not made yet; `killAfterMove`: kill the owner as soon as it has
     * acknowledged the move — before it may have made the next move's call.
     */
    const plan = { remind: false, killAfterReminder: false, killAfterMove: false };
    const move = async (): Promise<boolean> => {
      let watcher = players[0] as TestClient;
      await watcher.waitFor(() => watcher.view !== null);
      await watcher.flush();
      const push = watcher.view as unknown as Push;
      if (push.view.phase === "over") return false;
      await callsMatchTurns(`before version ${push.version + 1}`);
      const seat = push.view.awaiting[0] as number;
      if (plan.remind && push.view.phase !== "round_over") {
        plan.remind = false;
        const before = calls(seat, true).length;
        // a tenth of the hour is left after 54 minutes
        await advanceAll(55 * MINUTE);
        await until("the reminder", async () => calls(seat, true).length > before, 20_000, 20);
        reminded++;
        if (plan.killAfterReminder) {
          plan.killAfterReminder = false;
          await kill((await ownerOf(code)) as ClusterProcess);
          watcher = players[0] as TestClient;
        }
      }
      const client = players[seat] as TestClient;
      await client.waitFor(() => client.view?.version === push.version, 20_000, "the seat's view");
      const mine = client.view as unknown as Push;
      const action = bots[seat]?.decide(mine.view as never);
      const owner = plan.killAfterMove ? await ownerOf(code) : undefined;
      const ack = await client.emit("action", { action, round: mine.view.round, match: mine.match });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      if (owner) {
        plan.killAfterMove = false;
        await kill(owner);
        watcher = players[0] as TestClient;
      }
      await watcher.waitFor(() => (watcher.view?.version ?? 0) > push.version, 20_000, "the move");
      return true;
    };

    // a reminder on the first owner; the owner killed just after a move's reminder, that move made on
    // the adopter (which must not call or remind for it again); a reminder from the adopter; then the
    // adopter killed as it acknowledges a move, and the last process carries on
    let played = 0;
    for (let i = 0; i < 20; i++) {
      if (i === 2 || i === 6 || i === 10) plan.remind = true;
      if (i === 6) plan.killAfterReminder = true;
      if (i === 13) plan.killAfterMove = true;
      if (await move()) played++;
    }
    expect(killed).toHaveLength(2);
    expect(plan).toEqual({ remind: false, killAfterReminder: false, killAfterMove: false });
    expect(played).toBeGreaterThan(14);
    await callsMatchTurns("at the end");

    // each seat was called on every turn, and reminded at most once per move
    const reminders = [0, 1].flatMap((s) => calls(s, true));
    expect(reminded).toBe(3);
    expect(reminders.length).toBe(reminded);
    for (const s of [0, 1]) expect(turnsOf(s).length).toBeGreaterThan(2);

    // every call says whose move it is and the time left — the whole payload, so nothing hidden
    for (const received of service.received) {
      const payload = JSON.parse(received.payload);
      expect(Object.keys(payload).sort()).toEqual(["body", "lang", "tag", "title", "url", "v"]);
      expect(payload.title).toMatch(
        /^(Your move|Still your move) in Dreamers with P[01] — \d+ (h|min) left$/,
      );
      expect(payload).toMatchObject({ v: 1, body: "Open the table to play.", url: `/t/${code}`, lang: "en" });
      expect(received.urgency).toBe(isReminder(received) ? "high" : "normal");
      expect(received.ttl).toBeGreaterThanOrEqual(60);
    }
    // signed with the one VAPID pair the processes share
    expect(new Set(service.received.map((r) => r.vapidKey)).size).toBe(1);
    expect(service.refused).toEqual([]);
  }, 180_000);
});
