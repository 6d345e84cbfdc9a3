import type { EngineError, Result } from "./types";

export function err(code: string, message: string): EngineError {
  return { code, message };
}

export function fail<T>(code: string, message: string): Result<T> {
  return { ok: false, error: err(code, message) };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}
