/**
 * An account's seats and data through the whole server: a guest's games join the account, a seat taken
 * while signed in is found again from another device (and a stolen seat token is only ever that one
 * seat), the export holds everything, and deleting the account leaves nothing of the person in the
 * database while the records of its finished games stay valid.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { HelloAck, PlayerProfile } from "@firmament/protocol";
import pg from "pg";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRecordText } from "../src/record-check";
import { Browser, SITE } from "./account-client";
import {
  eventually,
  http,
  joinTable,
  seatTable,
  startTestServer,
  TestClient,
  type TestServer,
} from "./helpers";
import { until } from "./until";

let env: TestServer;
beforeAll(async () => {
  env = await startTestServer({ publicUrl: SITE, authPerMinute: 0, graceMs: 20 });
});
afterAll(async () => {
  await env?.close();
});

const browser = () => new Browser(env.server.url);

async function newTable(game: "dreams" | "dreamers" = "dreams") {
  const body = game === "dreams" ? { game, seats: 3, deck: "standard" } : { game };
  const made = await http<{ code: string; hostToken: string }>(env.server.url, "POST", "/api/tables", {
    visibility: "private",
    timer: "off",
    ...body,
  });
  expect(made.status).toBe(201);
  return made.body;
}

const joinAs = (b: Browser, code: string, colour = "red") =>
  b.call<{ seat: number; token: string }>("POST", `/api/tables/${code}/join`, { name: "Me", colour });

/** `hello` over a socket opened with this browser's cookie and Origin (as its page would). */
async function helloFrom(b: Browser, code: string, token?: string) {
  const socket = io(env.server.url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    extraHeaders: { ...(b.cookie && { cookie: b.cookie }), ...(b.origin && { origin: b.origin }) },
  });
  try {
    return await new Promise<{ ok: boolean; seat?: number | null; error?: { code: string } }>((resolve) =>
      socket.emit("hello", { code, ...(token && { token }) }, resolve),
    );
  } finally {
    socket.close();
  }
}

