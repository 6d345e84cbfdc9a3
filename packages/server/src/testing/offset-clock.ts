import type { Clock } from "../clock";

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * A clock for a test's server process: real time plus an offset the test moves on (`advance`), so
 * days pass in a moment while everything that waits milliseconds (batching, bots) still runs in real
 * time. Each timer remembers the time it is due at: when the offset jumps, timers that are now due fire
 * at once, in order, and the others wait for what is left.
 */
export class OffsetClock implements Clock {
  private offset: number;
  private readonly timers = new Map<number, { at: number; fn: () => void; handle: NodeJS.Timeout }>();
  private nextId = 1;

  /** `start`: the clock's first reading (epoch ms); default the real time. */
  constructor(start = Date.now()) {
    this.offset = start - Date.now();
  }

  now(): number {
    return Date.now() + this.offset;
  }

  setTimer(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.schedule(id, this.now() + Math.max(0, ms), fn);
    return id;
  }

  clearTimer(handle: unknown): void {
    const timer = this.timers.get(handle as number);
    if (timer) clearTimeout(timer.handle);
    this.timers.delete(handle as number);
  }

  /** Moves the clock on by `ms`: every timer due by then fires, soonest first. */
  advance(ms: number): void {
    this.offset += ms;
    const pending = [...this.timers].sort((a, b) => a[1].at - b[1].at);
    for (const [id, timer] of pending) {
      clearTimeout(timer.handle);
      this.schedule(id, timer.at, timer.fn);
    }
  }

  private schedule(id: number, at: number, fn: () => void): void {
    const wait = Math.min(MAX_TIMEOUT_MS, Math.max(0, at - this.now()));
    const handle = setTimeout(() => {
      if (this.now() < at) return this.schedule(id, at, fn);
      this.timers.delete(id);
      fn();
    }, wait);
    handle.unref();
    this.timers.set(id, { at, fn, handle });
  }
}
