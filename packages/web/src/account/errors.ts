import { ApiError } from "../api";
import { errorText } from "../errorText";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An account step's failure as text: the server's `auth/…`/`account/…` codes, or the passkey step's own. */
export function accountErrorText(e: unknown, t: Translate): string {
  if (e instanceof ApiError) {
    const [area, reason] = e.code.split("/");
    if ((area === "auth" || area === "account") && reason) {
      const key = `account.errors.${reason}`;
      const known = t(key);
      if (known !== key) return known;
    }
    return errorText(e, t);
  }
  // the browser's WebAuthn call: cancelled, timed out, or no authenticator
  return t("account.webauthnFailed");
}
