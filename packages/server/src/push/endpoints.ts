import type { ProtocolError } from "../protocol";
import { resolvesInternally } from "./addresses";
import { p256PublicKey } from "./p256";

/**
 * The hosts of the browsers' push services (Chrome and other Chromium browsers: Google FCM; Firefox:
 * Mozilla autopush; Safari: Apple; Edge on Windows: WNS). `*.` matches any subdomain.
 */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
  "*.notify.windows.com",
];

/** Which endpoints a subscription may name. */
export interface EndpointPolicy {
  /** `https` hosts accepted (default `KNOWN_PUSH_HOSTS`); their addresses must be public. */
  hosts: readonly string[];
  /**
   * Origins (`scheme://host:port`) accepted as they are, whatever their scheme and address: a test's
   * local push endpoint (env `PUSH_EXTRA_ORIGINS`). Never needed in production.
   */
  extraOrigins: readonly string[];
  /** Resolves a host's addresses (tests); default DNS. */
  resolve?: (host: string) => Promise<string[]>;
}

const MAX_ENDPOINT = 1024;
type Checked = { ok: true } | { ok: false; error: ProtocolError };
const refused = (code: string, message: string): Checked => ({ ok: false, error: { code, message } });

function hostAllowed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((allowed) =>
    allowed.startsWith("*.")
      ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1
      : host === allowed,
  );
}

/** Whether the server may send to `endpoint`: a known push service's `https` URL on a public address. */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<Checked> {
  if (endpoint.length > MAX_ENDPOINT)
    return refused("push/bad_endpoint", `An endpoint is at most ${MAX_ENDPOINT} characters.`);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refused("push/bad_endpoint", "The endpoint is not a URL.");
  }
  if (policy.extraOrigins.includes(url.origin)) return { ok: true };
  if (url.protocol !== "https:") return refused("push/not_https", "Only https endpoints are accepted.");
  if (url.username || url.password || url.port !== "")
    return refused("push/bad_endpoint", "An endpoint has no user, password or port of its own.");
  if (!hostAllowed(url.hostname.toLowerCase(), policy.hosts))
    return refused("push/unknown_service", "The endpoint is not one of the known browser push services.");
  if (await resolvesInternally(url.hostname, policy.resolve))
    return refused("push/internal_address", "The endpoint's host does not resolve to a public address.");
  return { ok: true };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decoded(text: string, bytes: number): Buffer | null {
  if (!BASE64URL.test(text.replace(/=+$/, ""))) return null;
  const raw = Buffer.from(text, "base64url");
  return raw.length === bytes ? raw : null;
}

/** Whether the browser's keys are a P-256 point (65 bytes, uncompressed, on the curve) and a 16-byte secret. */
export function checkKeys(keys: { p256dh: string; auth: string }): Checked {
  const point = decoded(keys.p256dh, 65);
  if (point?.[0] !== 4 || !onCurve(point))
    return refused("push/bad_key", "p256dh must be an uncompressed P-256 point: 65 bytes, base64url.");
  if (!decoded(keys.auth, 16)) return refused("push/bad_key", "auth must be 16 bytes, base64url.");
  return { ok: true };
}

function onCurve(point: Buffer): boolean {
  try {
    p256PublicKey(point);
    return true;
  } catch {
    return false;
  }
}