describe("a guest's games and an account's seats", () => {
  it("gives the account the seats a guest took in this browser, and no seat another account has", async () => {
    const table = await newTable();
    const guest = await joinTable(env.server.url, table.code, 0);
    const b = browser();
    await b.signUp("Guest Turned Member");
    const claim = { seats: [{ code: table.code, token: guest.token }] };
    expect((await b.call("POST", "/api/account/claims", claim)).body).toEqual({ claimed: 1 });
    const thief = browser();
    await thief.signUp("Seat Thief");
    expect((await thief.call("POST", "/api/account/claims", claim)).body).toEqual({ claimed: 0 });
    const exported = await b.call<{ seats: Array<{ table: string; seat: number }> }>(
      "GET",
      "/api/account/export",
    );
    expect(exported.body.seats).toEqual([expect.objectContaining({ table: table.code, seat: guest.seat })]);
    // the claim holds when the table's seats are written again
    await joinTable(env.server.url, table.code, 1);
    const again = await b.call<{ seats: unknown[] }>("GET", "/api/account/export");
    expect(again.body.seats).toHaveLength(1);
    expect((await new Browser(env.server.url).call("POST", "/api/account/claims", claim)).status).toBe(401);
  });

  it("settles a rated match the guest finished once their seat joins the account: in the profile, rated", async () => {
    const t = await seatTable(env.server.url, 1, {
      bots: 1,
      table: { game: "dreamers", rated: true, deck: undefined },
    });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    t.host.close(); // a bot finishes the match for the absent guest
    await eventually(
      async () => (await env.server.service.storedMatch(t.code, 1))?.match.finishedAt != null,
      "the match to end",
      60_000,
    );
    const b = browser();
    await b.signUp("Late Member");
    const claim = { seats: [{ code: t.code, token: t.tokens[0] as string }] };
    expect((await b.call("POST", "/api/account/claims", claim)).body).toEqual({ claimed: 1 });
    const profile = await b.call<PlayerProfile>("GET", "/api/players/Late%20Member");
    expect(profile.body.recent).toEqual([
      expect.objectContaining({ code: t.code, match: 1, rated: true, abandoned: true, won: false }),
    ]);
    expect(profile.body.games).toEqual([
      expect.objectContaining({
        game: "dreamers",
        played: 1,
        rating: expect.objectContaining({ games: 1, provisional: true }),
      }),
    ]);
  });

  it("finds the seat taken while signed in from another device, but not from another site's page", async () => {
    const table = await newTable();
    const phone = browser();
    await phone.signUp("Two Devices");
    const joined = await joinAs(phone, table.code);
    expect(joined.status).toBe(201);
    const laptop = new Browser(env.server.url, SITE, phone.authenticator);
    expect((await laptop.signIn()).status).toBe(200);
    expect(await helloFrom(laptop, table.code)).toMatchObject({ ok: true, seat: joined.body.seat });
    const framed = new Browser(env.server.url, "https://evil.example");
    framed.cookie = laptop.cookie;
    expect(await helloFrom(framed, table.code)).toMatchObject({ ok: true, seat: null });
    // a join posted from another site with the cookie is a guest's
    const other = await newTable();
    const crossJoin = await joinAs(framed, other.code);
    expect(crossJoin.status).toBe(201);
    expect(await helloFrom(laptop, other.code)).toMatchObject({ ok: true, seat: null });
  });

  it("a seat token stolen from one player is that one seat only: not the account's seat elsewhere", async () => {
    const first = await newTable();
    const second = await newTable();
    const owner = browser();
    await owner.signUp("Token Owner");
    const stolen = (await joinAs(owner, first.code)).body.token;
    await joinAs(owner, second.code);
    const attacker = browser();
    await attacker.signUp("Token Robber");
    expect(await helloFrom(attacker, second.code, stolen)).toMatchObject({
      ok: false,
      error: { code: "auth/bad_token" },
    });
    expect(await helloFrom(attacker, second.code)).toMatchObject({ ok: true, seat: null });
    const claimed = await attacker.call("POST", "/api/account/claims", {
      seats: [{ code: first.code, token: stolen }],
    });
    expect(claimed.body).toEqual({ claimed: 0 });
    const owners = await owner.call<{ seats: unknown[] }>("GET", "/api/account/export");
    expect(owners.body.seats).toHaveLength(2);
    expect((await attacker.call<{ seats: unknown[] }>("GET", "/api/account/export")).body.seats).toHaveLength(
      0,
    );
  });
});

/** Every byte or row of the server's database as text: the SQLite file, or every PostgreSQL table. */
async function databaseText(server: TestServer): Promise<string> {
  if (server.postgres) {
    const client = new pg.Client({ connectionString: server.postgres.url });
    await client.connect();
    try {
      const tables = await client.query<{ tablename: string }>(
        "select tablename from pg_tables where schemaname = 'public'",
      );
      let text = "";
      for (const { tablename } of tables.rows)
        text += JSON.stringify((await client.query(`select * from "${tablename}"`)).rows);
      return text;
    } finally {
      await client.end();
    }
  }
  const file = join(server.dataDir, "firmament.sqlite");
  const wal = `${file}-wal`;
  return readFileSync(file, "latin1") + (existsSync(wal) ? readFileSync(wal, "latin1") : "");
}

