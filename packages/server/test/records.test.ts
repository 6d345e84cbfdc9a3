/**
 * Records and replays through the whole server: games of both kinds played by bots, every record
 * replayed through its game's rules to the server's own result; a game still going on gives only what a
 * spectator may see now (the leak checker); bad URLs refused with documented codes.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DreamsState } from "@firmament/dreams";
import type { MatchHistoryResponse, ReplayResponse } from "@firmament/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  autoplay,
  type Frame,
  http,
  seatTable,
  startSeededServer,
  TestClient,
  type TestServer,
} from "./helpers";
import { check, truthOf } from "./leak-check";
import { expectRecordsReplay } from "./records-check";

const root = fileURLToPath(new URL("../../..", import.meta.url));
/**
 * `npm run record:check` as node runs it, without npx's own start-up (seconds on a busy machine);
 * asynchronous, so that the checks of several files run side by side.
 */
const runCheck = (file: string) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const argv = ["--import", "tsx", "packages/server/scripts/record-check.ts", file];
    execFile(process.execPath, argv, { cwd: root, encoding: "utf8" }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === "number" ? error.code : null;
      resolve({ status, stdout, stderr });
    });
  });

let env: TestServer;
beforeAll(async () => {
  env = await startSeededServer(20261128);
});
afterAll(async () => {
  await env?.close();
});

/** A table of bots only, watched by its host (no seat): it plays to the end by itself. */
async function botTable(game: "dreams" | "dreamers", seats: number) {
  const base = env.server.url;
  const body = game === "dreams" ? { game, seats, deck: "standard" } : { game };
  const created = await http<{ code: string; hostToken: string }>(base, "POST", "/api/tables", {
    visibility: "private",
    timer: "off",
    ...body,
  });
  expect(created.status).toBe(201);
  const host = new TestClient(base);
  await host.attach(created.body.code, undefined, created.body.hostToken);
  for (let seat = 0; seat < seats; seat++) expect((await host.emit("add_bot", { seat })).ok).toBe(true);
  return { code: created.body.code, host };
}

const over = (t: { host: TestClient }) =>
  t.host.waitFor(() => t.host.view?.view.phase === "over", 120_000, "the game's end");

