import type { ProtocolError } from "./protocol";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ProtocolError; status?: number };

export const fail = (
  code: string,
  message: string,
  status = 400,
): { ok: false; error: ProtocolError; status: number } => ({
  ok: false,
  error: { code, message },
  status,
});
