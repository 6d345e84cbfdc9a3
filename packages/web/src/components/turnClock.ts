/**
 * The turn timer as players see it. The server says when the turn ends (`deadline`) and what its own
 * clock read when it said so (`now`); this client's clock may be off by seconds, so the deadline is
 * moved onto this client's clock by the time left as of the push. Every countdown on the page reads one
 * shared ticking clock, so the prompt and the player's row always show the same second, and a countdown
 * never shows more than the turn's length.
 */
import type { TableConfig } from "@firmament/protocol";
import { useRef, useSyncExternalStore } from "react";
import { findGame } from "../games/registry";

/** How often the shared clock ticks: a countdown's second changes at most this late. */
export const TICK_MS = 200;

/** A view push's timer fields. */
export interface TimedPush {
  deadline: number | null;
  now: number;
}

/**
 * The deadline on this client's clock: received at `receivedAt` (this client's clock), the push had
 * `deadline - now` left. Latency only makes it later by the time the push took to arrive.
 */
export function localDeadline(push: TimedPush, receivedAt: number): number | null {
  return push.deadline === null ? null : receivedAt + (push.deadline - push.now);
}

/** Whole seconds left, rounded up, never below 0 nor above the turn's length (when known). */
export function secondsLeft(deadline: number, now: number, limitMs?: number | null): number {
  const left = Math.min(deadline - now, limitMs ?? Number.POSITIVE_INFINITY);
  return Math.max(0, Math.ceil(left / 1000));
}

/** The length of a turn in this phase at this table (ms), or null if the phase has no timer. */
export function turnLimitMs(
  config: Pick<TableConfig, "game" | "timer" | "pace">,
  phase: string,
): number | null {
  // a turn-based move: its time per move, doubled at most once
  if (config.pace?.kind === "turnBased") return config.pace.moveHours * 3_600_000 * 2;
  const seconds = config.timer === "off" ? undefined : findGame(config.game)?.timers[config.timer][phase];
  return seconds === undefined ? null : seconds * 1000;
}

// The one clock of the page: ticks while some countdown is shown.
const listeners = new Set<() => void>();
let current = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    current = Date.now();
    timer = setInterval(() => {
      current = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Before any countdown ticks, the time is read afresh (in steps of a tick, so React sees one value). */
function snapshot(): number {
  if (timer === null) current = Math.floor(Date.now() / TICK_MS) * TICK_MS;
  return current;
}

/** This client's clock, shared by every component on the page and updated every `TICK_MS`. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** A turn deadline moved onto this client's clock, and the push it came from. */
export interface FollowedDeadline {
  push: TimedPush;
  local: number | null;
}

/**
 * The deadline after `push` arrived at `receivedAt`. While the server's deadline stays the same (the
 * same turn), a push that took longer to arrive does not move it later: a slow push is not more time.
 */
export function followDeadline(
  previous: FollowedDeadline | null,
  push: TimedPush,
  receivedAt: number,
): FollowedDeadline {
  let local = localDeadline(push, receivedAt);
  if (local !== null && previous?.local != null && previous.push.deadline === push.deadline)
    local = Math.min(local, previous.local);
  return { push, local };
}

/**
 * The current turn's deadline on this client's clock, from the latest view push. `receivedAt` is when
 * that push arrived (this client's clock); without it, when this first sees the push.
 */
export function useTurnDeadline(push: TimedPush, receivedAt?: number): number | null {
  const followed = useRef<FollowedDeadline | null>(null);
  if (followed.current?.push !== push)
    followed.current = followDeadline(followed.current, push, receivedAt ?? Date.now());
  return followed.current.local;
}
