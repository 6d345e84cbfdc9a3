/**
 * Upgrading the standard deck: a table playing a match dealt from an older edition (2) keeps its pictures
 * after the server restarts with a newer one (3) as the current one — the match replays to the same
 * cards, their images are still served, bots still read their detail maps — and play again deals the
 * current edition.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { editionOfCard } from "@firmament/cards";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/app";
import { autoplay, http, seatTable } from "./helpers";
import { emitWhenAllowed } from "./until";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-editions-"));
const warnings: string[] = [];
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(edition: number, port = 0): Promise<RunningServer> {
  return startServer({
    port,
    host: "127.0.0.1",
    dataDir,
    webDist: join(dataDir, "no-web"),
    botDelayMs: 0,
    postsPerSecond: 0,
    standardEdition: edition,
    log: pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) }),
  });
}

describe("a new edition of the standard deck", () => {
  it("lets a match dealt from the old edition finish with its own pictures", {
    timeout: 150_000,
  }, async () => {
    let server = await start(2);
    const t = await seatTable(server.url, 1, { bots: 2, reconnection: true });
    const play = autoplay(t.host, "editions", 5);
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => (t.host.view?.version ?? 0) >= 8, 30_000, "into the first round");
    const cards = t.host.view?.view.cards ?? [];
    expect(cards.map(editionOfCard)).toEqual([2, 2, 2, 2]);
    const port = server.port;
    await server.close();

    server = await start(3, port);
    // the old server said goodbye, so the client does not reconnect by itself: as after a deploy, it does
    t.host.socket.connect();
    try {
      await t.host.waitFor(() => t.host.view?.view.phase === "over", 90_000, "the old match ends");
      play.stop();
      const stored = await server.service.storedMatch(t.code, 1);
      expect(new Set(stored?.match.deck.map(editionOfCard))).toEqual(new Set([2]));
      // every card the match showed is still served, by its id
      for (const id of cards) expect((await fetch(`${server.url}/cards/${id}.webp`)).status).toBe(200);
      expect(warnings.filter((w) => w.includes("bot failed"))).toEqual([]);
      // the next match is dealt from the current edition
      // The autoplayer may have spent the connection's message budget (LIMITS.rate) on the last moves.
      const again = await emitWhenAllowed(t.host, "play_again", {});
      expect(again.ok ? "ok" : JSON.stringify(again.error)).toBe("ok");
      await t.host.waitFor(() => t.host.view?.match === 2, 10_000, "match 2");
      expect(t.host.view?.view.cards.map(editionOfCard)).toEqual([3, 3, 3, 3]);
      const manifest = await http<{ version: string; cards: Array<{ id: string }> }>(
        server.url,
        "GET",
        "/api/decks/standard",
      );
      expect(manifest.body.cards.every((c) => editionOfCard(c.id) === 3)).toBe(true);
    } finally {
      t.host.close();
      await server.close();
    }
  });
});
