import type { Logger } from "pino";
import type { Clock } from "../clock";
import { gameOf } from "../games";
import type { PushSubscriptionRow } from "../store/push-types";
import type { Store } from "../store/types";
import type { TurnCalls } from "../turn-calls";
import { type PushMessage, type SendResult, sendPush } from "./sender";
import { callLanguage, callText } from "./texts";
import type { Vapid } from "./vapid";
import { SeatVisibility } from "./visibility";

/** A live table calls a seat whose page has not shown the table for this long since its move began. */
export const LIVE_HIDDEN_MS = 20_000;
const DAY_S = 86_400;
/** The record of a call is kept past the longest move (3 days, doubled once) and then forgotten. */
const FORGET_CALLS_MS = 8 * DAY_S * 1000;
const SWEEP_MS = 3_600_000;

export interface PushCallsOptions {
  store: Store;
  clock: Clock;
  log: Logger;
  vapid: Vapid;
  /** Endpoint origins sent to as they are (tests' local push service; `EndpointPolicy.extraOrigins`). */
  trustedOrigins?: readonly string[];
  /** Sends one message (tests of failures); default `sendPush`. */
  send?: (subscription: PushSubscriptionRow, message: PushMessage) => Promise<SendResult>;
}

/** The Web Push side of `TurnCalls`, and the pages' visibility it heeds. */
export interface PushCalls extends TurnCalls {
  readonly visibility: SeatVisibility;
  /** Resolves when every call started so far has been sent (tests, shutdown). */
  settled(): Promise<void>;
  close(): void;
}

type CallKind = "move" | "reminder";

/**
 * Calls players back by Web Push when it is their move: once per turn-based move (and its reminder),
 * recorded in the store so that whichever process owns the table calls once; on a live table, to the
 * devices that asked for it, once the seat's page has been hidden `LIVE_HIDDEN_MS` into its move.
 * Nobody is called while their page shows the table.
 */
export function createPushCalls(options: PushCallsOptions): PushCalls {
  const { store, clock, log } = options;
  const visibility = new SeatVisibility();
  const trusted = options.trustedOrigins ?? [];
  const send = options.send ?? ((s, m) => sendPush(s, m, options.vapid, trusted));
  const liveTimers = new Map<string, unknown>();
  const running = new Set<Promise<void>>();

  const track = (work: Promise<void>) => {
    const p = work.catch((error) => log.warn({ err: error }, "push call failed"));
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  const call = async (
    code: string,
    seat: number,
    kind: CallKind,
    deadlineAt: number | null,
    resumed = false,
  ) => {
    const targets = (await store.pushTargets(code, seat)).filter((t) => deadlineAt !== null || t.live);
    if (targets.length === 0) return;
    const claimed =
      deadlineAt === null || (await store.claimPushCall(code, seat, kind, deadlineAt, clock.now(), resumed));
    if (!claimed) return;
    const about = await tableAbout(store, code, seat);
    if (!about) return;
    await Promise.all(
      targets.map(async (target) => {
        const message = messageFor(target, { code, kind, deadlineAt, now: clock.now(), ...about });
        const result = await send(target, message);
        if (result === "gone") await store.deletePushSubscription(target.endpoint);
        else if (result === "failed") log.info({ table: code, seat }, "a push service refused a call");
      }),
    );
    if (deadlineAt !== null) await store.markPushCallSent(code, seat, kind, deadlineAt);
  };

  const liveKey = (code: string, seat: number) => `${code}:${seat}`;
  let sweep: unknown = null;
  const sweepLater = () => {
    sweep = clock.setTimer(() => {
      const now = clock.now();
      visibility.prune(now, FORGET_CALLS_MS);
      void store
        .forgetPushCalls(now - FORGET_CALLS_MS)
        .catch((error) => log.warn({ err: error }, "push sweep failed"));
      sweepLater();
    }, SWEEP_MS);
  };
  sweepLater();

  return {
    visibility,
    moveStarted(code, seat, deadlineAt, resumed = false) {
      const key = liveKey(code, seat);
      clock.clearTimer(liveTimers.get(key));
      liveTimers.delete(key);
      if (deadlineAt !== null) {
        if (!visibility.visible(code, seat)) track(call(code, seat, "move", deadlineAt, resumed));
        return;
      }
      const startedAt = clock.now();
      const timer = clock.setTimer(() => {
        liveTimers.delete(key);
        if (!visibility.seenSince(code, seat, startedAt)) track(call(code, seat, "move", null));
      }, LIVE_HIDDEN_MS);
      liveTimers.set(key, timer);
    },
    reminder(code, seat, deadlineAt) {
      if (!visibility.visible(code, seat)) track(call(code, seat, "reminder", deadlineAt));
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
    close() {
      clock.clearTimer(sweep);
      for (const timer of liveTimers.values()) clock.clearTimer(timer);
      liveTimers.clear();
    },
  };
}

/** What a call may say of a table: its game's name and the other players' names — nothing hidden. */
async function tableAbout(
  store: Store,
  code: string,
  seat: number,
): Promise<{ game: string; others: string[] } | null> {
  const facts = await store.pushTableFacts(code);
  if (!facts) return null;
  const game = gameOf(facts.game)?.title ?? facts.game;
  const others = facts.seats.filter((s) => s.seat !== seat && s.name !== null).map((s) => s.name as string);
  return { game, others };
}

function messageFor(
  target: PushSubscriptionRow,
  call: {
    code: string;
    kind: CallKind;
    deadlineAt: number | null;
    now: number;
    game: string;
    others: string[];
  },
): PushMessage {
  const lang = callLanguage(target.lang);
  const leftMs = call.deadlineAt === null ? null : Math.max(0, call.deadlineAt - call.now);
  const text = callText({ kind: call.kind, game: call.game, others: call.others, leftMs }, lang);
  const payload = JSON.stringify({
    v: 1,
    title: text.title,
    body: text.body,
    url: `/t/${call.code}`,
    tag: `table-${call.code}`,
    lang,
  });
  return {
    payload,
    // a live call is stale in a minute; a turn-based one until its deadline (at most a day)
    ttl: leftMs === null ? 60 : Math.max(60, Math.min(DAY_S, Math.floor(leftMs / 1000))),
    urgency: leftMs === null || call.kind === "reminder" ? "high" : "normal",
    topic: `table${call.code}`.slice(0, 32),
  };
}
