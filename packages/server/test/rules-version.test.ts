/**
 * A game stored under other rules (another engine RULES_VERSION) is never replayed: replaying its seed
 * and actions under new rules would deal other cards, another vision and another mortal mid-game.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { RULES_VERSION } from "@firmament/dreams";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { http, seatTable, startTestServer } from "./helpers";

describe("a game stored under another rules version", () => {
  it("is refused with table/rules_changed after a restart, not replayed", async () => {
    const first = await startTestServer();
    const { dataDir } = first;
    const table = await seatTable(first.server.url, 1, { bots: 2 });
    expect((await table.host.emit("start", {})).ok).toBe(true);
    for (const client of table.clients) client.close();
    await first.server.close();

    if (first.postgres) {
      const db = new pg.Client({ connectionString: first.postgres.url });
      await db.connect();
      const stored = await db.query("select rules from games where table_code = $1", [table.code]);
      expect(stored.rows).toEqual([{ rules: RULES_VERSION }]);
      await db.query("update games set rules = $1 where table_code = $2", [RULES_VERSION - 1, table.code]);
      await db.end();
    } else {
      const db = new Database(join(dataDir, "firmament.sqlite"));
      const stored = db.prepare("select rules from games where table_code = ?").get(table.code);
      expect(stored).toEqual({ rules: RULES_VERSION });
      db.prepare("update games set rules = ? where table_code = ?").run(RULES_VERSION - 1, table.code);
      db.close();
    }

    const second = await startTestServer({ sameDataAs: first });
    try {
      const info = await http<{ error?: { code: string } }>(
        second.server.url,
        "GET",
        `/api/tables/${table.code}`,
      );
      expect(info.status).toBe(410);
      expect(info.body.error?.code).toBe("table/rules_changed");
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
