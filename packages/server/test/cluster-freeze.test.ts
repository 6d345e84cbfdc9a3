/**
 * A frozen process: three processes behind nginx (the shipped configuration; the test fails if nginx is
 * not installed). The owner of some tables is stopped with SIGSTOP for 8 s — alive to the kernel and
 * to Redis, silent to everyone — then woken with SIGCONT. Its tables are adopted by another process
 * within the lease time; clients reaching the cluster through the other processes play on meanwhile;
 * the clients held by the frozen process carry on once it wakes, and its tables are handed back to it.
 * The woken process applies and sends nothing stale: every acknowledged action is stored once, every view a client was sent is what the
 * stored log replays to, and no connection is sent a view older than one it had.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsistentHash } from "../src/cluster/chash";
import type { Store } from "../src/store/types";
import type { ClusterProcess, TestCluster } from "./cluster-helpers";
import {
  keepPlaying,
  lastMatchEnds,
  over,
  peerOf,
  type RoutedCluster,
  startRoutedCluster,
} from "./cluster-play";
import { type PlayTable, pushOf, verify, versionsBackwards } from "./failover-checks";
import { autoplay, createTable, joinTable, TestClient } from "./helpers";
import { until } from "./until";

const FROZEN_MS = 8000;
/** The lease time of the processes (LEASE_TTL_MS), and their renewal period. */
const LEASE_MS = 3000;
const PERIOD_MS = 1000;

let routed: RoutedCluster;
let cluster: TestCluster;
let store: Store;
let db: pg.Pool;
let ring: ConsistentHash;
const clients: TestClient[] = [];

beforeAll(async () => {
  routed = await startRoutedCluster({});
  ({ cluster, store, db, ring } = routed);
}, 120_000);
afterAll(async () => {
  for (const c of clients) c.close();
  for (const p of cluster?.processes ?? []) p.child.kill("SIGCONT");
  await routed?.close();
});

/** Waits until `process` holds the lease of every one of `tables`. */
async function ownedBy(process: ClusterProcess, tables: PlayTable[], what: string): Promise<void> {
  await until(
    what,
    async () => {
      const pids = await Promise.all(tables.map((t) => ownerPid(t.code)));
      return pids.every((pid) => pid === process.child.pid);
    },
    15_000,
    200,
  );
}

/** The pid of the process holding a table's lease now; null while nobody holds it. */
async function ownerPid(code: string): Promise<number | null> {
  const { rows } = await db.query<{ owner: string; expires_at: string }>(
    "select owner, expires_at from table_owners where table_code = $1",
    [code],
  );
  const row = rows[0];
  return row && Number(row.expires_at) > Date.now() ? Number(row.owner.split("-")[0]) : null;
}

/** A new table's code routed by nginx to `peer` (tables are created until one is). */
async function tableRoutedTo(peer: string) {
  for (;;) {
    const created = await createTable(cluster.front as string, { seats: 3, timer: "off" });
    if (ring.pick(created.code) === peer) return created;
  }
}

/**
 * A table routed to (and so owned by) `owner`, its three players connected through nginx under the
 * routing key `via`: the table's own code sends them to its owner, as the web client does; another
 * table's code sends them to that table's process, as clients spread over the processes are.
 */
async function playTable(owner: string, via: (code: string) => string): Promise<PlayTable> {
  const base = cluster.front as string;
  const created = await tableRoutedTo(owner);
  const seated: TestClient[] = [];
  for (let i = 0; i < 3; i++) {
    const hostToken = i === 0 ? created.hostToken : undefined;
    const joined = await joinTable(base, created.code, i, hostToken);
    const c = new TestClient(`${base}/?table=${via(created.code)}`, { reconnection: true });
    clients.push(c);
    await c.attach(created.code, joined.token, hostToken);
    seated.push(c);
  }
  const host = seated[0] as TestClient;
  const players = seated.map((c, i) => autoplay(c, `${created.code}/${i}`, 15));
  expect(await host.emit("start", {})).toEqual({ ok: true });
  return { code: created.code, game: "dreams", clients: seated, host, players };
}

