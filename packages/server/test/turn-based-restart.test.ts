/**
 * Turn-based games across `kill -9`: the built server on a clock the test moves (days in a moment), a
 * 3-player Dreams and a Dreamers game played to the end by scripted players who let some moves run out.
 * Each deadline makes exactly one move for its seat, the deadline in force before the kill is the one
 * after the restart, and the stored log replays without a gap or a double.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_CLOCK_SERVER_ARGS } from "../scripts/build";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import { fallbackBot } from "../src/games/dreams-bot";
import { freePort, startProcess } from "./cluster-helpers";
import { createTable, joinTable, TestClient } from "./helpers";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-turn-based-"));
const DAY = 86_400_000;
let child: ChildProcess | null = null;

afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** The test-clock server process: started at `clockStart`, its clock moved by `advance`. */
class ClockServer {
  private lines: string[] = [];
  private waiting: Array<() => void> = [];
  now = 0;

  constructor(readonly process: ChildProcess) {
    let buffer = "";
    process.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      for (const line of parts) this.lines.push(line);
      for (const w of this.waiting.splice(0)) w();
    });
    process.on("exit", () => {
      for (const w of this.waiting.splice(0)) w();
    });
  }

  static async start(port: number, clockStart: number): Promise<ClockServer> {
    const { child: proc } = await startProcess(
      port,
      { DATA_DIR: dataDir, TEST_CLOCK_START: String(clockStart) },
      TEST_CLOCK_SERVER_ARGS,
    );
    child = proc;
    const server = new ClockServer(proc);
    await server.advance(0);
    return server;
  }

  /** Waits for a line of the process's output that matches (each output or the exit looks again). */
  async line(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const take = () => {
      const index = this.lines.findIndex((l) => pattern.test(l));
      return index >= 0 ? (this.lines.splice(index, 1)[0] as string) : null;
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line ${pattern}`)), timeoutMs);
      const look = () => {
        const found = take();
        if (found !== null) {
          clearTimeout(timer);
          resolve(found);
        } else if (this.process.exitCode !== null) {
          clearTimeout(timer);
          reject(new Error(`the server exited before ${pattern}`));
        } else this.waiting.push(look);
      };
      look();
    });
  }

  async advance(ms: number): Promise<void> {
    this.process.stdin?.write(`advance ${ms}\n`);
    this.now = Number((await this.line(/^clock \d+$/)).split(" ")[1]);
  }

  async kill(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once("exit", resolve));
    this.process.kill("SIGKILL");
    await exited;
  }
}

type Decider = { decide(view: never): unknown };
type Push = NonNullable<TestClient["view"]>;

/** One seat's move as its player's script would make it, from that seat's own view. */
async function play(client: TestClient, bot: Decider): Promise<void> {
  const push = client.view as Push;
  const action = bot.decide(push.view as never);
  const ack = await client.emit("action", { action, round: push.view.round, match: push.match });
  if (!ack.ok) throw new Error(`refused: ${JSON.stringify(ack)}`);
}

/**
 * Plays a turn-based table to the end: whenever one seat alone is awaited and its last move was its
 * own, every third time the script lets its day run out instead; `killAt`: after that many timeouts the
 * server is killed and started again on the same clock.
 */
async function playToEnd(
  server: { current: ClockServer; restart: () => Promise<void> },
  clients: TestClient[],
  bots: Decider[],
  killAt: number,
): Promise<{ timeouts: number; code: string }> {
  let timeouts = 0;
  let decisions = 0;
  const ranOut = new Set<number>();
  const watcher = clients[0] as TestClient;
  for (let step = 0; step < 400; step++) {
    await watcher.waitFor(() => watcher.view !== null);
    const push = watcher.view as Push;
    if (push.view.phase === "over") return { timeouts, code: watcher.hello?.code ?? "" };
    const awaiting = push.view.awaiting;
    const only = awaiting.length === 1 ? (awaiting[0] as number) : null;
    if (only !== null && !ranOut.has(only) && ++decisions % 3 === 0) {
      const deadline = push.deadline as number;
      expect(deadline).toBeGreaterThan(server.current.now);
      // a minute before the deadline (the test's clock runs in real time between its jumps)
      await server.current.advance(deadline - server.current.now - 60_000);
      await watcher.flush();
      // nothing is made for the seat before its deadline
      expect(watcher.view?.version, `${push.view.phase}, awaiting ${awaiting}`).toBe(push.version);
      await server.current.advance(60_000);
      await watcher.waitFor(
        () => (watcher.view?.version ?? 0) >= push.version + 1,
        10_000,
        "the timeout's move",
      );
      // exactly one move: the next one waits for its own player, a day away
      await watcher.flush();
      expect(watcher.view?.version).toBe(push.version + 1);
      ranOut.add(only);
      timeouts++;
      if (timeouts === killAt) {
        const before = watcher.view as Push;
        const seen = clients.map((c) => c.view);
        await server.restart();
        // every client is back: it said hello again and was sent its view
        await Promise.all(
          clients.map((c, i) => c.waitFor(() => c.view !== seen[i], 30_000, "back after the restart")),
        );
        // the deadline in force before the kill is the deadline after it
        expect(watcher.view?.version).toBe(before.version);
        expect(watcher.view?.deadline).toBe(before.deadline);
      }
      continue;
    }
    const version = push.version;
    for (const seat of awaiting) {
      ranOut.delete(seat);
      const client = clients[seat] as TestClient;
      await client.waitFor(() => client.view?.version === version, 10_000, "the seat's view");
      await play(client, bots[seat] as Decider);
      // a day for people: each move a while after the last
      await server.current.advance(60_000);
      break;
    }
    await watcher.waitFor(() => (watcher.view?.version ?? 0) > version, 10_000, "the move");
  }
  throw new Error("the game did not end");
}

async function seatTurnBased(base: string, game: "dreams" | "dreamers", seats: number) {
  const table = await createTable(base, {
    game,
    seats,
    ...(game === "dreamers" && { deck: undefined }),
    pace: { kind: "turnBased", moveHours: 24 },
  });
  const clients: TestClient[] = [];
  for (let i = 0; i < seats; i++) {
    const joined = await joinTable(base, table.code, i, i === 0 ? table.hostToken : undefined);
    const client = new TestClient(base, { reconnection: true });
    await client.attach(table.code, joined.token, i === 0 ? table.hostToken : undefined);
    clients.push(client);
  }
  expect((await (clients[0] as TestClient).emit("start", {})).ok).toBe(true);
  return { code: table.code, clients };
}

describe("turn-based games through kill -9", () => {
  it("play a 3-player Dreams and a Dreamers game to the end, each deadline firing once", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = {
      current: await ClockServer.start(port, Date.UTC(2026, 10, 2, 8)),
      async restart() {
        const at = this.current.now;
        await this.current.kill();
        this.current = await ClockServer.start(port, at);
      },
    };
    const dreams = await seatTurnBased(base, "dreams", 3);
    const dreamsBots = [0, 1, 2].map((i) => fallbackBot(`d${i}`));
    const a = await playToEnd(server, dreams.clients, dreamsBots, 2);
    const dreamers = await seatTurnBased(base, "dreamers", 2);
    const dreamersBots = [0, 1].map((i) => dreamersFallbackBot(`r${i}`));
    const b = await playToEnd(server, dreamers.clients, dreamersBots, 2);
    expect(a.timeouts).toBeGreaterThan(3);
    expect(b.timeouts).toBeGreaterThan(3);
    for (const c of [...dreams.clients, ...dreamers.clients]) c.close();
    await server.current.kill();

    const db = new Database(join(dataDir, "firmament.sqlite"), { readonly: true });
    try {
      for (const code of [dreams.code, dreamers.code]) {
        const rows = db
          .prepare("select version from actions where table_code = ? and match = 1 order by version")
          .all(code) as Array<{ version: number }>;
        // nothing lost, nothing doubled
        expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
        const status = db.prepare("select status, move_ms from tables where code = ?").get(code);
        expect(status).toEqual({ status: "over", move_ms: DAY });
      }
    } finally {
      db.close();
    }
  });
});