describe("records", () => {
  it("of every game bots played, of both kinds, replay through the rules to the server's result", async () => {
    const tables = [
      await botTable("dreams", 3),
      await botTable("dreams", 5),
      await botTable("dreamers", 2),
      await botTable("dreamers", 2),
    ];
    for (const t of tables) expect((await t.host.emit("start", {})).ok).toBe(true);
    await Promise.all(tables.map(over));
    // a second match at one table: the history lists both
    const again = tables[2] as (typeof tables)[number];
    expect((await again.host.emit("play_again", {})).ok).toBe(true);
    await again.host.waitFor(
      () => again.host.view?.match === 2 && again.host.view.view.phase === "over",
      120_000,
    );
    let rounds = 0;
    for (const t of tables) {
      const audits = await expectRecordsReplay(env.server.url, env.server.service, t.code);
      expect(audits.length).toBe(t === again ? 2 : 1);
      for (const audit of audits) rounds += audit.rounds.length;
    }
    expect(rounds).toBeGreaterThan(15);
    for (const t of tables) t.host.close();
  }, 180_000);

  it("serve a finished match for caching and its replay with every round's secret", async () => {
    const t = await botTable("dreams", 4);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await over(t);
    const base = env.server.url;
    const path = `/api/tables/${t.code}/matches/1`;
    const record = await fetch(`${base}${path}/record`);
    expect(record.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = record.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${base}${path}/record`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const text = await record.text();
    expect(text).toMatch(/^\[Record "1"\]\n\[Game "dreams"\]/);
    expect(text).toContain('[Status "finished"]');
    expect(text).toMatch(/\[Bot0 "\w+"\]/);
    const replay = await http<ReplayResponse>(base, "GET", `${path}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body.finished).toBe(true);
    expect(replay.body.rounds.every((r) => r.secret !== null)).toBe(true);
    const stored = await env.server.service.storedMatch(t.code, 1);
    expect(replay.body.frames.length).toBe((stored?.actions.length ?? 0) + 1);
    expect(replay.body.frames.every((f) => (f.view as { viewer: unknown }).viewer === "spectator")).toBe(
      true,
    );
    // Never the seed, the generator or the pile: the true game's are nowhere in the record or replay.
    const truth = await truthOf(env.server.service, t.code, 1);
    const final = truth.states.at(-1) as DreamsState;
    for (const body of [text, replay.text]) {
      expect(body).not.toContain(truth.seed);
      expect(body).not.toContain(final.rng.key);
    }
    const moves = text.slice(text.indexOf("\nround 1"));
    expect(final.pile.filter((id) => moves.includes(id))).toEqual([]);
    expect(/"(pile|rng|seed)"/.test(replay.text)).toBe(false);
    // The command-line checker: valid, refused (a score changed), unreadable.
    const dir = mkdtempSync(join(tmpdir(), "record-check-"));
    const good = join(dir, "good.txt");
    const bad = join(dir, "bad.txt");
    writeFileSync(good, text);
    writeFileSync(
      bad,
      text.replace(/^points (\d+)/m, (_, p) => `points ${Number(p) + 1}`),
    );
    const missing = join(dir, "missing.txt");
    const [valid, refused, unreadable] = await Promise.all([
      runCheck(good),
      runCheck(bad),
      runCheck(missing),
    ]);
    expect(valid.status).toBe(0);
    expect(valid.stdout).toMatch(/^Round 1: commitment verified; points [\d ]+; scores [\d ]+$/m);
    expect(valid.stdout).toContain("Final scores");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("record/score_mismatch");
    expect(unreadable.status).toBe(2);
    rmSync(dir, { recursive: true, force: true });
    const history = await http<MatchHistoryResponse>(base, "GET", `/api/tables/${t.code}/matches`);
    expect(history.body.matches[0]).toMatchObject({
      match: 1,
      game: "dreams",
      finished: true,
      replay: `/replay/${t.code}/1`,
      record: `${path}/record`,
    });
    t.host.close();
  }, 120_000);

  it("of a game still going on hold only what a spectator may see now", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 1, { bots: 3 });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    // The player takes its time, so the game is still going on at several probes.
    const player = autoplay(t.host, "records-live", 150);
    let checked = 0;
    const problems: string[] = [];
    let seen = -1;
    for (let probe = 0; probe < 12; probe++) {
      // each probe at a later point of the game: once the table has moved on since the last one
      await t.host.waitFor(() => (t.host.view?.version ?? -1) > seen, 20_000, "the game to move on");
      seen = t.host.view?.version ?? seen;
      const path = `/api/tables/${t.code}/matches/1`;
      // The record first, then the replay: the replay is at the record's version or later, and what a
      // spectator may see only grows with the version, so the record is checked against the replay's.
      const record = await fetch(`${base}${path}/record`);
      const text = await record.text();
      const replay = await http<ReplayResponse>(base, "GET", `${path}/replay`);
      if (replay.body.finished) break;
      expect(record.headers.get("cache-control")).toBe("no-store");
      const truth = await truthOf(env.server.service, t.code, 1);
      const version = replay.body.frames.length - 1;
      const now = truth.states[version] as DreamsState;
      // The record: never the seed, the generator, a card not dealt yet, the current round's secret.
      const recordFrame: Frame = { event: "record", payload: {}, json: text };
      for (const p of check(recordFrame, "spectator", truth, version)) problems.push(`record: ${p}`);
      const dealt = truth.dealt.get(now.round.number) ?? new Set();
      const body = text.slice(text.indexOf("\nround 1"));
      for (const id of truth.deck)
        if (!dealt.has(id) && body.includes(id)) problems.push(`record shows ${id}`);
      if (now.round.result === null) {
        if (text.includes(now.round.salt)) problems.push("record has the salt");
        const lastRound = body.slice(body.lastIndexOf("\nround "));
        // A record read before this round was dealt ends with the round before, rightly revealed.
        const current = lastRound.startsWith(`\nround ${now.round.number} `);
        if (current && /^guess \d \w/m.test(lastRound)) problems.push("record shows a guess");
        if (current && /^reveal /m.test(lastRound)) problems.push("record reveals the round");
      }
      // Every frame of the replay, as a spectator's view push of its version.
      for (const frame of replay.body.frames) {
        const payload = { version: frame.version, view: frame.view, events: [] };
        const pushed: Frame = { event: "view", payload, json: JSON.stringify(payload) };
        for (const p of check(pushed, "spectator", truth, frame.version))
          problems.push(`frame ${frame.version}: ${p}`);
      }
      const last = replay.body.rounds.at(-1);
      if (now.round.result === null && last?.secret !== null) problems.push("replay reveals the round");
      checked++;
    }
    player.stop();
    expect(problems.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(3);
    // The checker sees a leak: a frame with the current round's mortal.
    const truth = await truthOf(env.server.service, t.code, 1);
    const at = truth.states.findIndex((s) => s.round.number === 1 && s.round.result === null);
    const leaky = { version: at, view: { round: 1, me: null, viewer: "spectator", mortal: 0 }, events: [] };
    expect(
      check({ event: "view", payload: leaky, json: JSON.stringify(leaky) }, "spectator", truth, at).length,
    ).toBeGreaterThan(0);
    t.host.close();
  }, 120_000);

  it("refuse bad addresses with documented codes", async () => {
    const base = env.server.url;
    const t = await seatTable(base, 3);
    const cases: Array<[string, number, string]> = [
      ["/api/tables/nope!/matches", 404, "table/unknown"],
      ["/api/tables/ZZZZZZ/matches", 404, "table/unknown"],
      [`/api/tables/${t.code}/matches/0/record`, 400, "match/bad_number"],
      [`/api/tables/${t.code}/matches/one/replay`, 400, "match/bad_number"],
      [`/api/tables/${t.code}/matches/1/record`, 404, "match/unknown"],
      [`/api/tables/${t.code}/matches/99/replay`, 404, "match/unknown"],
      ["/api/tables/ZZZZZZ/matches/1/record", 404, "table/unknown"],
    ];
    for (const [path, status, code] of cases) {
      const res = await http<{ error: { code: string } }>(base, "GET", path);
      expect([path, res.status, res.body.error?.code]).toEqual([path, status, code]);
    }
    const history = await http<MatchHistoryResponse>(base, "GET", `/api/tables/${t.code}/matches`);
    expect(history.body).toEqual({ code: t.code, matches: [] });
    for (const c of t.clients) c.close();
  });
});