const versionOf = (c: TestClient) => pushOf(c)?.version ?? 0;

describe("a frozen process (SIGSTOP, then SIGCONT) behind nginx", () => {
  it("its tables are adopted within the lease time, play goes on, and once woken it applies and sends nothing stale", async () => {
    const [frozen, other] = cluster.processes as [ClusterProcess, ClusterProcess];
    const otherTable = await tableRoutedTo(peerOf(other));
    // tables the frozen process owns: two whose clients come in through another process, one whose
    // clients it holds itself
    const elsewhere = [
      await playTable(peerOf(frozen), () => otherTable.code),
      await playTable(peerOf(frozen), () => otherTable.code),
    ];
    const held = await playTable(peerOf(frozen), (code) => code);
    const tables = [...elsewhere, held];
    let playing = true;
    const keepers = tables.map((t) => keepPlaying(t, () => playing));
    await Promise.all(tables.map((t) => t.host.waitFor(() => versionOf(t.host) >= 3, 30_000)));
    await ownedBy(frozen, tables, "every table owned by the process to be frozen");

    const frozenAt = Date.now();
    frozen.child.kill("SIGSTOP");
    const woken = new Promise<void>((resolve) =>
      setTimeout(() => {
        frozen.child.kill("SIGCONT");
        resolve();
      }, FROZEN_MS),
    );
    // adopted by another process once the frozen one's leases have run out (its last renewal was at most
    // a period before the freeze) and it has been found silent (its beat, refreshed in the same period,
    // lasts as long as a lease and is missed at two checks), at the next adoption round
    await until(
      "the frozen process's tables adopted",
      async () => {
        const pids = await Promise.all(tables.map((t) => ownerPid(t.code)));
        return pids.every((pid) => pid !== null && pid !== frozen.child.pid);
      },
      FROZEN_MS - 500,
      100,
    );
    const adoptedMs = Date.now() - frozenAt;
    expect(adoptedMs).toBeLessThanOrEqual(LEASE_MS + 3 * PERIOD_MS);
    // the clients that come in through another process play on while it is still frozen
    const atAdoption = new Map(elsewhere.map((t) => [t.code, versionOf(t.host)]));
    await Promise.all(
      elsewhere.map((t) =>
        t.host.waitFor(
          () => versionOf(t.host) >= (atAdoption.get(t.code) ?? 0) + 3 || over(t.host),
          FROZEN_MS,
          `${t.code} played on while its owner was frozen`,
        ),
      ),
    );
    const playedFrozen = Date.now() - frozenAt;
    expect(playedFrozen).toBeLessThan(FROZEN_MS);

    // woken: the clients it held carry on, and every table plays on
    await woken;
    const atWake = new Map(tables.map((t) => [t.code, versionOf(t.host)]));
    await Promise.all(
      tables.map((t) =>
        t.host.waitFor(
          () => versionOf(t.host) >= (atWake.get(t.code) ?? 0) + 3 || over(t.host),
          20_000,
          `${t.code} played on after the wake`,
        ),
      ),
    );
    // …and once it has been up again for a while, its tables are handed back to it (it is their routed process)
    await ownedBy(frozen, tables, "the tables handed back to the woken process");
    const handedBackMs = Date.now() - frozenAt - FROZEN_MS;
    console.log(
      `frozen process: its tables adopted ${adoptedMs} ms after SIGSTOP, played on by ${playedFrozen} ms, handed back ${handedBackMs} ms after SIGCONT`,
    );

    playing = false;
    await Promise.all(keepers.map((k) => k.settled()));
    await Promise.all(tables.map((t) => lastMatchEnds(store, t, 60_000)));
    for (const t of tables) for (const p of t.players) p.stop();
    const checked = await verify(store, tables, [], () => undefined);
    expect(checked.actionsCompared).toBeGreaterThan(50);
    expect(versionsBackwards(tables)).toEqual([]);
  }, 120_000);
});
