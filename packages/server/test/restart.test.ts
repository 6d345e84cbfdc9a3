/**
 * The restart test: the server process is killed with SIGKILL in the middle of rounds, restarted on
 * the same DATA_DIR and port, and every game must resume where it was — nothing lost, nothing doubled —
 * with the clients reconnecting by themselves and playing on to the end.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dreamers } from "@firmament/dreamers";
import { createGame, replay } from "@firmament/dreams";
import { replay as replayGame } from "@firmament/game-kit";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import { freePort, startProcess } from "./cluster-helpers";
import type { PushOf } from "./game-pushes";
import { autoplay, seatTable, type TestClient } from "./helpers";

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "firmament-restart-"));

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** The built server on the test's DATA_DIR, listening on `port`. */
async function startChild(port: number): Promise<ChildProcess> {
  const { child } = await startProcess(port, { DATA_DIR: dataDir });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess, signal: "SIGKILL" | "SIGTERM"): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/** The first view a client was sent from its `from`th frame on (after the restart). */
function firstViewAfter<V>(c: TestClient, from = 0): V | undefined {
  return c.frames.slice(from).find((f) => f.event === "view")?.payload as V | undefined;
}

/** Match 1's stored actions of a table, in version order. */
function storedActions(db: Database.Database, code: string): Array<{ version: number; action: string }> {
  return db
    .prepare("select version, action from actions where table_code = ? and match = 1 order by version")
    .all(code) as Array<{ version: number; action: string }>;
}

/** Every action acknowledged (there was at least one) is in the stored log at its version. */
function expectStored(acked: Array<{ version: number; action: unknown }>, rows: Array<{ action: string }>) {
  expect(acked.length).toBeGreaterThan(0);
  for (const a of acked) expect(JSON.parse(rows[a.version - 1]?.action ?? "null")).toEqual(a.action);
}

