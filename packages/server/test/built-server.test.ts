/**
 * The built server (`npm run build:server` → packages/server/dist), run with plain `node` as `npm start`
 * runs it: everything found from the bundle's place that the sources found from their own — the web
 * client, the standard deck's and the Dreamers faces' images, the SQLite store's worker thread — and no
 * TypeScript loader anywhere in it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_SERVER_ARGS, DIST } from "../scripts/build";
import { freePort } from "./cluster-helpers";
import { createTable, http, joinTable, TestClient } from "./helpers";
import { until } from "./until";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-built-"));
let child: ChildProcess;
let base: string;
let output = "";

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, BUILT_SERVER_ARGS, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (c: Buffer) => (output += c));
  await until(
    "the built server to listen",
    () => output.includes("listening on") || child.exitCode !== null,
    60_000,
  );
  expect(child.exitCode, output).toBeNull();
});

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the built server", () => {
  it("is plain JavaScript: no bundle imports TypeScript or tsx", () => {
    const bundles = readdirSync(DIST).filter((file) => file.endsWith(".js"));
    expect(bundles).toEqual(
      expect.arrayContaining(["main.js", "start-cluster.js", "sqlite-worker.js", "deck-worker.js"]),
    );
    for (const file of bundles) {
      const imported = [...readFileSync(join(DIST, file), "utf8").matchAll(/(?:from|import\()\s*"([^"]+)"/g)];
      const specifiers = imported.map((match) => match[1] ?? "");
      expect(specifiers.length, file).toBeGreaterThan(0);
      expect(
        specifiers.filter((s) => s.startsWith("tsx") || s.endsWith(".ts")),
        file,
      ).toEqual([]);
    }
  });

  it("serves the standard deck's and the Dreamers faces' images from the cards package", async () => {
    const card = await fetch(`${base}/cards/dream-001.webp`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/webp");
    const face = await fetch(`${base}/cards/dreamers/back-dream.webp`);
    expect(face.status).toBe(200);
  });

  it("stores a table through its SQLite worker thread and seats a client", async () => {
    const table = await createTable(base, { seats: 3 });
    const joined = await joinTable(base, table.code, 0, table.hostToken);
    const client = new TestClient(base);
    try {
      expect((await client.attach(table.code, joined.token, table.hostToken)).seat).toBe(0);
      const stored = await http(base, "GET", `/api/tables/${table.code}`);
      expect(stored.status).toBe(200);
      expect(stored.text).toContain('"P0"');
    } finally {
      client.close();
    }
  });
});
