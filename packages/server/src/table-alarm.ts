/**
 * A table's one timer: it rings its table for the earliest due event, and a ring that failed (the store
 * was unreachable: nothing moved) is tried again, later each time, until one succeeds or the table moves
 * on (another change set the alarm anew). The store's checks keep a move that was stored although its
 * write seemed to fail from being made twice.
 */
import type { Clock } from "./clock";
import type { Outcome } from "./outcome";

/** A failed ring is tried again after this, doubled with each failure up to `RING_RETRY_MAX_MS`. */
const RING_RETRY_MS = 250;
const RING_RETRY_MAX_MS = 4000;

export class TableAlarm {
  private handle: unknown = null;
  /** Rings in a row that failed. */
  private failedRings = 0;

  /**
   * `ring`: what the table does when the alarm goes off; `retry`: the table sets the alarm again, no
   * sooner than the delay it is given (it may have nothing due any more).
   */
  constructor(
    private readonly clock: Clock,
    private readonly ring: () => Promise<Outcome<null>>,
    private readonly retry: (minDelayMs: number) => void,
  ) {}

  /** Rings at `at` (epoch ms), never sooner than `minDelayMs` from now; never if `at` is not finite. */
  set(at: number, minDelayMs: number): void {
    this.clear();
    if (!Number.isFinite(at)) return;
    const fire = () => {
      this.handle = null;
      void this.ring().then((outcome) => this.rang(outcome));
    };
    this.handle = this.clock.setTimer(fire, Math.max(minDelayMs, at - this.clock.now()));
  }

  clear(): void {
    if (this.handle !== null) this.clock.clearTimer(this.handle);
    this.handle = null;
  }

  private rang(outcome: Outcome<null>): void {
    if (outcome.ok || outcome.error.code !== "server/error") {
      this.failedRings = 0;
      return;
    }
    this.failedRings++;
    if (this.handle !== null) return;
    this.retry(Math.min(RING_RETRY_MAX_MS, RING_RETRY_MS * 2 ** (this.failedRings - 1)));
  }
}
