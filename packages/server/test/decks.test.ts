/**
 * Custom decks over real HTTP: an upload of generated pictures, a whole game with bots on that deck,
 * every bad upload named in the issue refused with its code and nothing stored, and a restart that
 * keeps the deck and the game.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SamplePicture, samplePictures } from "@firmament/cards/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/app";
import type { CustomDeckResponse, DeckResponse, TableInfo } from "../src/protocol";
import { deckRowsIn, type Part, uploadTo } from "./deck-uploads";
import { autoplay, createTable, http, seatTable, TestClient } from "./helpers";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-decks-"));
const warnings: string[] = [];
let server: RunningServer;
let pictures: SamplePicture[];
let tiny: SamplePicture;

async function start(): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    webDist: join(dataDir, "no-web"),
    botDelayMs: 0,
    postsPerSecond: 0,
    uploadsPerMinute: 0,
    log: pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) }),
  });
}

beforeAll(async () => {
  pictures = await samplePictures(8, { width: 900, height: 1200 });
  tiny = (await samplePictures(1, { width: 40, height: 60, seed: "tiny" }))[0] as SamplePicture;
  server = await start();
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (files: Part[], fields: Record<string, string> = {}) => uploadTo(server.url, files, fields);
const deckRows = () => deckRowsIn(dataDir);

let deck: CustomDeckResponse;

describe("a good upload", () => {
  it("stores the deck and answers with its id and summary", async () => {
    const before = deckRows();
    const res = await upload(pictures, { name: "  Summer 2025 " });
    expect(res.status).toBe(201);
    deck = res.body as CustomDeckResponse;
    expect(deck.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(deck.name).toBe("Summer 2025");
    expect(deck.cards.map((c) => c.id)).toEqual(pictures.map((_, i) => `custom-${i + 1}`));
    expect(deck.cards[2]).toMatchObject({
      image: `/api/decks/${deck.id}/cards/custom-3`,
      thumb: `/api/decks/${deck.id}/thumbs/custom-3`,
    });
    expect(deck.cards[2]?.alt.en).toMatch(/3/);
    expect(deck.bytes).toBeGreaterThan(8 * 1000);
    expect(deckRows()).toEqual({ decks: before.decks + 1, cards: before.cards + 8 });
  });

  it("serves the summary (cached briefly), each card and each preview (cached a week, privately); unknown ids get 404s", async () => {
    const summary = await http<DeckResponse>(server.url, "GET", `/api/decks/${deck.id}`);
    expect(summary.status).toBe(200);
    const summaryHeaders = await fetch(`${server.url}/api/decks/${deck.id}`);
    expect(summaryHeaders.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(summary.body.cards).toEqual(deck.cards);
    expect(summary.body).not.toHaveProperty("detail");
    for (const url of [deck.cards[0]?.image, deck.cards[7]?.thumb]) {
      const r = await fetch(server.url + url);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/webp");
      expect(r.headers.get("cache-control")).toBe("private, max-age=604800, immutable");
      const bytes = new Uint8Array(await r.arrayBuffer());
      expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe("WEBP");
    }
    const unknown = "A".repeat(24);
    for (const path of [
      `/api/decks/${unknown}`,
      `/api/decks/${unknown}/cards/custom-1`,
      "/api/decks/not-a-deck-id",
      "/api/decks/not-a-deck-id/thumbs/custom-1",
    ]) {
      const r = await http<{ error: { code: string } }>(server.url, "GET", path);
      expect([r.status, r.body.error?.code]).toEqual([404, "deck/unknown"]);
    }
    const noCard = await http<{ error: { code: string } }>(
      server.url,
      "GET",
      `/api/decks/${deck.id}/cards/custom-9`,
    );
    expect([noCard.status, noCard.body.error.code]).toEqual([404, "card/unknown"]);
  });

  it("creates a table with the custom deck, and bots play a whole game on it", async () => {
    const t = await seatTable(server.url, 1, { bots: 2, table: { deck: { custom: deck.id } } });
    expect(t.host.table?.config.deck).toEqual({ custom: deck.id });
    const play = autoplay(t.host, "custom");
    const warningsBefore = warnings.length;
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view?.view.phase === "over", 90_000, "game over");
    play.stop();
    const ids = new Set(deck.cards.map((c) => c.id));
    const dealt = t.host.frames
      .filter((f) => f.event === "view")
      .flatMap((f) => (f.payload as { view: { cards: string[] } }).view.cards);
    expect(dealt.length).toBeGreaterThan(8);
    for (const id of dealt) expect(ids.has(id)).toBe(true);
    // the 8-card deck was dealt more than once: every round's four cards were still distinct
    for (const f of t.host.frames.filter((f) => f.event === "view"))
      expect(new Set((f.payload as { view: { cards: string[] } }).view.cards).size).toBe(4);
    const stored = await server.service.storedMatch(t.code, 1);
    expect(stored?.match.deck).toEqual([...ids]);
    // bots found a detail map for every card they saw (a missing one would log "bot failed")
    expect(warnings.slice(warningsBefore).filter((w) => w.includes("bot failed"))).toEqual([]);
    t.host.close();
  });

  it("refuses a table with an unknown or malformed custom deck", async () => {
    const unknown = await http<{ error: { code: string } }>(server.url, "POST", "/api/tables", {
      game: "dreams",
      seats: 3,
      visibility: "private",
      timer: "off",
      deck: { custom: "B".repeat(24) },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "deck/unknown"]);
    for (const bad of [{ custom: "short" }, { custom: deck.id, extra: 1 }, "mine"]) {
      const r = await http<{ error: { code: string } }>(server.url, "POST", "/api/tables", {
        game: "dreams",
        seats: 3,
        visibility: "private",
        timer: "off",
        deck: bad,
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toMatch(/^input\//);
    }
  });
});

describe("bad uploads", () => {
  const withBad = (bad: Part): Part[] => [...pictures.slice(0, 3), bad, ...pictures.slice(3)];
  const png = () => pictures[0] as SamplePicture;

  /** A PNG whose header claims width×height (the body is not a real picture of that size). */
  function hugePng(width: number, height: number): Uint8Array {
    const bytes = png().bytes.slice(0, 64);
    const dv = new DataView(bytes.buffer);
    dv.setUint32(16, width);
    dv.setUint32(20, height);
    return bytes;
  }

  const cases: Array<[string, () => Part[], string, string | null, number]> = [
    [
      "not an image",
      () => withBad({ name: "notes.png", bytes: new TextEncoder().encode("not a picture") }),
      "upload/not_an_image",
      "notes.png",
      400,
    ],
    [
      "a truncated file",
      () => withBad({ name: "cut.png", bytes: png().bytes.subarray(0, Math.floor(png().bytes.length / 2)) }),
      "upload/truncated",
      "cut.png",
      400,
    ],
    [
      "a zero-byte file",
      () => withBad({ name: "empty.jpg", bytes: new Uint8Array(0) }),
      "upload/empty",
      "empty.jpg",
      400,
    ],
    [
      "a lying extension",
      () => withBad({ name: "photo.jpg", bytes: png().bytes }),
      "upload/wrong_extension",
      "photo.jpg",
      400,
    ],
    [
      "more than 40 megapixels",
      () => withBad({ name: "huge.png", bytes: hugePng(8000, 5001) }),
      "upload/too_many_pixels",
      "huge.png",
      400,
    ],
    [
      "a file over 5 MB",
      () => withBad({ name: "big.png", bytes: new Uint8Array(5 * 1024 * 1024 + 1) }),
      "upload/too_large",
      "big.png",
      413,
    ],
    [
      "too many files",
      () => Array.from({ length: 101 }, (_, i) => ({ name: `p${i}.png`, bytes: tiny.bytes })),
      "upload/too_many_images",
      null,
      400,
    ],
    ["fewer than 8 images", () => pictures.slice(0, 7), "upload/too_few_images", null, 400],
    ["no images at all", () => [], "upload/too_few_images", null, 400],
  ];

  it.each(cases)("%s: refused with its code, nothing stored", async (_what, files, code, file, status) => {
    const before = deckRows();
    const res = await upload(files());
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.file).toBe(file);
    expect(res.body.error.message.length).toBeGreaterThan(10);
    expect(deckRows()).toEqual(before);
  });

  it("a JPEG whose header is fine but whose data is cut off fails the whole upload", async () => {
    const before = deckRows();
    const jpeg = (
      await samplePictures(1, { format: "jpeg", width: 800, height: 1000, seed: "j" })
    )[0] as SamplePicture;
    const cut = jpeg.bytes.subarray(0, Math.floor(jpeg.bytes.length * 0.6));
    const res = await upload(withBad({ name: "cut.jpg", bytes: cut }));
    expect([res.status, res.body.error.code, res.body.error.file]).toEqual([
      400,
      "upload/truncated",
      "cut.jpg",
    ]);
    expect(deckRows()).toEqual(before);
  });

  it("refuses what is not a multipart upload of images, and unexpected fields", async () => {
    const before = deckRows();
    const json = await http<{ error: { code: string } }>(server.url, "POST", "/api/decks", { images: [] });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe("input/malformed");
    const otherField = await upload(pictures, { colour: "red" });
    expect([otherField.status, otherField.body.error.code]).toEqual([400, "input/malformed"]);
    const longName = await upload(pictures, { name: "x".repeat(41) });
    expect([longName.status, longName.body.error.code]).toEqual([400, "input/invalid"]);
    expect(deckRows()).toEqual(before);
  });

  it("refuses a body over the total limit from its declared length, before reading it", async () => {
    const before = deckRows();
    const { port } = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/decks",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(151 * 1024 * 1024),
        },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      // only the start of the promised 151 MB is ever sent
      req.write("--x\r\n");
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe("upload/total_too_large");
    expect(deckRows()).toEqual(before);
  });
});

