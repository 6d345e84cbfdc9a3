import { ApiError } from "./api";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A namespaced error code (`upload/too_large`) in the reader's language; a code the catalogues do not
 * know shows the server's message inside the generic sentence.
 */
export function codeText(
  code: string,
  message: string,
  t: Translate,
  values?: Record<string, unknown>,
): string {
  const key = `errors.${code}`;
  const known = t(key, values);
  return known === key ? t("errors.generic", { message }) : known;
}

/** Whatever a failed request threw, as text for the reader. */
export function errorText(e: unknown, t: Translate): string {
  return codeText(e instanceof ApiError ? e.code : "generic", e instanceof Error ? e.message : String(e), t);
}
