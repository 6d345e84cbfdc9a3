/** Why a game refused something: a namespaced, stable code (`action/not_your_turn`) and English text. */
export interface RuleError {
  code: string;
  message: string;
}

/** What every game function that can refuse returns instead of throwing. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function err(code: string, message: string): RuleError {
  return { code, message };
}

export function fail<T>(code: string, message: string): Result<T> {
  return { ok: false, error: err(code, message) };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}