describe("limits per address", () => {
  it("rate-limits uploads per address with rate/limited", async () => {
    const limited = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: mkdtempSync(join(tmpdir(), "firmament-decks-rate-")),
      webDist: join(dataDir, "no-web"),
      uploadsPerMinute: 1,
      log: pino({ level: "silent" }),
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const form = new FormData();
        form.append("images", new Blob([new Uint8Array(0)]), "a.png");
        codes.push((await fetch(`${limited.url}/api/decks`, { method: "POST", body: form })).status);
      }
      expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("refuses uploads once the decks' storage budget is used up, with upload/storage_full", async () => {
    const full = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: mkdtempSync(join(tmpdir(), "firmament-decks-full-")),
      webDist: join(dataDir, "no-web"),
      uploadsPerMinute: 0,
      decksMaxMb: 0,
      log: pino({ level: "silent" }),
    });
    try {
      const form = new FormData();
      for (const p of pictures) form.append("images", new Blob([p.bytes as Uint8Array<ArrayBuffer>]), p.name);
      const res = await fetch(`${full.url}/api/decks`, { method: "POST", body: form });
      expect(res.status).toBe(507);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("upload/storage_full");
    } finally {
      await full.close();
    }
  });

  it("refuses uploads beyond the process's concurrent limit with upload/busy", async () => {
    const busy = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: mkdtempSync(join(tmpdir(), "firmament-decks-busy-")),
      webDist: join(dataDir, "no-web"),
      uploadsPerMinute: 0,
      concurrentUploads: 0,
      log: pino({ level: "silent" }),
    });
    try {
      const form = new FormData();
      for (const p of pictures) form.append("images", new Blob([p.bytes as Uint8Array<ArrayBuffer>]), p.name);
      const res = await fetch(`${busy.url}/api/decks`, { method: "POST", body: form });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("upload/busy");
    } finally {
      await busy.close();
    }
  });
});

