import type { Result } from "./result";

/**
 * Runs a rules function on input from outside, so that nothing a caller passes — a Proxy, a getter that
 * throws, a revoked object — makes it throw: any exception becomes `action/malformed`.
 */
export function guarded<T>(run: () => Result<T>): Result<T> {
  try {
    return run();
  } catch {
    return { ok: false, error: { code: "action/malformed", message: "The action could not be read." } };
  }
}
