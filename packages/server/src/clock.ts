/** Time and timers behind an interface, so tests can drive time and a scaled-out mode can swap scheduling. */
export interface Clock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => {
    const handle = setTimeout(fn, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    handle.unref?.();
    return handle;
  },
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A clock for tests: its time moves only when `advance` moves it. A timer due at once (0 ms) fires on
 * its own, on the event loop's next turn, as a real one would; later ones fire, in order and each at
 * its own time, as `advance` passes them.
 */
export class ManualClock implements Clock {
  private time: number;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;

  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    if (ms <= 0) setImmediate(() => this.fireDue(this.time));
    return id;
  }

  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time on by `ms`, firing every timer due on the way at its own time. */
  advance(ms: number): void {
    this.fireDue(this.time + ms);
  }

  private fireDue(until: number): void {
    for (;;) {
      let due: [number, { at: number; fn: () => void }] | null = null;
      for (const entry of this.timers)
        if (entry[1].at <= until && (due === null || entry[1].at < due[1].at)) due = entry;
      if (due === null) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].fn();
    }
    this.time = Math.max(this.time, until);
  }
}
