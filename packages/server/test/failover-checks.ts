/**
 * What the failover test checks once play has stopped: every stored log against what its clients were
 * told, bots and turn timers.
 */
import { dreamers } from "@firmament/dreamers";
import { expect } from "vitest";
import type { NoticePush, ViewPush } from "../src/protocol";
import type { Store } from "../src/store/types";
import type { autoplay, TestClient } from "./helpers";
import { dreamersTruth, dreamsTruth } from "./leak-checks";

export type Game = "dreams" | "dreamers";
export interface PlayTable {
  code: string;
  game: Game;
  clients: TestClient[];
  host: TestClient;
  players: Array<ReturnType<typeof autoplay>>;
}

export const pushOf = (c: TestClient) => c.view as ViewPush | null;
export const matchOf = (p: ViewPush) => p.match ?? p.game;

type Truth = ReturnType<typeof dreamsTruth> | ReturnType<typeof dreamersTruth>;

/** Each stored match of a table, replayed: versions 1..N, legal to its end, every acknowledged action in it. */
async function storedMatches(store: Store, t: PlayTable) {
  let actionsCompared = 0;
  const info = await store.loadTable(t.code, 1);
  const last = info?.table.match ?? 0;
  const truths = new Map<number, Truth>();
  for (let m = 1; m <= last; m++) {
    const stored = await store.loadMatch(t.code, m);
    if (!stored) throw new Error(`${t.code}: no match ${m}`);
    // nothing doubled or skipped: versions 1..N, and the whole log replays legally to a finished match
    expect(stored.actions.map((a) => a.version)).toEqual(stored.actions.map((_, i) => i + 1));
    const truth = t.game === "dreams" ? dreamsTruth(stored) : dreamersTruth(stored);
    expect((truth.states.at(-1) as { phase: string }).phase).toBe("over");
    truths.set(m, truth);
    // every acknowledged action is in the log, at the version its ack gave
    for (const p of t.players)
      for (const ack of p.acks.filter((a) => a.game === m)) {
        expect(stored.actions[ack.version - 1]?.action).toEqual(ack.action);
        actionsCompared++;
      }
  }
  return { truths, actionsCompared };
}

/** The checks after play: logs vs what clients were told, bots and timers. Returns counts. */
export async function verify(
  store: Store,
  tables: PlayTable[],
  botForConnected: string[],
  trace: (line: string) => void,
) {
  let actionsCompared = 0;
  let matches = 0;
  let viewsCompared = 0;
  const notices: NoticePush[] = [];
  const failedHellos: string[] = [];
  for (const t of tables) {
    const stored = await storedMatches(store, t);
    matches += stored.truths.size;
    actionsCompared += stored.actionsCompared;
    const truths = stored.truths;
    for (const [seat, c] of t.clients.entries()) {
      for (const frame of c.frames) {
        if (frame.event === "ack:hello" && !(frame.payload as { ok: boolean }).ok)
          failedHellos.push(`${t.code} seat ${seat}: ${frame.json}`);
        if (frame.event === "notice" && seat === 0) notices.push(frame.payload as NoticePush);
        if (frame.event !== "view") continue;
        // what a client was shown is what the stored log replays to at that version
        const push = frame.payload as ViewPush;
        const truth = truths.get(matchOf(push));
        const state = truth?.states[push.version];
        expect(state, `${t.code} match ${matchOf(push)} v${push.version}`).toBeDefined();
        if (t.game === "dreamers")
          expect(JSON.stringify(push.view)).toBe(JSON.stringify(dreamers.view(state as never, seat)));
        else expect(push.view.round).toBe((state as { round: { number: number } }).round.number);
        viewsCompared++;
      }
    }
    // each timer firing is one move, made once: a notice per (match, version), for that seat's action
    const codeNotices = notices.filter((n) => n.code === "turn/played_for_you");
    const keys = codeNotices.map((n) => `${t.code}:${n.match}:${n.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const n of codeNotices) {
      const row = (await store.loadMatch(t.code, n.match))?.actions[n.version - 1];
      expect((row?.action as { seat?: number } | undefined)?.seat).toBe(n.seat);
    }
    notices.length = 0;
  }
  trace(`failed hellos: ${failedHellos.join("; ")}`);
  expect(failedHellos).toEqual([]);
  // no bot played for a player who was connected (and had been served for 3 s, time for the table's
  // owner to hear of the connection after a hand-over)
  expect(botForConnected).toEqual([]);
  return { actionsCompared, matches, viewsCompared };
}

export const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { n: sorted.length, p50: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
};

/**
 * Every time a client was sent a `view` older than one it had been sent, or an `events` push it
 * already had (same table, so per client): none may be.
 */
export function versionsBackwards(tables: PlayTable[]): string[] {
  const backwards: string[] = [];
  for (const t of tables)
    for (const [seat, c] of t.clients.entries()) {
      // the protocol's guarantee is per connection (docs/protocol.md, "Views in order")
      let last: { match: number; version: number; connection?: number } | null = null;
      for (const frame of c.frames) {
        if (frame.event !== "view" && frame.event !== "events") continue;
        if (last && last.connection !== frame.connection) last = null;
        const push = frame.payload as { match?: number; game?: number; version: number };
        const match = push.match ?? push.game ?? 0;
        if (last) {
          const older = match < last.match || (match === last.match && push.version < last.version);
          const again = frame.event === "events" && match === last.match && push.version === last.version;
          if (older || again)
            backwards.push(
              `${t.code} seat ${seat}: ${frame.event} ${match}/${push.version} after ${last.match}/${last.version}`,
            );
        }
        if (!last || match > last.match || (match === last.match && push.version > last.version))
          last = { match, version: push.version, connection: frame.connection };
      }
    }
  return backwards;
}