describe("your data", () => {
  it("exports everything, then deletes the person and keeps the finished game's record valid", async () => {
    const own = await startTestServer({ publicUrl: SITE, authPerMinute: 0, graceMs: 20 });
    const name = "Zephyrine Quill";
    const b = new Browser(own.server.url);
    await b.signUp(name);
    const table = await playedGame(own, b);
    const exported = await b.call<{
      account: { name: string };
      passkeys: unknown[];
      records: Array<{ matches: Array<{ record: string }> }>;
    }>("GET", "/api/account/export");
    expect(exported.body.account.name).toBe(name);
    expect(exported.body.passkeys).toHaveLength(1);
    const record = exported.body.records[0]?.matches[0]?.record as string;
    expect(record).toContain(name);
    expect(checkRecordText(record).code).toBe(0);
    const sessionCookie = b.cookie?.split("=")[1] as string;
    const credential = b.authenticator.passkeys[0]?.id.toString("base64url") as string;

    expect((await b.call("DELETE", "/api/account")).status).toBe(200);
    expect((await b.call("GET", "/api/account")).status).toBe(401);
    expect((await b.signIn()).body.error?.code).toBe("auth/unknown_passkey");
    const after = await fetch(`${own.server.url}/api/tables/${table}/matches/1/record`).then((r) => r.text());
    expect(after).not.toContain(name);
    expect(after).toContain("Deleted player");
    expect(checkRecordText(after).code).toBe(0);
    // the name is held for 30 days
    const retry = await new Browser(own.server.url).call("POST", "/api/auth/signup/options", { name });
    expect(retry.body.error?.code).toBe("account/name_taken");

    await own.server.close();
    const text = await databaseText(own);
    await own.close();
    const { createHash } = await import("node:crypto");
    const sessionHash = createHash("sha256").update(sessionCookie).digest("hex");
    for (const trace of [name, name.toLowerCase(), "zephyrlnequlll", credential, sessionCookie, sessionHash])
      expect(text.includes(trace), trace).toBe(false);
  });
});

describe("a deleted account at a table held in memory", () => {
  it("shows its seat and chat lines as a deleted player's at once, to those here and to newcomers", async () => {
    const table = await newTable();
    const b = browser();
    const name = "Ottoline Vesper";
    await b.signUp(name);
    const seat = await b.call<{ seat: number; token: string }>("POST", `/api/tables/${table.code}/join`, {
      name,
      colour: "red",
    });
    const player = new TestClient(env.server.url);
    await player.attach(table.code, seat.body.token);
    expect((await player.emit("chat", { text: "hello all" })).ok).toBe(true);
    const watcher = new TestClient(env.server.url);
    const watching = (await watcher.attach(table.code, undefined, table.hostToken)) as HelloAck;
    expect(watching.ok && watching.table.seats[seat.body.seat]?.name).toBe(name);

    const stale = (await env.server.store.loadTable(table.code, 0))?.seats ?? [];
    expect((await b.call("DELETE", "/api/account")).status).toBe(200);
    await watcher.waitFor(() => watcher.table?.seats[seat.body.seat]?.name === "Deleted player");
    // a process of a cluster that still held the old name in memory cannot write it back
    await env.server.store.saveLobby(table.code, {}, stale);
    const stored = await env.server.store.loadTable(table.code, 0);
    expect(stored?.seats[seat.body.seat]?.name).toBe("Deleted player");
    const newcomer = new TestClient(env.server.url);
    const hello = await newcomer.attach(table.code);
    expect(JSON.stringify(hello)).not.toContain(name);
    expect(hello).toMatchObject({
      chat: [expect.objectContaining({ name: "Deleted player", text: "hello all" })],
    });
    for (const client of [player, watcher, newcomer]) client.socket.close();
  });
});

/** A finished Dreamers game the account sat at (a bot played its turns while it was away); the table code. */
async function playedGame(server: TestServer, b: Browser): Promise<string> {
  const made = await http<{ code: string; hostToken: string }>(server.server.url, "POST", "/api/tables", {
    game: "dreamers",
    visibility: "private",
    timer: "off",
  });
  const code = made.body.code;
  const joined = await b.call("POST", `/api/tables/${code}/join`, { name: "Zephyrine Quill", colour: "red" });
  expect(joined.status).toBe(201);
  const host = new TestClient(server.server.url);
  await host.attach(code, undefined, made.body.hostToken);
  expect((await host.emit("add_bot", { seat: 1 })).ok).toBe(true);
  expect((await host.emit("start", {})).ok).toBe(true);
  const over = async () => {
    const history = await http<{ matches: Array<{ finished: boolean }> }>(
      server.server.url,
      "GET",
      `/api/tables/${code}/matches`,
    );
    return history.body.matches[0]?.finished === true;
  };
  await until("the game's end", over, 90_000, 50);
  host.socket.close();
  return code;
}
