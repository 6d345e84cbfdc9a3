/**
 * The Store contract, run against the embedded SQLite store and against PostgreSQL (the machine's, on
 * 127.0.0.1:5432) — the same kysely code — plus a whole game served from PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePictures } from "@firmament/cards/testing";
import { DETAIL_COLS, DETAIL_ROWS } from "@firmament/cards/types";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../src/app";
import type { CustomDeckResponse } from "../src/protocol";
import { openPostgresStore } from "../src/store/postgres";
import { openSqliteStore } from "../src/store/sqlite";
import {
  type DeckCardRow,
  type DeckRow,
  type SeatRow,
  type Store,
  type TableRow,
  VersionConflict,
} from "../src/store/types";
import { freshDatabase } from "./cluster-helpers";
import { autoplay, seatTable } from "./helpers";
import { emptySeats, lobbyTable } from "./store-rows";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function freshPostgres(): Promise<string> {
  const fresh = await freshDatabase();
  cleanups.push(() => fresh.drop());
  return fresh.url;
}

const stores: Record<string, () => Promise<Store>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), "firmament-store-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return openSqliteStore(dir);
  },
  postgres: async () => openPostgresStore(await freshPostgres()),
};

const table = (code: string, visibility: "public" | "private" = "public") =>
  lobbyTable(code, visibility, Date.now());

const FILLED: SeatRow[] = [
  { seat: 0, colour: "red", name: "<b>Ann</b>", kind: "human", level: null, tokenHash: "t".repeat(64) },
  { seat: 1, colour: "blue", name: "Lyra", kind: "bot", level: "hard", tokenHash: null },
  { seat: 2, colour: null, name: null, kind: "empty", level: null, tokenHash: null },
];

const GAME = {
  match: 1,
  kind: "dreams" as const,
  seed: "ab".repeat(32),
  colours: ["red", "blue"],
  deck: ["c1", "c2"],
  setup: { colours: ["red", "blue"], deck: ["c1", "c2"] },
  rules: 1,
  startedAt: 1000,
  finishedAt: null,
};

/** Tables AAAAAA (public, one match played to its end, a chat line) and BBBBBB (private, in the lobby). */
async function storeOneMatch(store: Store): Promise<void> {
  expect(await store.createTable(table("AAAAAA"), emptySeats(3))).toBe(true);
  expect(await store.createTable(table("AAAAAA"), emptySeats(3))).toBe(false);
  expect(await store.createTable(table("BBBBBB", "private"), emptySeats(3))).toBe(true);
  await store.saveLobby("AAAAAA", { hostSeat: 0 }, FILLED);
  const listed = await store.listPublic(10);
  expect(listed.map((t) => [t.code, t.seated])).toEqual([["AAAAAA", 2]]);
  await store.startMatch("AAAAAA", GAME, FILLED.slice(0, 2), 0);
  expect(await store.listPlaying()).toEqual(["AAAAAA"]);
  // a forwarded action: stored with its request id
  const forwarded = { version: 1, action: { type: "ready", seat: 0 }, at: 2000, requestId: "r1" };
  await store.appendAction("AAAAAA", 1, forwarded, null);
  await expect(
    store.appendAction("AAAAAA", 1, { version: 1, action: { type: "ready", seat: 1 }, at: 2001 }, null),
  ).rejects.toBeInstanceOf(VersionConflict);
  await store.appendAction("AAAAAA", 1, { version: 2, action: { type: "ready", seat: 1 }, at: 3000 }, 3000);
  await store.addChat(
    "AAAAAA",
    { id: 1, seat: 0, name: "<b>Ann</b>", colour: "red", text: "hi & <i>bye</i>", at: 2500 },
    50,
  );
}

async function expectStoredMatch(store: Store): Promise<void> {
  const loaded = await store.loadTable("AAAAAA", 50);
  expect(loaded?.table).toMatchObject({ status: "over", match: 1, hostSeat: 0 });
  expect(loaded?.seats.map((s) => [s.seat, s.kind, s.name, s.level])).toEqual([
    [0, "human", "<b>Ann</b>", null],
    [1, "bot", "Lyra", "hard"],
  ]);
  expect(loaded?.current?.match).toEqual({ ...GAME, finishedAt: 3000 });
  expect(loaded?.current?.actions).toEqual([
    { version: 1, action: { type: "ready", seat: 0 }, at: 2000, requestId: "r1" },
    { version: 2, action: { type: "ready", seat: 1 }, at: 3000 },
  ]);
  expect(loaded?.chat).toEqual([
    { id: 1, seat: 0, name: "<b>Ann</b>", colour: "red", text: "hi & <i>bye</i>", at: 2500 },
  ]);
  expect(await store.listPlaying()).toEqual([]);
  expect(await store.loadTable("ZZZZZZ", 50)).toBeNull();
}

