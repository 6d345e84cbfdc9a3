/**
 * In a cluster a process serves a table from its cached copy only while it holds the table's lease
 * (`mayLoad`): a copy whose lease ran out may be older than what the table's next owner has stored, so
 * an operation on it is refused as a conflict (the cluster router then asks again who owns the table).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type RoomEmitter, roomBus } from "../src/bus";
import { systemClock } from "../src/clock";
import { loadStandardDecks } from "../src/deck";
import { DeckLibrary } from "../src/decks/library";
import { TableService } from "../src/service";
import { openSqliteStore } from "../src/store/sqlite";

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Nobody is connected: the bus's rooms are empty. */
const noSockets = {
  sockets: { adapter: { rooms: new Map() }, sockets: new Map() },
} as unknown as RoomEmitter;

describe("a cached table and its lease", () => {
  it("is served while the process holds the table's lease, and refused as a conflict once it does not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "firmament-cache-lease-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = await openSqliteStore(dir);
    cleanups.push(() => store.close());
    const [deck] = loadStandardDecks();
    if (!deck) throw new Error("no standard deck");
    let holding = true;
    const service = new TableService({
      store,
      bus: roomBus(noSockets),
      clock: systemClock,
      decks: new DeckLibrary(store, deck),
      log: pino({ level: "silent" }),
      mayLoad: () => holding,
    });
    cleanups.push(() => service.close());
    const created = await service.createTable(
      { game: "dreams", seats: 3, visibility: "private", timer: "off" },
      "http://localhost",
    );
    if (!created.ok) throw new Error(JSON.stringify(created));
    const code = created.value.code;
    expect((await service.tableInfoOf(code)).ok).toBe(true);
    expect(service.cache.cached(code)).toBeDefined();
    // the lease ran out (or went to another process): the copy in memory is not served
    holding = false;
    expect(await service.tableInfoOf(code)).toMatchObject({ ok: false, error: { code: "server/conflict" } });
    holding = true;
    expect((await service.tableInfoOf(code)).ok).toBe(true);
  });
});
