import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { PasskeyRow } from "../store/account-types";
import type { SiteOrigin } from "./cookies";

/** The WebAuthn ceremonies with `@simplewebauthn/server`: discoverable passkeys, verification preferred. */

const RP_NAME = "Firmament";
/** How long the browser may take for one ceremony, and so how long its challenge lives. */
export const CEREMONY_MS = 5 * 60_000;

/** Options for `navigator.credentials.create`: a discoverable passkey for this account. */
export function registrationOptions(
  site: SiteOrigin,
  account: { id: string; name: string },
  existing: readonly PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: site.rpId,
    userName: account.name,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    timeout: CEREMONY_MS,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

/** Options for `navigator.credentials.get` without naming anyone: the browser offers its passkeys. */
export function authenticationOptions(site: SiteOrigin): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: site.rpId,
    userVerification: "preferred",
    timeout: CEREMONY_MS,
    allowCredentials: [],
  });
}

type Transport = NonNullable<
  Parameters<typeof generateRegistrationOptions>[0]["excludeCredentials"]
>[number]["transports"];

function transportsOf(p: PasskeyRow): Transport {
  return p.transports as Transport;
}

/** The new passkey a registration response carries, once checked against the challenge and the site; null if not. */
export async function verifyRegistration(
  site: SiteOrigin,
  challenge: string,
  response: RegistrationResponseJSON,
): Promise<Pick<PasskeyRow, "id" | "publicKey" | "counter" | "transports"> | null> {
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: site.origin,
    expectedRPID: site.rpId,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return null;
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
  };
}

/** The passkey's new signature counter if the assertion is its own, for this challenge and site; null if not. */
export async function verifyAuthentication(
  site: SiteOrigin,
  challenge: string,
  response: AuthenticationResponseJSON,
  passkey: PasskeyRow,
): Promise<number | null> {
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: site.origin,
    expectedRPID: site.rpId,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
      counter: passkey.counter,
      transports: transportsOf(passkey),
    },
    requireUserVerification: false,
  }).catch(() => null);
  return result?.verified ? result.authenticationInfo.newCounter : null;
}

/** The account a discoverable passkey's assertion names (its user handle), or null. */
export function userHandleOf(response: AuthenticationResponseJSON): string | null {
  const handle = response.response.userHandle;
  if (!handle) return null;
  try {
    return Buffer.from(handle, "base64url").toString("utf8");
  } catch {
    return null;
  }
}

/** "Chrome on Android": what a passkey was made on, from the browser's user agent. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser =
    [
      ["Edg/", "Edge"],
      ["Firefox/", "Firefox"],
      ["OPR/", "Opera"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
    ].find(([mark]) => ua.includes(mark as string))?.[1] ?? "Browser";
  const system =
    [
      ["Android", "Android"],
      ["iPhone", "iPhone"],
      ["iPad", "iPad"],
      ["Mac OS X", "macOS"],
      ["Windows", "Windows"],
      ["CrOS", "ChromeOS"],
      ["Linux", "Linux"],
    ].find(([mark]) => ua.includes(mark as string))?.[1] ?? "an unknown system";
  return `${browser} on ${system}`;
}
