/**
 * The leak test: records every frame every client receives over many seeded games and checks each one
 * against RULES.md's "Who may know what" table, using the true game (rebuilt from the stored log) as
 * the reference. Nothing a client may not know may appear in any frame: not the seed or the generator,
 * not the pile order, not the vision (for the mortal and spectators), not who the mortal is (for gods
 * and spectators), not another seat's guess — until the round's reveal.
 */
import { createGame, type DreamsState, mulberry32, replay, testSeed, type Viewer } from "@firmament/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ViewPush as AnyPush } from "../src/protocol";

type ViewPush = AnyPush<"dreams">;
type Push = ViewPush;

import { autoplay, type Frame, seatTable, startTestServer, TestClient } from "./helpers";

let env: Awaited<ReturnType<typeof startTestServer>>;
const seeds: string[] = [];
beforeAll(async () => {
  const random = mulberry32(20261126);
  env = await startTestServer({
    seedSource: () => {
      const seed = testSeed(random);
      seeds.push(seed);
      return seed;
    },
  });
});
afterAll(async () => {
  await env?.close();
});

/** Every path in a JSON value whose last key is `key`, as dotted strings. */
function pathsOf(value: unknown, key: string, path = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k === key) out.push(here);
    out.push(...pathsOf(v, key, here));
  }
  return out;
}

interface Truth {
  seed: string;
  /** The state after each version: states[v]. */
  states: DreamsState[];
  /** Card ids dealt in rounds 1..r: dealt[r]. */
  dealt: Map<number, Set<string>>;
  deck: string[];
}

async function truthOf(code: string, game: number): Promise<Truth> {
  const stored = await env.server.service.storedMatch(code, game);
  if (!stored) throw new Error("no stored game");
  const created = createGame({
    colours: stored.match.colours as never,
    deck: stored.match.deck,
    seed: stored.match.seed,
  });
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.value];
  for (const row of stored.actions) {
    const next = replay(states.at(-1) as DreamsState, [row.action]);
    if (!next.ok) throw new Error(next.error.message);
    states.push(next.value);
  }
  const dealt = new Map<number, Set<string>>();
  let sofar = new Set<string>();
  for (const s of states) {
    if (!dealt.has(s.round.number)) {
      sofar = new Set([...sofar, ...s.round.cards]);
      dealt.set(s.round.number, sofar);
    }
  }
  return { seed: stored.match.seed, states, dealt, deck: stored.match.deck };
}

/** Checks one frame; returns the problems found. */
function check(frame: Frame, viewer: Viewer, truth: Truth, lastVersion: number): string[] {
  const problems: string[] = [];
  const json = frame.json;
  // Never: the seed, the generator, the pile.
  if (json.includes(truth.seed)) problems.push("contains the seed");
  const state = truth.states[lastVersion] as DreamsState;
  if (json.includes(state.rng.key)) problems.push("contains the generator's key");
  for (const key of ["seed", "rng", "pile", "discard"])
    if (pathsOf(frame.payload, key).length > 0) problems.push(`has a "${key}" field`);
  // The only "deck" is the table's config naming the deck it uses.
  if (pathsOf(frame.payload, "deck").some((p) => !/^(table\.)?config\.deck$/.test(p)))
    problems.push('has a "deck" field');

  // Cards: none that has not been dealt yet (the pile order stays secret).
  const push = frame.event === "view" ? (frame.payload as Push) : null;
  // A `view` push, or an `events` push to a folding connection: the events of one version.
  const update =
    push ?? (frame.event === "events" ? (frame.payload as Pick<Push, "version" | "events">) : null);
  const round = update ? (truth.states[update.version] as DreamsState).round.number : state.round.number;
  const dealt = truth.dealt.get(round) ?? new Set<string>();
  for (const id of truth.deck)
    if (!dealt.has(id) && json.includes(`"${id}"`)) problems.push(`reveals undealt card ${id}`);

  // The round's secret and others' guesses, before the reveal.
  const at = update ? (truth.states[update.version] as DreamsState) : state;
  const revealed = at.round.result !== null;
  const secretPaths = (key: string) =>
    pathsOf(frame.payload, key).filter((p) => !/(^|\.)result\.secret\.[a-z]+$/.test(p));
  if (!revealed) {
    const mortal = at.round.mortal;
    const isMortal = viewer === mortal;
    if (secretPaths("salt").length > 0) problems.push("has the salt before the reveal");
    if (json.includes(at.round.salt)) problems.push("contains the salt before the reveal");
    if (secretPaths("mortal").length > 0) problems.push("has a mortal field before the reveal");
    if (!isMortal && json.includes('"mortal"'))
      problems.push("says 'mortal' to a non-mortal before the reveal");
    const visions = secretPaths("vision");
    // A god knows the vision: in its view, and in the event that deals the round (folding clients need it).
    const dealtTo = (p: string) => {
      const m = /^events\.(\d+)\.vision$/.exec(p);
      return m !== null && update?.events[Number(m[1])]?.type === "round_started";
    };
    const god = viewer !== "spectator" && !isMortal;
    for (const p of visions)
      if (!(god && (p === "view.me.vision" || dealtTo(p)))) problems.push(`has the vision at ${p}`);
    for (const p of pathsOf(frame.payload, "guess")) {
      if (p === "view.me.guess") continue;
      const m = /^events\.(\d+)\.guess$/.exec(p);
      const event = m && update ? update.events[Number(m[1])] : null;
      if (event && event.type === "guess_made" && event.seat === viewer) continue;
      problems.push(`shows a guess at ${p}`);
    }
    if (pathsOf(frame.payload, "guesses").length > 0) problems.push("shows the guesses");
  }
  // A player's own role is right; a spectator has none.
  if (push) {
    const me = push.view.me;
    if (viewer === "spectator") {
      if (me !== null) problems.push("spectator got a seat");
    } else if (me?.role !== (viewer === at.round.mortal ? "mortal" : "god")) problems.push("wrong role");
    if (push.view.viewer !== viewer) problems.push("view for another viewer");
  }
  return problems;
}

