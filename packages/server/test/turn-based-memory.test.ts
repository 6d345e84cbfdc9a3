/**
 * Turn-based tables out of memory, on a manual clock: a table in play leaves memory once its clients
 * have gone and nothing of it is due soon; its stored due time (`due_at`) brings it back through the
 * due sweep for its reminder and for its deadline, whose move is made once; a client's `hello` brings
 * it back at any time.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import type { TurnCalls } from "../src/turn-calls";
import { eventually, seatTable, startTestServer, TestClient } from "./helpers";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 3, 9, 0, 0);
/** The due sweep's and the idle sweep's periods (their defaults), and how long a resting table stays. */
const SWEEP_MS = 30_000;
const LEAVE_AFTER_MS = 60_000;

class RecordingCalls implements TurnCalls {
  readonly started: Array<{ table: string; seat: number }> = [];
  readonly reminders: Array<{ table: string; seat: number }> = [];
  moveStarted(table: string, seat: number): void {
    this.started.push({ table, seat });
  }
  reminder(table: string, seat: number): void {
    this.reminders.push({ table, seat });
  }
}

const clock = new ManualClock(START);
const calls = new RecordingCalls();
let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  env = await startTestServer({ clock, turnCalls: calls, botDelayMs: 0, graceMs: 1000 });
});
afterAll(async () => {
  await env?.close();
});

/** What the store holds for the table: its due time and how many actions its first match has. */
async function stored(code: string): Promise<{ dueAt: number | null; actions: number }> {
  const dueSql = "select due_at from tables where code = $1";
  const countSql = "select count(*) as n from actions where table_code = $1 and match = 1";
  if (env.postgres) {
    const client = new pg.Client({ connectionString: env.postgres.url });
    await client.connect();
    try {
      const due = (await client.query(dueSql, [code])).rows[0]?.due_at;
      const n = (await client.query(countSql, [code])).rows[0]?.n;
      return { dueAt: due == null ? null : Number(due), actions: Number(n) };
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(env.dataDir, "firmament.sqlite"), { readonly: true });
  try {
    const due = db.prepare(dueSql.replace("$1", "?")).get(code) as { due_at: number | null };
    const n = db.prepare(countSql.replace("$1", "?")).get(code) as { n: number };
    return { dueAt: due.due_at, actions: n.n };
  } finally {
    db.close();
  }
}

const inMemory = (code: string) => env.server.service.cache.cached(code) !== undefined;

/** Moves the clock on in sweep-sized steps until the table has left memory (at most `maxMs`). */
async function untilOutOfMemory(code: string, maxMs = 10 * 60_000): Promise<void> {
  for (let moved = 0; moved <= maxMs; moved += SWEEP_MS) {
    // the clock moves on only once the table's clients are gone and what it was doing is stored
    const table = () => env.server.service.cache.cached(code);
    await eventually(() => (table()?.busy ?? 0) === 0 && (table()?.conns.size ?? 0) === 0, "at rest");
    if (!inMemory(code)) return;
    clock.advance(SWEEP_MS);
  }
  throw new Error(`table ${code} stayed in memory`);
}

describe("a turn-based table out of memory", () => {
  it("leaves with its clients, comes back for its reminder and its deadline (one move), and for a hello", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 3, {
      table: { pace: { kind: "turnBased", moveHours: 12 }, timer: "off" },
    });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const startedAt = clock.now();
    const deadline = startedAt + 12 * HOUR;
    const reminderAt = deadline - 1.2 * HOUR;
    // stored with the match's start: the first move's reminder
    expect((await stored(t.code)).dueAt).toBe(reminderAt);

    for (const c of t.clients) c.close();
    await untilOutOfMemory(t.code);
    expect(clock.now() - startedAt).toBeGreaterThanOrEqual(LEAVE_AFTER_MS);

    // nothing brings it back before its due time
    clock.advance(reminderAt - clock.now() - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(inMemory(t.code)).toBe(false);
    expect(calls.reminders.filter((r) => r.table === t.code)).toEqual([]);

    // the sweep finds it due: the reminder goes, once, and the stored due time is now the deadline
    clock.advance(SWEEP_MS);
    await eventually(() => calls.reminders.some((r) => r.table === t.code), "the reminder");
    await eventually(async () => (await stored(t.code)).dueAt === deadline, "the deadline stored");
    await untilOutOfMemory(t.code);
    expect(calls.reminders.filter((r) => r.table === t.code)).toHaveLength(1);
    expect((await stored(t.code)).actions).toBe(0);

    // the deadline: brought back by the sweep, the move is made for the seat once
    clock.advance(deadline - clock.now() + SWEEP_MS);
    await eventually(async () => (await stored(t.code)).actions === 1, "the move at the deadline");
    const afterMove = clock.now();
    await eventually(async () => (await stored(t.code)).dueAt !== deadline, "the next move's due time");
    const next = await stored(t.code);
    expect(next.dueAt).toBeGreaterThan(afterMove);
    expect(next.dueAt).toBeLessThanOrEqual(afterMove + 12 * HOUR);
    await untilOutOfMemory(t.code);
    // a second sweep past the same deadline makes nothing more
    clock.advance(2 * SWEEP_MS);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await stored(t.code)).actions).toBe(1);
    expect(inMemory(t.code)).toBe(false);

    // a player coming back brings the table back as it stands
    const back = new TestClient(base);
    const hello = await back.attach(t.code, t.tokens[1], undefined);
    expect(hello).toBeTruthy();
    await back.waitFor(() => back.view?.version === 1, 5000, "the view after the move");
    expect(inMemory(t.code)).toBe(true);
    // what was stored is the reminder of the deadline it is shown
    expect(next.dueAt).toBe((back.view?.deadline as number) - 1.2 * HOUR);
    back.close();
  });
});

describe("a restart", () => {
  it("loads no turn-based table in play; the due sweep brings one back at its deadline", async () => {
    const before = new ManualClock(START);
    const first = await startTestServer({ clock: before, botDelayMs: 0 });
    const t = await seatTable(first.server.url, 2, {
      table: { game: "dreamers", seats: 2, deck: undefined, pace: { kind: "turnBased", moveHours: 1 } },
    });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view !== null);
    const deadline = t.host.view?.deadline as number;
    for (const c of t.clients) c.close();
    await first.server.close();

    const after = new ManualClock(before.now());
    const second = await startTestServer({ clock: after, botDelayMs: 0, sameDataAs: first });
    try {
      const cached = () => second.server.service.cache.cached(t.code);
      await new Promise((resolve) => setImmediate(resolve));
      expect(cached()).toBeUndefined();
      // loaded for its reminder with no move made; past the deadline the move is made
      after.advance(deadline - after.now() - 1);
      await eventually(() => cached() !== undefined && cached()?.busy === 0, "loaded for the reminder");
      expect(cached()?.match?.version).toBe(0);
      after.advance(SWEEP_MS + 1);
      await eventually(() => cached()?.match?.version === 1, "the move made at the deadline");
    } finally {
      await second.close();
    }
  });
});
