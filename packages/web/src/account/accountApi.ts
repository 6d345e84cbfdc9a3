import {
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { call } from "../api";
import { allSeatTokens } from "../tokens";

/** The signed-in account as `GET /api/account` answers. */
export interface Me {
  name: string;
  createdAt: number;
  passkeys: Array<{ id: string; device: string; createdAt: number; lastUsedAt: number | null }>;
}

interface Ceremony<T> {
  ceremony: string;
  options: T;
}

type Creation = Ceremony<PublicKeyCredentialCreationOptionsJSON>;
type Request = Ceremony<PublicKeyCredentialRequestOptionsJSON>;

/** Hands the seats this browser holds tokens for to the account (a guest's games), 50 at a time. */
async function claimGuestSeats(): Promise<void> {
  const seats = allSeatTokens();
  for (let i = 0; i < seats.length; i += 50)
    await call("POST", "/api/account/claims", { seats: seats.slice(i, i + 50) }).catch(() => undefined);
}

export const accountApi = {
  me: () => call<Me>("GET", "/api/account"),

  async signUp(name: string): Promise<{ name: string }> {
    const start = await call<Creation>("POST", "/api/auth/signup/options", { name });
    const response = await startRegistration({ optionsJSON: start.options });
    const done = await call<{ name: string }>("POST", "/api/auth/signup/verify", {
      ceremony: start.ceremony,
      response,
    });
    await claimGuestSeats();
    return done;
  },

  /** Signs in with a passkey: offered in the browser's autofill (`autofill`) or asked for at once. */
  async signIn(autofill: boolean): Promise<{ name: string }> {
    const start = await call<Request>("POST", "/api/auth/signin/options", {});
    const response = await startAuthentication({ optionsJSON: start.options, useBrowserAutofill: autofill });
    const done = await call<{ name: string }>("POST", "/api/auth/signin/verify", {
      ceremony: start.ceremony,
      response,
    });
    await claimGuestSeats();
    return done;
  },

  autofillSupported: () => browserSupportsWebAuthnAutofill(),

  signOut: (everywhere: boolean) => call("POST", "/api/auth/signout", { everywhere }),

  createLink: () => call<{ url: string; expiresAt: number }>("POST", "/api/account/links", {}),

  /** The new device's side of a link: its own passkey on the link's account. */
  async redeemLink(token: string): Promise<{ name: string }> {
    const start = await call<Creation & { name: string }>("POST", "/api/auth/link/options", { token });
    const response = await startRegistration({ optionsJSON: start.options });
    return call<{ name: string }>("POST", "/api/auth/link/verify", { ceremony: start.ceremony, response });
  },

  removePasskey: (id: string, last: boolean) =>
    call("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}${last ? "?confirm=last" : ""}`),

  deleteAccount: () => call("DELETE", "/api/account"),
};
