/**
 * How the cluster tests seat and start their tables, keep them playing match after match, and wait for
 * the last match's end once play stops.
 */
import pg from "pg";
import { expect } from "vitest";
import { ConsistentHash } from "../src/cluster/chash";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import { openPostgresStore } from "../src/store/postgres";
import type { Store } from "../src/store/types";
import { type ClusterProcess, startCluster, type TestCluster } from "./cluster-helpers";
import { type Game, matchOf, type PlayTable, pushOf } from "./failover-checks";
import { autoplay, createTable, joinTable, type TestClient } from "./helpers";
import { emitWhenAllowed } from "./until";

/** How long the host takes to press "play again" once shown the end of a match: a person, in real time. */
const HOST_REACTION_MS = 20;

/**
 * A table created at `base` and started: `humans` seats each with the client `connect` makes for it,
 * then `bots` bot seats. Every human seat plays itself (`autoplay`) but the last `sleepy` ones, which
 * never act (their turn timer plays them).
 */
export async function playTable(
  base: string,
  game: Game,
  humans: number,
  connect: (seat: number, code: string) => TestClient,
  options: { bots?: number; timer?: string; sleepy?: number } = {},
): Promise<PlayTable> {
  const bots = options.bots ?? 0;
  const created = await createTable(base, {
    seats: humans + bots,
    timer: options.timer ?? "off",
    ...(game === "dreamers" && { game, deck: undefined }),
  });
  const clients: TestClient[] = [];
  for (let i = 0; i < humans; i++) {
    const hostToken = i === 0 ? created.hostToken : undefined;
    const joined = await joinTable(base, created.code, i, hostToken);
    const c = connect(i, created.code);
    await c.attach(created.code, joined.token, hostToken);
    clients.push(c);
  }
  const host = clients[0] as TestClient;
  for (let b = 0; b < bots; b++) expect((await host.emit("add_bot", { seat: humans + b })).ok).toBe(true);
  const players = clients
    .slice(0, humans - (options.sleepy ?? 0))
    .map((c, i) =>
      autoplay(c, `${created.code}/${i}`, 15, game === "dreamers" ? dreamersFallbackBot : undefined),
    );
  expect(await host.emit("start", {})).toEqual({ ok: true });
  return { code: created.code, game, clients, host, players };
}

export const over = (c: TestClient) => pushOf(c)?.view.phase === "over";

/**
 * While `more()` holds, the host starts the next match whenever one ends: when shown the end, when its
 * hello on a new connection is answered (an up-to-date view is not sent again), and again after a
 * "play again" that did not start one. `settled` resolves once every request sent so far is answered
 * (or given up).
 */
export function keepPlaying(t: PlayTable, more: () => boolean): { settled(): Promise<unknown> } {
  const sent: Array<Promise<unknown>> = [];
  let asking = false;
  const next = () => {
    if (asking || !more() || !over(t.host)) return;
    asking = true;
    const asked = emitWhenAllowed(t.host, "play_again", {})
      .catch(() => undefined)
      .finally(() => {
        asking = false;
        setTimeout(next, HOST_REACTION_MS);
      });
    sent.push(asked);
  };
  t.host.socket.on("view", () => setTimeout(next, HOST_REACTION_MS));
  t.host.onRehello(next);
  return { settled: () => Promise.all(sent) };
}

/**
 * Every client of the table connected and shown the end of its last match, as the store has it (a
 * "play again" sent just before play stopped may start one more: the store is read again until it
 * stays the same).
 */
export async function lastMatchEnds(store: Store, t: PlayTable, timeoutMs: number): Promise<void> {
  for (;;) {
    const last = (await store.loadTable(t.code, 0))?.table.match ?? 0;
    await Promise.all(
      t.clients.map((c) =>
        c.waitFor(
          () => {
            const push = pushOf(c);
            return !!push && matchOf(push) === last && over(c) && c.socket.connected;
          },
          timeoutMs,
          `the end of ${t.code}'s match ${last}`,
        ),
      ),
    );
    if ((await store.loadTable(t.code, 0))?.table.match === last) return;
  }
}

/** Three processes behind nginx, with the routing ring, the cluster's store and a pool for direct queries. */
export interface RoutedCluster {
  cluster: TestCluster;
  ring: ConsistentHash;
  store: Store;
  db: pg.Pool;
  close(): Promise<void>;
}

export async function startRoutedCluster(env: Record<string, string>): Promise<RoutedCluster> {
  const cluster = await startCluster(
    3,
    { GRACE_SECONDS: "20", MAX_CONNECTIONS_PER_ADDRESS: "0", FAILED_HELLOS_PER_MINUTE: "0", ...env },
    { nginx: true },
  );
  const ring = new ConsistentHash((cluster.env.CLUSTER_PEERS as string).split(","));
  const store = await openPostgresStore(cluster.databaseUrl);
  const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  const close = async () => {
    await store.close();
    await db.end();
    await cluster.close();
  };
  return { cluster, ring, store, db, close };
}

/** A process's address as the ring names it. */
export const peerOf = (p: ClusterProcess) => `127.0.0.1:${p.port}`;
