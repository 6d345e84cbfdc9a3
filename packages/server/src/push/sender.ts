import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import type { PushSubscriptionRow } from "../store/push-types";
import { isInternalAddress } from "./addresses";
import type { Vapid } from "./vapid";

/** How a push service answered: delivered, the subscription is gone (404/410: forget it), or failed. */
export type SendResult = "sent" | "gone" | "failed";

export interface PushMessage {
  payload: string;
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** A newer message of the same topic replaces an undelivered older one (a table's calls). */
  topic: string;
}

const TIMEOUT_MS = 10_000;
/** A VAPID signature is made for 12 h and reused for 11 per push service (signing costs more than encrypting). */
const VAPID_LIFE_S = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3_600_000;
const signatures = new Map<string, { authorization: string; until: number; key: string }>();

/** The `Authorization` header for a push service's origin, signed with `vapid`. */
function vapidAuthorization(audience: string, vapid: Vapid): string {
  const now = Date.now();
  const cached = signatures.get(audience);
  if (cached && cached.until > now && cached.key === vapid.privateKey) return cached.authorization;
  const headers = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
    Math.floor(now / 1000) + VAPID_LIFE_S,
  );
  const authorization = String(headers.Authorization);
  signatures.set(audience, { authorization, until: now + VAPID_REUSE_MS, key: vapid.privateKey });
  return authorization;
}

/**
 * Sends one encrypted message (RFC 8291, aes128gcm) signed with VAPID (RFC 8292). `web-push` builds the
 * request; it is sent here so that the connection goes only to a public address — checked on the
 * address actually connected to, so a host whose DNS changed since it was accepted (rebinding) cannot
 * make the server call inside its network. `trusted` origins (tests) skip that check and may be http.
 */
export async function sendPush(
  subscription: PushSubscriptionRow,
  message: PushMessage,
  vapid: Vapid,
  trusted: readonly string[],
): Promise<SendResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    message.payload,
    {
      headers: { Authorization: vapidAuthorization(new URL(subscription.endpoint).origin, vapid) },
      TTL: message.ttl,
      urgency: message.urgency,
      topic: message.topic,
      contentEncoding: "aes128gcm",
    },
  );
  const url = new URL(details.endpoint);
  const isTrusted = trusted.includes(url.origin);
  if (url.protocol !== "https:" && !isTrusted) return "failed";
  const status = await post(url, details.headers as Record<string, string>, details.body, isTrusted).catch(
    () => 0,
  );
  if (status === 404 || status === 410) return "gone";
  return status >= 200 && status < 300 ? "sent" : "failed";
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: Buffer | null,
  trusted: boolean,
): Promise<number> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: "POST",
        headers,
        timeout: TIMEOUT_MS,
        ...(!trusted && { lookup: publicOnlyLookup, agent: false }),
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("timeout", () => request.destroy(new Error("push service timed out")));
    request.on("error", reject);
    request.end(body ?? undefined);
  });
}

/** `dns.lookup` that fails when the host has any internal address. */
const publicOnlyLookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    if (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address)))
      return callback(new Error(`push endpoint ${hostname} resolves to an internal address`));
    const all = (options as { all?: boolean }).all === true;
    const first = addresses[0] as LookupAddress;
    return all ? callback(null, addresses) : callback(null, first.address, first.family);
  });
}) as unknown as typeof dnsLookup;
