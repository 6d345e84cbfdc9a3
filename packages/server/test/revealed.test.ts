/**
 * Every revealed round's secret stays available to the table (Dreams' `view.revealed`): a client that
 * arrives late, or after a restart, can still check every round's commitment.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256Hex } from "@firmament/game-kit";
import { afterAll, describe, expect, it } from "vitest";
import { autoplay, seatTable, startTestServer, TestClient } from "./helpers";

const dataDir = mkdtempSync(join(tmpdir(), "firmament-revealed-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("revealed secrets", () => {
  it("every view carries every revealed round's secret, which checks out against that round's commitment", async () => {
    const first = await startTestServer({ dataDir, botDelayMs: 0 });
    const t = await seatTable(first.server.url, 1, { bots: 2 });
    const player = autoplay(t.host, "revealed");
    expect((await t.host.emit("start", {})).ok).toBe(true);
    await t.host.waitFor(() => t.host.view?.view.phase === "over", 60_000, "the game's end");
    player.stop();

    // The commitment each round was played under, as the player saw it while it was secret.
    const commitments = new Map<number, string>();
    let checked = 0;
    for (const frame of t.host.frames) {
      if (frame.event !== "view") continue;
      const view = (frame.payload as NonNullable<typeof t.host.view>).view;
      if (view.result === null) commitments.set(view.round, view.commitment);
      // Before a round's reveal every earlier round is there; from its reveal on, that round too.
      const revealedRounds = view.result === null ? view.round - 1 : view.round;
      expect(view.revealed.map((r) => r.round)).toEqual(
        Array.from({ length: revealedRounds }, (_, i) => i + 1),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    const final = t.host.view?.view;
    if (!final) throw new Error("no final view");
    expect(final.round).toBeGreaterThanOrEqual(2);
    for (const entry of final.revealed) {
      expect(sha256Hex(entry.secret)).toBe(entry.commitment);
      expect(entry.commitment).toBe(commitments.get(entry.round));
      expect(entry.secret).toMatch(new RegExp(`^dreams\\|${entry.round}\\|[1-4]\\|[0-2]\\|[0-9a-f]{32}$`));
    }
    const last = final.revealed.at(-1);
    expect(last?.secret).toBe(
      `dreams|${final.result?.secret.round}|${final.result?.secret.vision}|${final.result?.secret.mortal}|${final.result?.secret.salt}`,
    );
    for (const c of t.clients) c.close();

    // A spectator arriving now, even after a restart, gets them all.
    await first.server.close();
    const second = await startTestServer({ sameDataAs: first, botDelayMs: 0 });
    try {
      const late = new TestClient(second.server.url);
      await late.attach(t.code);
      await late.waitFor(() => late.view !== null, 5000, "the late spectator's view");
      expect(late.view?.view.revealed).toEqual(final.revealed);
      late.close();
    } finally {
      await second.close();
    }
  });
});
