/**
 * Waits for a condition instead of a fixed time: asks `check` again every `everyMs` until it gives a
 * value that is not `undefined`, `null` or `false`, and returns that value; fails naming `what` once
 * `timeoutMs` has passed. `everyMs` 0 asks again on the next turn of the event loop.
 */
export async function until<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  everyMs = 20,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((next) => (everyMs === 0 ? setImmediate(next) : setTimeout(next, everyMs)));
  }
}

type Ack = { ok: boolean; error?: { code: string; message?: string } };

/**
 * Sends a command as soon as the connection's message budget (LIMITS.rate) allows it: a command refused
 * with `rate/limited` costs nothing and is sent again until one is answered otherwise.
 */
export function emitWhenAllowed<T extends Ack = Ack>(
  client: { emit<A>(event: string, ...payload: unknown[]): Promise<A> },
  event: string,
  payload: unknown,
  timeoutMs = 10_000,
): Promise<T> {
  return until(
    `${event} past the message budget`,
    async () => {
      const ack = await client.emit<T>(event, payload);
      return ack.error?.code === "rate/limited" ? false : ack;
    },
    timeoutMs,
    50,
  );
}