describe("a restart", () => {
  it("keeps the deck and a game in progress on it playable", async () => {
    const t = await seatTable(server.url, 1, { bots: 3, table: { deck: { custom: deck.id } } });
    const play = autoplay(t.host, "before");
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => (t.host.view?.view.round ?? 0) >= 2, 60_000, "round 2");
    play.stop();
    t.host.close();
    await server.close();

    server = await start();
    const summary = await http<DeckResponse>(server.url, "GET", `/api/decks/${deck.id}`);
    expect(summary.body.cards.map((c) => c.id)).toEqual(deck.cards.map((c) => c.id));
    const image = await fetch(`${server.url}/api/decks/${deck.id}/cards/custom-5`);
    expect(image.status).toBe(200);

    const info = await http<TableInfo>(server.url, "GET", `/api/tables/${t.code}`);
    expect(info.body.config.deck).toEqual({ custom: deck.id });
    const host = new TestClient(server.url);
    await host.attach(t.code, t.tokens[0], t.hostToken);
    const again = autoplay(host, "after");
    await host.waitFor(() => host.view?.view.phase === "over", 90_000, "game over after restart");
    again.stop();
    const ids = new Set(deck.cards.map((c) => c.id));
    for (const id of host.view?.view.cards ?? []) expect(ids.has(id)).toBe(true);
    host.close();
  });

  it("a new table on an existing deck, created after the restart, starts", async () => {
    const made = await createTable(server.url, { deck: { custom: deck.id }, seats: 3 });
    expect(made.code).toMatch(/^[A-Z2-9]{6}$/);
  });
});
