/**
 * A turn-based table in a three-process cluster whose owner is killed with SIGKILL: the process that
 * adopts it keeps the move's deadline (it does not give the player a fresh turn) and makes the move
 * once, when the deadline passes — and the next move's deadline runs from then. Moves of an hour are
 * 7.2 s here (TIMER_SCALE), so the test runs on the processes' own clocks.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClusterProcess, startCluster, type TestCluster } from "./cluster-helpers";
import { createTable, joinTable, TestClient } from "./helpers";
import { until } from "./until";

const MOVE_MS = 3_600_000 * 0.002;
let cluster: TestCluster;
let db: pg.Client;
const clients: TestClient[] = [];

beforeAll(async () => {
  cluster = await startCluster(3, { TIMER_SCALE: "0.002", GRACE_SECONDS: "1" });
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
}, 120_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await db?.end();
  await cluster?.close();
});

async function ownerOf(code: string): Promise<ClusterProcess> {
  const { rows } = await db.query<{ owner: string }>("select owner from table_owners where table_code = $1", [
    code,
  ]);
  const pid = Number(rows[0]?.owner.split("-")[0]);
  const proc = cluster.processes.find((p) => p.child.pid === pid);
  if (!proc) throw new Error(`no owner for ${code}`);
  return proc;
}

const actions = async (code: string) =>
  (
    await db.query<{ version: number; at: string }>(
      "select version, at from actions where table_code = $1 and match = 1 order by version",
      [code],
    )
  ).rows.map((r) => ({ version: r.version, at: Number(r.at) }));

describe("a turn-based table whose owner dies", () => {
  it("keeps its deadline on the process that adopts it, and each deadline makes one move", async () => {
    const base = cluster.any();
    const table = await createTable(base, {
      game: "dreamers",
      seats: 2,
      deck: undefined,
      pace: { kind: "turnBased", moveHours: 1 },
    });
    const host = await joinTable(base, table.code, 0, table.hostToken);
    await joinTable(base, table.code, 1);
    const starter = new TestClient(base);
    clients.push(starter);
    await starter.attach(table.code, host.token, table.hostToken);
    expect((await starter.emit("start", {})).ok).toBe(true);
    await starter.waitFor(() => starter.view !== null);
    const firstDeadline = starter.view?.deadline as number;
    starter.close();

    // A spectator on a process that survives, then the owner is killed well before the deadline.
    const owner = await ownerOf(table.code);
    const survivor = cluster.processes.find((p) => p !== owner) as ClusterProcess;
    const watcher = new TestClient(survivor.base, { reconnection: true });
    clients.push(watcher);
    await watcher.attach(table.code);
    owner.child.kill("SIGKILL");

    // The first move is made once, at the first deadline — not before, not a fresh turn later.
    await until("the first timeout", async () => (await actions(table.code)).length >= 1, 30_000, 100);
    const [first] = await actions(table.code);
    expect(first?.version).toBe(1);
    expect(first?.at).toBeGreaterThanOrEqual(firstDeadline);
    expect(first?.at).toBeLessThan(firstDeadline + MOVE_MS / 2);

    // The next move's deadline runs from the first one: one move, a move's time later.
    await until("the second timeout", async () => (await actions(table.code)).length >= 2, 30_000, 100);
    const [, second] = await actions(table.code);
    expect(second?.version).toBe(2);
    expect(second?.at).toBeGreaterThanOrEqual((first?.at ?? 0) + MOVE_MS);
    const done = await actions(table.code);
    expect(done.map((a) => a.version)).toEqual(done.map((_, i) => i + 1));
  }, 90_000);
});
