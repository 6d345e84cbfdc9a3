/**
 * Upgrading a database made before tables hosted more than one game (migration 0005): every stored
 * Dreams match keeps its seed, colours, deck and actions, is named a `dreams` match with its setup, and
 * replays to the same game — on SQLite and on PostgreSQL (the machine's, on 127.0.0.1:5432). The
 * same upgrade carries its chat lines, seats and actions through 0015 and 0016 (request ids), which
 * have none.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../src/store/migrations";
import { openPostgresStore } from "../src/store/postgres";
import { openSqliteStore } from "../src/store/sqlite";
import type { Store } from "../src/store/types";
import { freshDatabase } from "./cluster-helpers";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const COLOURS = ["red", "blue", "green"];
const DECK = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"];

/** Brings a fresh database to the schema before 0005 and stores one table with a match in progress there. */
async function oldDatabase(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo("0004_rules_version");
  if (error) throw error;
  const config = JSON.stringify({
    game: "dreams",
    seats: 3,
    visibility: "private",
    timer: "off",
    deck: "standard",
  });
  await sql`insert into tables (code, config, host_token_hash, visibility, status, game, host_seat, created_at)
    values ('OLDTBL', ${config}, ${"h".repeat(64)}, 'private', 'playing', 1, 0, 1000)`.execute(db);
  for (const [seat, colour] of COLOURS.entries())
    await sql`insert into seats (table_code, seat, colour, name, kind, level, token_hash)
      values ('OLDTBL', ${seat}, ${colour}, ${`P${seat}`}, 'bot', 'hard', null)`.execute(db);
  await sql`insert into games (table_code, game, seed, colours, deck, started_at, finished_at, rules)
    values ('OLDTBL', 1, ${"ab".repeat(32)}, ${JSON.stringify(COLOURS)}, ${JSON.stringify(DECK)}, 1000, null, 1)`.execute(
    db,
  );
  await sql`insert into actions (table_code, game, version, action, at)
    values ('OLDTBL', 1, 1, ${JSON.stringify({ type: "ready", seat: 0 })}, 2000)`.execute(db);
  for (const id of [1, 2])
    await sql`insert into chat (table_code, id, seat, name, colour, text, at)
      values ('OLDTBL', ${id}, 0, 'P0', 'red', ${`line ${id}`}, ${2000 + id})`.execute(db);
}

async function expectUpgraded(store: Store): Promise<void> {
  const loaded = await store.loadTable("OLDTBL", 10);
  expect(loaded?.table).toMatchObject({ code: "OLDTBL", status: "playing", match: 1 });
  expect(loaded?.current?.match).toEqual({
    match: 1,
    kind: "dreams",
    seed: "ab".repeat(32),
    colours: COLOURS,
    deck: DECK,
    setup: { colours: COLOURS, deck: DECK },
    rules: 1,
    startedAt: 1000,
    finishedAt: null,
  });
  expect(loaded?.current?.actions).toEqual([{ version: 1, action: { type: "ready", seat: 0 }, at: 2000 }]);
  expect(await store.listPlaying()).toEqual(["OLDTBL"]);
  expect(loaded?.seats.map((s) => s.requestId)).toEqual([undefined, undefined, undefined]);
  expect(loaded?.chat.map((c) => [c.id, c.requestId])).toEqual([
    [1, undefined],
    [2, undefined],
  ]);
  // the lines stored before have no request id, and do not stand in the way of those that do
  const line = (id: number) => ({
    id,
    seat: 0,
    name: "P0",
    colour: "red",
    text: "again",
    at: 3000,
    requestId: "r",
  });
  expect(await store.addChat("OLDTBL", line(3), 10)).toBe(true);
  expect(await store.addChat("OLDTBL", line(4), 10)).toBe(false);
  // the actions stored before have none; those stored after keep theirs
  const forwarded = { version: 2, action: { type: "ready", seat: 1 }, at: 3001, requestId: "r" };
  await store.appendAction("OLDTBL", 1, forwarded, null);
  expect((await store.loadMatch("OLDTBL", 1))?.actions).toEqual([
    { version: 1, action: { type: "ready", seat: 0 }, at: 2000 },
    forwarded,
  ]);
}

describe("migration 0005 (game kinds)", () => {
  it("upgrades a SQLite database in place", async () => {
    const dir = mkdtempSync(join(tmpdir(), "firmament-migrate-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const sqlite = new Database(join(dir, "firmament.sqlite"));
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    await oldDatabase(db);
    await db.destroy();
    const store = await openSqliteStore(dir);
    await expectUpgraded(store);
    await store.close();
  });

  it("upgrades a PostgreSQL database in place", async () => {
    const fresh = await freshDatabase();
    cleanups.push(() => fresh.drop());
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: fresh.url, max: 2 }) }),
    });
    await oldDatabase(db);
    await db.destroy();
    const store = await openPostgresStore(fresh.url);
    await expectUpgraded(store);
    await store.close();
  });
});