/** Appends made at the same moment (several tables, one of them doubling a version): each stands or fails on its own. */
async function appendAtOnce(store: Store): Promise<void> {
  await store.createTable(table("CCCCCC"), emptySeats(3));
  await store.startMatch("CCCCCC", { ...GAME, finishedAt: null }, FILLED.slice(0, 2), 0);
  await store.startMatch("BBBBBB", { ...GAME, finishedAt: null }, FILLED.slice(0, 2), 0);
  const ready = (seat: number, version: number) => ({
    version,
    action: { type: "ready", seat },
    at: 4000 + version,
  });
  const outcomes = await Promise.allSettled([
    store.appendAction("CCCCCC", 1, ready(0, 1), null),
    store.appendAction("BBBBBB", 1, ready(0, 1), null),
    store.appendAction("CCCCCC", 1, ready(1, 1), null),
    store.appendAction("BBBBBB", 1, ready(1, 2), null),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
  expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflict);
  expect((await store.loadMatch("CCCCCC", 1))?.actions.map((a) => a.action)).toEqual([
    { type: "ready", seat: 0 },
  ]);
  expect((await store.loadMatch("BBBBBB", 1))?.actions.map((a) => a.version)).toEqual([1, 2]);
}

const DECK: DeckRow = { id: "D".repeat(24), name: "Holiday", cards: 12, bytes: 123_456, createdAt: 5000 };

function deckCard(n: number): DeckCardRow {
  const cells = DETAIL_COLS * DETAIL_ROWS;
  return {
    index: n - 1,
    manifest: {
      id: `custom-${n}`,
      objects: [],
      detail: {
        cols: DETAIL_COLS,
        rows: DETAIL_ROWS,
        salience: Array.from({ length: cells }, (_, i) => ((i * n) % 1000) / 1000),
        brightness: Array.from({ length: cells }, (_, i) => (i % 7) / 7),
      },
      alt: { en: `Picture ${n}`, de: `Bild ${n}`, fr: `Image ${n}`, it: `Immagine ${n}` },
    },
    // every byte value, including 0 and 255, must come back unchanged
    image: Uint8Array.from({ length: 70_000 + n }, (_, i) => (i * 31 + n) % 256),
    thumb: Uint8Array.from({ length: 300 + n }, (_, i) => (255 - i) % 256),
  };
}

async function saveAndLoadDeck(store: Store, cards: DeckCardRow[]): Promise<void> {
  const deck = DECK;
  await store.saveDeck(deck, cards);
  const loaded = await store.loadDeck(deck.id);
  expect(loaded?.deck).toEqual(deck);
  expect(loaded?.manifests).toEqual(cards.map((c) => c.manifest));
  const image = await store.loadCardImage(deck.id, "custom-3", "full");
  expect(image).toBeInstanceOf(Uint8Array);
  expect(Buffer.from(image as Uint8Array).equals(Buffer.from((cards[2] as DeckCardRow).image))).toBe(true);
  const thumb = await store.loadCardImage(deck.id, "custom-12", "thumb");
  expect(Buffer.from(thumb as Uint8Array).equals(Buffer.from((cards[11] as DeckCardRow).thumb))).toBe(true);
  expect(await store.loadCardImage(deck.id, "custom-13", "full")).toBeNull();
  expect(await store.loadCardImage("E".repeat(24), "custom-1", "full")).toBeNull();
  expect(await store.loadDeck("E".repeat(24))).toBeNull();

  // all or nothing: the same id again fails and leaves the first deck as it was; a deck whose
  // cards cannot all be stored leaves no row behind
  await expect(store.saveDeck({ ...deck, name: "Again" }, cards.slice(0, 8))).rejects.toThrow();
  expect((await store.loadDeck(deck.id))?.deck.name).toBe("Holiday");
  const broken = { ...deck, id: "F".repeat(24) };
  await expect(
    store.saveDeck(broken, [deckCard(1), deckCard(2), { ...deckCard(3), index: 0 }]),
  ).rejects.toThrow();
  expect(await store.loadDeck(broken.id)).toBeNull();
  expect(await store.loadCardImage(broken.id, "custom-1", "full")).toBeNull();
}

async function removeUnusedDecks(store: Store, cards: DeckCardRow[]): Promise<void> {
  const deck = DECK;
  // a table marks its deck as used; a table on a deck that is not stored is refused, nothing stored
  expect(await store.deckBytes()).toBe(123_456);
  const onDeck = (code: string, id: string): TableRow => ({
    ...table(code),
    config: { game: "dreams", seats: 3, visibility: "public", timer: "off", deck: { custom: id } },
  });
  expect(await store.createTable(onDeck("DDDDDD", deck.id), emptySeats(3))).toBe(true);
  await expect(store.createTable(onDeck("EEEEEE", "G".repeat(24)), emptySeats(3))).rejects.toThrow(
    /^deck\/unknown/,
  );
  expect(await store.loadTable("EEEEEE", 10)).toBeNull();

  // decks no table used are removed once old enough; used and recent ones stay
  const unusedOld = { ...deck, id: "H".repeat(24), createdAt: 1000, bytes: 10 };
  const unusedNew = { ...deck, id: "J".repeat(24), createdAt: 9000, bytes: 20 };
  await store.saveDeck(unusedOld, cards.slice(0, 8));
  await store.saveDeck(unusedNew, cards.slice(0, 8));
  expect(await store.deckBytes()).toBe(123_456 + 30);
  expect(await store.deleteUnusedDecks(8000)).toEqual([unusedOld.id]);
  expect(await store.loadDeck(unusedOld.id)).toBeNull();
  expect(await store.loadCardImage(unusedOld.id, "custom-1", "full")).toBeNull();
  expect((await store.loadDeck(unusedNew.id))?.deck.id).toBe(unusedNew.id);
  expect((await store.loadDeck(deck.id))?.manifests).toHaveLength(12);
  expect(await store.deleteUnusedDecks(Number.MAX_SAFE_INTEGER)).toEqual([unusedNew.id]);
  expect((await store.loadDeck(deck.id))?.deck.id).toBe(deck.id);
  expect(await store.deckBytes()).toBe(123_456);
}

/** A used deck is released once it was last used long enough ago and every table using it is over. */
async function releaseUsedDeck(store: Store): Promise<void> {
  const deck = DECK;
  expect(await store.touchDeck(deck.id, 50_000)).toBe(true);
  expect(await store.deleteUnusedDecks(0, 60_000)).toEqual([]); // table DDDDDD is in the lobby
  await store.saveLobby("DDDDDD", { status: "over" }, emptySeats(3));
  expect(await store.deleteUnusedDecks(0, 50_000)).toEqual([]); // last used not before then
  expect(await store.deleteUnusedDecks(0, 50_001)).toEqual([deck.id]);
  expect(await store.loadDeck(deck.id)).toBeNull();
  expect(await store.touchDeck(deck.id, 70_000)).toBe(false);
  expect(await store.deckBytes()).toBe(0);
}

/** Many decks go in batches of 500 per statement. */
async function removeManyDecks(store: Store): Promise<void> {
  const many = Array.from({ length: 1001 }, (_, i) => ({
    ...DECK,
    id: `m${String(i).padStart(23, "0")}`,
    createdAt: 1,
    bytes: 1,
  }));
  for (const d of many) await store.saveDeck(d, []);
  const gone = await store.deleteUnusedDecks(2);
  expect(gone.sort()).toEqual(many.map((d) => d.id).sort());
  expect(await store.deckBytes()).toBe(0);
}

describe.each(Object.keys(stores))("Store over %s", (kind) => {
  it("keeps tables, seats, games, the action log and chat; refuses a doubled version", async () => {
    const store = await (stores[kind] as () => Promise<Store>)();
    try {
      await storeOneMatch(store);
      await expectStoredMatch(store);
      await appendAtOnce(store);
    } finally {
      await store.close();
    }
  });

  it("keeps only each table's last chat lines", async () => {
    const store = await (stores[kind] as () => Promise<Store>)();
    try {
      await store.createTable(table("DDDDDD"), emptySeats(3));
      await store.createTable(table("EEEEEE"), emptySeats(3));
      const line = (id: number) => ({ id, seat: 0, name: "Ann", colour: "red", text: `line ${id}`, at: id });
      await store.addChat("EEEEEE", line(1), 3);
      for (let id = 1; id <= 8; id++) await store.addChat("DDDDDD", line(id), 3);
      // Loading asks for more than are kept: only the last 3 are there.
      expect((await store.loadTable("DDDDDD", 50))?.chat.map((c) => c.text)).toEqual([
        "line 6",
        "line 7",
        "line 8",
      ]);
      expect((await store.loadTable("EEEEEE", 50))?.chat.map((c) => c.id)).toEqual([1]);
    } finally {
      await store.close();
    }
  });

  it("stores a chat line of a request id once per table", async () => {
    const store = await (stores[kind] as () => Promise<Store>)();
    try {
      await store.createTable(table("FFFFFF"), emptySeats(3));
      await store.createTable(table("GGGGGG"), emptySeats(3));
      const line = (id: number, requestId?: string) => ({
        id,
        seat: 0,
        name: "Ann",
        colour: "red",
        text: `line ${id}`,
        at: id,
        ...(requestId && { requestId }),
      });
      expect(await store.addChat("FFFFFF", line(1, "r-1"), 50)).toBe(true);
      // the same request again, as the table's next owner would number it: nothing stored
      expect(await store.addChat("FFFFFF", line(2, "r-1"), 50)).toBe(false);
      // lines without a request id never clash
      expect(await store.addChat("FFFFFF", line(2), 50)).toBe(true);
      expect(await store.addChat("FFFFFF", line(3), 50)).toBe(true);
      expect(await store.addChat("GGGGGG", line(1, "r-1"), 50)).toBe(true);
      const stored = await store.loadTable("FFFFFF", 50);
      expect(stored?.chat.map((c) => [c.id, c.requestId])).toEqual([
        [1, "r-1"],
        [2, undefined],
        [3, undefined],
      ]);
    } finally {
      await store.close();
    }
  });

  it("keeps a custom deck with its manifests and binary images; a doubled id stores nothing", async () => {
    const store = await (stores[kind] as () => Promise<Store>)();
    try {
      const cards = Array.from({ length: 12 }, (_, i) => deckCard(i + 1));
      await saveAndLoadDeck(store, cards);
      await removeUnusedDecks(store, cards);
      await releaseUsedDeck(store);
      await removeManyDecks(store);
    } finally {
      await store.close();
    }
  });
});

describe("a custom deck shared by two server processes over PostgreSQL", () => {
  it("is uploaded to one server and dealt and served by the other", async () => {
    const url = await freshPostgres();
    const dir = mkdtempSync(join(tmpdir(), "firmament-pg-decks-"));
    const options = {
      port: 0,
      host: "127.0.0.1",
      dataDir: dir,
      log: pino({ level: "silent" }),
      botDelayMs: 0,
      uploadsPerMinute: 0,
      webDist: join(dir, "none"),
    };
    const a = await startServer({ ...options, store: await openPostgresStore(url) });
    const b = await startServer({ ...options, store: await openPostgresStore(url) });
    try {
      const pictures = await samplePictures(8, { width: 300, height: 450, seed: "pg" });
      const form = new FormData();
      for (const p of pictures) form.append("images", new Blob([p.bytes as Uint8Array<ArrayBuffer>]), p.name);
      const uploaded = await fetch(`${a.url}/api/decks`, { method: "POST", body: form });
      expect(uploaded.status).toBe(201);
      const deck = (await uploaded.json()) as CustomDeckResponse;
      const image = await fetch(`${b.url}${deck.cards[4]?.image}`);
      expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
      const served = Buffer.from(await image.arrayBuffer());
      const original = Buffer.from(await (await fetch(`${a.url}${deck.cards[4]?.image}`)).arrayBuffer());
      expect(served.equals(original)).toBe(true);
      const t = await seatTable(b.url, 1, { bots: 2, table: { deck: { custom: deck.id } } });
      autoplay(t.host, "pg-deck");
      expect((await t.host.emit("start", {})).ok).toBe(true);
      await t.host.waitFor(() => (t.host.view?.view.round ?? 0) >= 2, 60_000, "round 2");
      for (const id of t.host.view?.view.cards ?? []) expect(id).toMatch(/^custom-[1-8]$/);
      t.host.close();
    } finally {
      await b.close();
      await a.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a whole game served from PostgreSQL", () => {
  it("plays to the end with the same server code", async () => {
    const store = await openPostgresStore(await freshPostgres());
    const dir = mkdtempSync(join(tmpdir(), "firmament-pg-"));
    const server = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: dir,
      store,
      log: pino({ level: "silent" }),
      botDelayMs: 0,
      webDist: join(dir, "none"),
    });
    try {
      const t = await seatTable(server.url, 1, { bots: 2 });
      autoplay(t.host, "pg");
      expect((await t.host.emit("start", {})).ok).toBe(true);
      await t.host.waitFor(() => t.host.view?.view.phase === "over", 60_000);
      const stored = await store.loadMatch(t.code, 1);
      expect(stored?.actions.length).toBe(t.host.view?.version);
      expect(stored?.match.finishedAt).not.toBeNull();
      t.host.close();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