describe("leak test", () => {
  it("no frame to any client reveals what RULES.md says it may not know", async () => {
    const base = env.server.url;
    const sizes = [3, 4, 5, 6, 3, 4, 5, 6];
    const tables = await Promise.all(
      sizes.map((n, i) => seatTable(base, i % 2 === 0 ? n : n - 1, { bots: i % 2 === 0 ? 0 : 1 })),
    );
    const spectators = await Promise.all(
      tables.map(async (t) => {
        const s = new TestClient(base);
        await s.attach(t.code);
        return s;
      }),
    );
    // Folding connections (hello with fold: true) beside them: seat 0's player on a second connection,
    // and a spectator. Their `events` frames are checked like every other frame.
    const folding = await Promise.all(
      tables.map(async (t) => {
        const seat = new TestClient(base);
        await seat.connected();
        expect((await seat.emit("hello", { code: t.code, token: t.tokens[0], fold: true })).ok).toBe(true);
        const watcher = new TestClient(base);
        await watcher.connected();
        expect((await watcher.emit("hello", { code: t.code, fold: true })).ok).toBe(true);
        return { seat, watcher };
      }),
    );
    const players = tables.flatMap((t) => t.clients.map((c, i) => autoplay(c, `${t.code}:${i}`)));
    for (const t of tables) expect((await t.host.emit("start", {})).ok).toBe(true);
    for (const t of tables)
      await t.host.emit("chat", { text: "I am surely not the mortal <b>!</b>" }).catch(() => {});
    await Promise.all(
      tables.flatMap((t) => t.clients.map((c) => c.waitFor(() => c.view?.view.phase === "over", 90_000))),
    );
    for (const p of players) p.stop();
    await new Promise((r) => setTimeout(r, 100));

    let frames = 0;
    let views = 0;
    let eventPushes = 0;
    const problems: string[] = [];
    for (const [index, t] of tables.entries()) {
      const truth = await truthOf(t.code, 1);
      expect(seeds).toContain(truth.seed);
      const watchers: Array<[Viewer, TestClient]> = [
        ...t.clients.map((c, seat): [Viewer, TestClient] => [seat, c]),
        ["spectator", spectators[index] as TestClient],
        [0, folding[index]?.seat as TestClient],
        ["spectator", folding[index]?.watcher as TestClient],
      ];
      for (const [viewer, client] of watchers) {
        let lastVersion = 0;
        for (const frame of client.frames) {
          if (frame.event === "view" || frame.event === "events")
            lastVersion = (frame.payload as ViewPush).version;
          frames++;
          if (frame.event === "view") views++;
          if (frame.event === "events") eventPushes++;
          for (const p of check(frame, viewer, truth, lastVersion))
            problems.push(`${t.code} ${String(viewer)} ${frame.event} v${lastVersion}: ${p}`);
        }
      }
      // The game really had secrets to keep: several rounds, every view version seen by every seat.
      expect(truth.states.at(-1)?.phase).toBe("over");
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(views).toBeGreaterThan(1000);
    expect(eventPushes).toBeGreaterThan(500);
    expect(frames).toBeGreaterThan(views);
    // The checker itself catches a leak: a god's view with the mortal's seat in it.
    const t0 = tables[0];
    if (!t0) throw new Error("no table");
    const truth = await truthOf(t0.code, 1);
    const early = truth.states[1] as DreamsState;
    const god = early.round.mortal === 0 ? 1 : 0;
    const forged = t0.clients[god]?.frames.find((f) => f.event === "view") as Frame;
    const payload = structuredClone(forged.payload) as Record<string, unknown>;
    (payload as { view: Record<string, unknown> }).view.mortal = early.round.mortal;
    const leaky: Frame = { event: "view", payload, json: JSON.stringify(payload) };
    expect(check(leaky, god, truth, (payload as unknown as ViewPush).version).length).toBeGreaterThan(0);
    for (const t of tables) for (const c of t.clients) c.close();
    for (const s of spectators) s.close();
    for (const f of folding) for (const c of [f.seat, f.watcher]) c.close();
  });
});
