/**
 * GET /api/tables/:code/matches/:match/beliefs: the strongest bot's beliefs of revealed rounds only,
 * checked against the bots' own functions on the spectator's view rebuilt from the stored log.
 */
import { explainStars } from "@firmament/bots";
import { explainTurns } from "@firmament/bots/dreamers";
import { standardDeck } from "@firmament/cards";
import type { DreamersRoundBeliefs, DreamersView } from "@firmament/dreamers";
import type { DreamsRoundBeliefs, DreamsView } from "@firmament/dreams";
import type { MatchBeliefs as AnyMatchBeliefs } from "@firmament/protocol";

/** Beliefs of either game's rounds, as these tests read them. */
type MatchBeliefs = AnyMatchBeliefs<DreamsRoundBeliefs | DreamersRoundBeliefs>;

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundEndViews } from "../src/beliefs";
import { gameOf } from "../src/games";
import { fallbackBot } from "../src/games/dreams-bot";
import { autoplay, http, joinTable, seatTable, startTestServer, TestClient } from "./helpers";

let env: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  env = await startTestServer();
});
afterAll(async () => {
  await env?.close();
});

const detail = new Map(standardDeck().cards.map((c) => [c.id, c.detail]));
const get = <T = MatchBeliefs>(path: string) => http<T>(env.server.url, "GET", path);
const cacheOf = async (path: string) => (await fetch(env.server.url + path)).headers.get("cache-control");
/** A bot that plays its seat up to a round's reveal and then does nothing more. */
const holdAtReveal = (bot: { decide(view: never): unknown }) => ({
  decide: (view: never) => ((view as DreamsView).phase === "reveal" ? null : bot.decide(view)),
});
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("bot beliefs over HTTP", () => {
  it("Dreams: refused for the round in play, served for revealed rounds as the bots compute them", async () => {
    const t = await seatTable(env.server.url, 1, { bots: 2 });
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view?.view.phase === "placing", 5000, "the first round");
    const path = `/api/tables/${t.code}/matches/1/beliefs`;

    // Round 1 in play: nothing is explained, and asking for it is refused.
    const early = await get(path);
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ game: "dreams", match: 1, rounds: [], inPlay: 1, final: false });
    expect(await cacheOf(path)).toBe("no-cache");
    const refused = await get<{ error: { code: string } }>(`${path}?round=1`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("round/in_play");

    // Round 1 played to its reveal, where the host waits: nothing is in play, but the match goes on, so
    // the list may still grow and is not cached.
    const toReveal = autoplay(t.host, "beliefs", 0, (seed) => holdAtReveal(fallbackBot(seed)));
    await t.host.waitFor(() => t.host.view?.view.phase === "reveal", 30_000, "the reveal");
    toReveal.stop();
    const between = await get(path);
    expect([between.body.inPlay, between.body.final]).toEqual([null, false]);
    expect(await cacheOf(path)).toBe("no-cache");

    // On into round 2, where the host stops.
    const player = autoplay(t.host, "beliefs");
    await t.host.waitFor(() => (t.host.view?.view.round ?? 0) >= 2, 30_000, "round 2");
    player.stop();
    // Several at once (every client at the reveal): one computation, the same answer for all.
    const [served, ...others] = await Promise.all(Array.from({ length: 5 }, () => get(path)));
    if (!served) throw new Error("no answer");
    for (const other of others) expect(other.body).toEqual(served.body);
    expect(served.status).toBe(200);
    expect(served.body.inPlay).toBe(2);
    expect(served.body.rounds).toHaveLength(1);
    const round = served.body.rounds[0];
    if (round?.game !== "dreams") throw new Error("expected a Dreams round");
    expect(round.round).toBe(1);
    expect(round.steps).toHaveLength(3 * 3 + 1);
    for (const step of round.steps)
      for (const [seat, b] of step.entries()) {
        expect(sum(b.asMortal)).toBeCloseTo(1, 2);
        expect(sum(b.asGod)).toBeCloseTo(1, 2);
        expect(b.asGod[seat]).toBe(0);
      }
    expect(round.final).toEqual(round.steps.at(-1));
    expect((await get<{ error: { code: string } }>(`${path}?round=2`)).body.error.code).toBe("round/in_play");
    const one = await get(`${path}?round=1`);
    expect(one.body.rounds).toEqual(served.body.rounds);
    expect(one.body.final).toBe(true);
    expect(await cacheOf(`${path}?round=1`)).toBe("public, max-age=3600");

    // The same numbers as the bots' function on the spectator's view rebuilt from the stored log.
    const stored = await env.server.service.storedMatch(t.code, 1);
    if (!stored) throw new Error("no stored match");
    const game = gameOf("dreams");
    if (!game) throw new Error("no Dreams");
    const views = roundEndViews(
      game,
      stored.match.setup,
      stored.match.seed,
      stored.actions.map((a) => a.action),
    );
    const spectator = views?.[0] as DreamsView;
    expect(spectator.result?.secret.vision).toBe(round.vision);
    const expected = explainStars(spectator, round.vision as 1 | 2 | 3 | 4, (id) => detail.get(id) as never);
    expected.final.forEach((b, seat) => {
      b.asMortal.forEach((p, i) => {
        expect(round.final[seat]?.asMortal[i]).toBeCloseTo(p, 3);
      });
    });
    const unknown = await get<{ error: { code: string } }>(`${path}?round=9`);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "round/unknown"]);
    for (const c of t.clients) c.close();
  }, 60_000);

  it("Dreamers: each finished round's turn-by-turn belief, as explainTurns gives it", async () => {
    const created = await http<{ code: string; hostToken: string }>(env.server.url, "POST", "/api/tables", {
      game: "dreamers",
      visibility: "private",
      timer: "off",
    });
    const { code, hostToken } = created.body;
    const host = new TestClient(env.server.url);
    await host.attach(code, undefined, hostToken);
    for (const seat of [0, 1]) expect((await host.emit("add_bot", { seat })).ok).toBe(true);
    expect((await host.emit("start", {})).ok).toBe(true);
    await host.waitFor(
      () => (host.view?.view as unknown as DreamersView)?.phase === "over",
      60_000,
      "the end",
    );
    const res = await get(`/api/tables/${code}/matches/1/beliefs`);
    expect(res.status).toBe(200);
    expect(res.body.inPlay).toBeNull();
    expect(res.body.final).toBe(true);
    expect(await cacheOf(`/api/tables/${code}/matches/1/beliefs`)).toBe("public, max-age=3600");
    expect(res.body.rounds.length).toBeGreaterThanOrEqual(5);
    const stored = await env.server.service.storedMatch(code, 1);
    const game = gameOf("dreamers");
    if (!stored || !game) throw new Error("no stored match");
    const views = roundEndViews(
      game,
      stored.match.setup,
      stored.match.seed,
      stored.actions.map((a) => a.action),
    );
    res.body.rounds.forEach((round, i) => {
      if (round.game !== "dreamers") throw new Error("expected a Dreamers round");
      const expected = explainTurns(views?.[i] as DreamersView);
      expect(round.round).toBe(i + 1);
      for (const seat of [0, 1] as const) {
        expect(round.seats[seat]).toHaveLength(expected.seats[seat].length);
        round.seats[seat].forEach((p, t) => {
          expect(p).toBeCloseTo(expected.seats[seat][t] as number, 3);
        });
      }
    });
    host.close();
  }, 90_000);

  it("refuses bad parameters with clear errors", async () => {
    const created = await http<{ code: string }>(env.server.url, "POST", "/api/tables", {
      game: "dreams",
      seats: 3,
      visibility: "private",
      timer: "off",
      deck: "standard",
    });
    const code = created.body.code;
    await joinTable(env.server.url, code, 0);
    const cases: Array<[string, number, string]> = [
      [`/api/tables/${code}/matches/0/beliefs`, 400, "input/invalid"],
      [`/api/tables/${code}/matches/abc/beliefs`, 400, "input/invalid"],
      [`/api/tables/${code}/matches/1/beliefs`, 404, "match/unknown"],
      [`/api/tables/${code}/matches/1/beliefs?colour=red`, 400, "input/malformed"],
      [`/api/tables/${code}/matches/1/beliefs?round=x`, 400, "input/invalid"],
      ["/api/tables/ZZZZZZ/matches/1/beliefs", 404, "table/unknown"],
      ["/api/tables/!!/matches/1/beliefs", 404, "table/unknown"],
    ];
    for (const [path, status, code] of cases) {
      const res = await get<{ error: { code: string; message: string } }>(path);
      expect([path, res.status, res.body.error?.code]).toEqual([path, status, code]);
      expect(res.body.error.message.length).toBeGreaterThan(5);
    }
  });
});
