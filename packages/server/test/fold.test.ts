/**
 * Folding connections (`hello` with `fold: true`): after `hello` they get the whole view, after each
 * action only its events (`events` push), which they fold with the game's pure `fold`; connections that
 * do not declare it keep getting the whole view after every action. Both kinds sit side by side at the
 * same tables here, seats and spectators, in both games, and every folded view must equal the whole
 * view the other kind got for the same version.
 */
import { type DreamersPublicEvent, fold as foldDreamersView } from "@firmament/dreamers";
import {
  type DreamsTableView,
  fold as foldDreamsView,
  type PublicEvent,
  revealedSecret,
} from "@firmament/dreams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import type { EventsPush, ViewPush } from "../src/protocol";
import type { PushOf } from "./game-pushes";
import {
  autoplay,
  http,
  joinTable,
  seatTable,
  startSeededServer,
  TestClient,
  type TestServer,
} from "./helpers";

/** A view of either game, as the server sends it. */
type GameView = PushOf<"dreams">["view"] | PushOf<"dreamers">["view"];

let env: TestServer;
beforeAll(async () => {
  env = await startSeededServer(20261128);
});
afterAll(async () => {
  await env?.close();
});

function foldView(view: GameView, event: unknown): GameView {
  if (view.game === "dreamers") return foldDreamersView(view, event as DreamersPublicEvent);
  const e = event as PublicEvent;
  const revealed =
    e.type === "round_revealed" ? [...view.revealed, revealedSecret(e.result.secret)] : view.revealed;
  return { ...foldDreamsView(view, e), revealed } as DreamsTableView;
}

/** A connection that declares `fold` and keeps its view by folding; it records every view it reaches. */
class FoldingClient extends TestClient {
  folded: ViewPush<GameView> | null = null;
  readonly reached = new Map<number, GameView>();
  gaps = 0;

  constructor(url: string) {
    super(url);
    this.socket.on("view", (push: ViewPush<GameView>) => {
      this.folded = push;
      this.reached.set(push.version, push.view);
    });
    this.socket.on("events", (update: EventsPush) => {
      const push = this.folded;
      if (!push || update.match !== push.match || update.version !== push.version + 1) {
        this.gaps++;
        return;
      }
      let view = push.view;
      for (const event of update.events) view = foldView(view, event);
      this.folded = { ...push, version: update.version, view };
      this.reached.set(update.version, view);
    });
  }

  async attachFolding(code: string, token?: string) {
    this.hello = { code, ...(token && { token }), fold: true } as TestClient["hello"];
    await this.connected();
    const ack = await this.emit<{ ok: boolean }>("hello", this.hello);
    if (!ack.ok) throw new Error(`hello failed: ${JSON.stringify(ack)}`);
  }
}

/** A whole-view connection that records the view of every version it is sent. */
function recordWhole(client: TestClient): Map<number, GameView> {
  const seen = new Map<number, GameView>();
  client.socket.on("view", (push: ViewPush<GameView>) => seen.set(push.version, push.view));
  return seen;
}

function expectSameViews(folding: FoldingClient, whole: Map<number, GameView>, last: number) {
  expect(folding.gaps).toBe(0);
  for (let version = 0; version <= last; version++)
    expect(folding.reached.get(version)).toEqual(whole.get(version));
  const viewsAfterStart = folding.frames.filter((f) => f.event === "view").length;
  expect(viewsAfterStart).toBe(1);
  expect(folding.frames.filter((f) => f.event === "events").length).toBe(last);
}

describe("folding connections", () => {
  it("fold a whole Dreams game into exactly the views whole-view connections get, for seats and spectators", async () => {
    const base = env.server.url;
    const { code, clients, tokens, host } = await seatTable(base, 4);
    const wholeSeen = clients.map(recordWhole);
    const folding = clients.map(() => new FoldingClient(base));
    for (const [seat, client] of folding.entries()) await client.attachFolding(code, tokens[seat]);
    const watcher = new FoldingClient(base);
    await watcher.attachFolding(code);
    const wholeWatcher = new TestClient(base);
    const watcherSeen = recordWhole(wholeWatcher);
    await wholeWatcher.attach(code);
    expect((await host.emit("start", {})).ok).toBe(true);
    const players = clients.map((client, seat) => autoplay(client, `fold-${seat}`));
    await host.waitFor(() => host.view?.view.phase === "over", 120_000, "the game's end");
    for (const p of players) p.stop();
    const last = host.view?.version ?? 0;
    await watcher.waitFor(() => watcher.folded?.version === last, 10_000, "the spectator's last events");
    for (const [seat, client] of folding.entries()) {
      await client.waitFor(() => client.folded?.version === last, 10_000, "a seat's last events");
      expectSameViews(client, wholeSeen[seat] as Map<number, GameView>, last);
    }
    expectSameViews(watcher, watcherSeen, last);
    // Old-style connections never see an `events` push.
    for (const client of [...clients, wholeWatcher])
      expect(client.frames.some((f) => f.event === "events")).toBe(false);
    const bytes = (client: TestClient, event: string) =>
      client.frames.filter((f) => f.event === event).reduce((sum, f) => sum + f.json.length, 0);
    expect(bytes(folding[0] as FoldingClient, "events") * 4).toBeLessThan(
      bytes(clients[0] as TestClient, "view"),
    );
    for (const client of [...clients, ...folding, watcher, wholeWatcher]) client.close();
  }, 180_000);

  it("fold a Dreamers match against a bot into the whole views, and resync with hello after a gap", async () => {
    const base = env.server.url;
    const created = await http<{ code: string; hostToken: string }>(base, "POST", "/api/tables", {
      game: "dreamers",
      visibility: "private",
      timer: "off",
    });
    const { code, hostToken } = created.body;
    const joined = await joinTable(base, code, 0, hostToken);
    const whole = new TestClient(base);
    const wholeSeen = recordWhole(whole);
    await whole.attach(code, joined.token, hostToken);
    expect((await whole.emit("add_bot", { seat: 1 })).ok).toBe(true);
    const folding = new FoldingClient(base);
    await folding.attachFolding(code, joined.token);
    const watcher = new FoldingClient(base);
    await watcher.attachFolding(code);
    expect((await whole.emit("start", {})).ok).toBe(true);
    const player = autoplay(whole, "fold-dreamers", 0, dreamersFallbackBot);
    const phase = () => (whole.view as unknown as PushOf<"dreamers"> | null)?.view.phase;
    await whole.waitFor(() => phase() === "over", 120_000, "the match's end");
    player.stop();
    const last = whole.view?.version ?? 0;
    await folding.waitFor(() => folding.folded?.version === last, 10_000, "the seat's last events");
    await watcher.waitFor(() => watcher.folded?.version === last, 10_000, "the spectator's last events");
    expectSameViews(folding, wholeSeen, last);
    expect(watcher.gaps).toBe(0);
    // A second hello on the same connection brings the whole view again (how a client resyncs).
    await folding.emit("hello", folding.hello);
    await folding.waitFor(
      () => folding.frames.filter((f) => f.event === "view").length === 2,
      10_000,
      "a whole view",
    );
    expect(folding.folded?.view).toEqual(wholeSeen.get(last));
    for (const client of [whole, folding, watcher]) client.close();
  }, 180_000);
});