describe("restart", () => {
  it("kill -9 mid-round: every game resumes exactly where it was and plays to the end", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = await startChild(port);

    const tables = [
      await seatTable(base, 3, { reconnection: true }),
      await seatTable(base, 4, { reconnection: true }),
      await seatTable(base, 3, { bots: 2, reconnection: true }),
    ];
    const players = tables.map((t) => t.clients.map((c, i) => autoplay(c, `${t.code}/${i}`, 10)));
    for (const t of tables) expect((await t.host.emit("start", {})).ok).toBe(true);
    const all = tables.flatMap((t) => t.clients);
    // Into the game, but not at its end.
    await Promise.all(all.map((c) => c.waitFor(() => (c.view?.version ?? 0) >= 20, 60_000)));

    await stop(child, "SIGKILL");
    const before = new Map<TestClient, NonNullable<TestClient["view"]>>();
    for (const c of all) if (c.view) before.set(c, structuredClone(c.view));
    const ackedBefore = tables.map((_, ti) => players[ti]?.flatMap((p) => p.acks.slice()) ?? []);
    expect([...before.values()].some((v) => v.view.phase === "placing" || v.view.phase === "guessing")).toBe(
      true,
    );
    const framesBefore = all.map((c) => c.frames.length);

    child = await startChild(port);
    // The clients reconnect on their own, say hello again and play on to the end.
    await Promise.all(
      all.map((c) => c.waitFor(() => c.view?.view.phase === "over", 90_000, "game over after restart")),
    );
    for (const p of players.flat()) p.stop();

    for (const [i, c] of all.entries()) {
      const old = before.get(c);
      const firstAfter = firstViewAfter<NonNullable<TestClient["view"]>>(c, framesBefore[i]);
      if (!old || !firstAfter) throw new Error("missing views around the restart");
      // Nothing lost: the resumed game is at least where this client last saw it, with the same stars.
      expect(firstAfter.version).toBeGreaterThanOrEqual(old.version);
      if (firstAfter.view.round === old.view.round)
        expect(firstAfter.view.stars.slice(0, old.view.stars.length)).toEqual(old.view.stars);
      expect(firstAfter.view.scores.every((s, seat) => s >= (old.view.scores[seat] ?? 0))).toBe(true);
    }

    await stop(child, "SIGTERM");
    for (const c of all) c.close();

    const db = new Database(join(dataDir, "firmament.sqlite"), { readonly: true });
    try {
      for (const [ti, t] of tables.entries()) {
        const game = db.prepare("select * from games where table_code = ? and match = 1").get(t.code) as {
          seed: string;
          colours: string;
          deck: string;
        };
        const rows = storedActions(db, t.code);
        // Nothing doubled: versions run 1..N without a gap, and replaying them is legal throughout.
        expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
        const created = createGame({
          colours: JSON.parse(game.colours),
          deck: JSON.parse(game.deck),
          seed: game.seed,
        });
        if (!created.ok) throw new Error(created.error.message);
        const final = replay(
          created.value,
          rows.map((r) => JSON.parse(r.action)),
        );
        expect(final.ok && final.value.phase).toBe("over");
        // Every action acknowledged before the kill is in the log.
        expectStored(ackedBefore[ti] ?? [], rows);
        expect(t.clients[0]?.view?.version).toBe(rows.length);
        const status = db.prepare("select status from tables where code = ?").get(t.code) as {
          status: string;
        };
        expect(status.status).toBe("over");
      }
    } finally {
      db.close();
    }
  });

  it("kill -9 mid-round of Dreamers: both tables resume where they were and play to the end", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = await startChild(port);
    const tables = [
      await seatTable(base, 2, { table: dreamersTable, reconnection: true }),
      await seatTable(base, 1, { bots: 1, table: dreamersTable, reconnection: true }),
    ];
    const players = tables.map((t) =>
      t.clients.map((c, i) => autoplay(c, `${t.code}/${i}`, 10, dreamersFallbackBot)),
    );
    for (const t of tables) expect((await t.host.emit("start", {})).ok).toBe(true);
    const all = tables.flatMap((t) => t.clients);
    const dreamersView = (c: TestClient) => c.view as unknown as PushOf<"dreamers"> | null;
    await Promise.all(all.map((c) => c.waitFor(() => (c.view?.version ?? 0) >= 15, 60_000)));

    await stop(child, "SIGKILL");
    const before = new Map(all.map((c) => [c, structuredClone(dreamersView(c))]));
    const ackedBefore = players.map((ps) => ps.flatMap((p) => p.acks.slice()));
    const framesBefore = all.map((c) => c.frames.length);

    child = await startChild(port);
    await Promise.all(
      all.map((c) =>
        c.waitFor(() => dreamersView(c)?.view.phase === "over", 90_000, "game over after restart"),
      ),
    );
    for (const p of players.flat()) p.stop();
    for (const [i, c] of all.entries()) {
      const old = before.get(c);
      const firstAfter = firstViewAfter<PushOf<"dreamers">>(c, framesBefore[i]);
      if (!old || !firstAfter) throw new Error("missing views around the restart");
      // Nothing lost: where this client last was, with the same hand and history if still in that round.
      expect(firstAfter.version).toBeGreaterThanOrEqual(old.version);
      if (firstAfter.version === old.version) expect(firstAfter.view).toEqual(old.view);
      if (firstAfter.view.round === old.view.round)
        expect(firstAfter.view.history.slice(0, old.view.history.length)).toEqual(old.view.history);
    }
    await stop(child, "SIGTERM");
    for (const c of all) c.close();

    const db = new Database(join(dataDir, "firmament.sqlite"), { readonly: true });
    try {
      for (const [ti, t] of tables.entries()) {
        const match = db.prepare("select * from games where table_code = ? and match = 1").get(t.code) as {
          seed: string;
          kind: string;
          setup: string;
        };
        expect(match.kind).toBe("dreamers");
        const rows = storedActions(db, t.code);
        expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
        const created = dreamers.setup(JSON.parse(match.setup), match.seed);
        if (!created.ok) throw new Error(created.error.message);
        const final = replayGame(
          dreamers,
          created.value,
          rows.map((r) => JSON.parse(r.action)),
        );
        expect(final.ok && dreamers.outcome(final.value)).not.toBeNull();
        expectStored(ackedBefore[ti] ?? [], rows);
      }
    } finally {
      db.close();
    }
  });
});

const dreamersTable = { game: "dreamers", seats: 2, deck: undefined };
