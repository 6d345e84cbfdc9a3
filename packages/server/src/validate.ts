import { LRUCache } from "lru-cache";
import type { z } from "zod";
import { allStringsWellFormed, type ProtocolError } from "./protocol";

const MALFORMED = new Set([
  "invalid_type",
  "unrecognized_keys",
  "invalid_union",
  "invalid_key",
  "invalid_element",
]);

/** Turns zod's first issue into a clear, stable protocol error. */
export function zodError(error: z.ZodError): ProtocolError {
  const issue = error.issues[0];
  if (!issue) return { code: "input/malformed", message: "The message is malformed." };
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  const code = MALFORMED.has(issue.code) ? "input/malformed" : "input/invalid";
  return { code, message: `${where}${issue.message}` };
}

/** Every string that comes in, anywhere in it, must be well-formed UTF-16 (no lone surrogate). */
const ILL_FORMED: ProtocolError = {
  code: "input/invalid",
  message: "Text must be well-formed Unicode (a lone surrogate was sent).",
};

/** Reads inbound input (an HTTP body or parameter, a socket payload) with `schema`. */
export function parseWith<T>(
  schema: z.ZodType<T>,
  input: unknown,
): { ok: true; value: T } | { ok: false; error: ProtocolError } {
  if (!allStringsWellFormed(input)) return { ok: false, error: ILL_FORMED };
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: zodError(result.error) };
}

/**
 * Whether a socket payload holds binary data anywhere (socket.io decodes binary attachments into
 * Buffers): every message is JSON, so binary data is refused before anything reads it. Walks without
 * recursion, so no nesting depth makes it throw.
 */
export function holdsBinary(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== "object" || item === null) continue;
    if (ArrayBuffer.isView(item) || item instanceof ArrayBuffer) return true;
    if (Array.isArray(item)) for (const element of item) stack.push(element);
    else for (const element of Object.values(item)) stack.push(element);
  }
  return false;
}

/** A token bucket: `burst` messages at once, refilled at `perSecond`. */
export class RateLimiter {
  private tokens: number;
  private at: number;
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  take(): boolean {
    if (!this.available()) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether `take` would succeed now, without taking. */
  available(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    return this.tokens >= 1;
  }
}

/** One token bucket per key (e.g. per client address), forgetting the least recently seen keys beyond `maxKeys`. */
export class KeyedRateLimiter {
  private readonly buckets: LRUCache<string, RateLimiter>;
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.buckets = new LRUCache({ max: maxKeys });
  }

  /** True if `key` may go ahead now. */
  take(key: string): boolean {
    let limiter = this.buckets.get(key);
    if (!limiter) {
      limiter = new RateLimiter(this.perSecond, this.burst, this.now);
      this.buckets.set(key, limiter);
    }
    return limiter.take();
  }

  /** Whether `take(key)` would succeed now, without taking (and without tracking a new key). */
  available(key: string): boolean {
    return this.buckets.get(key)?.available() ?? true;
  }
}
