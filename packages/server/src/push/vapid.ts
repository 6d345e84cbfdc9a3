import webpush from "web-push";
import type { Clock } from "../clock";
import type { PushStore, VapidKeys } from "../store/push-types";

/** How the server signs its calls (RFC 8292): its key pair and whom push services may contact. */
export interface Vapid extends VapidKeys {
  /** `mailto:` or `https:` URL of the operator (env `PUSH_VAPID_SUBJECT`). */
  subject: string;
}

/** The settings a deployment may give (env `PUSH_VAPID_PUBLIC_KEY`, `PUSH_VAPID_PRIVATE_KEY`, `PUSH_VAPID_SUBJECT`). */
export interface VapidSettings {
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  subject?: string | undefined;
}

const bytesOf = (key: string) => Buffer.from(key, "base64url").length;

/**
 * The given key pair, else the one stored in the database — made and stored by the first process to
 * start, so every process of a cluster signs with the same pair and subscriptions survive restarts.
 */
export async function loadVapid(
  settings: VapidSettings,
  parts: { store: Pick<PushStore, "vapidKeys">; clock: Clock },
  publicUrl?: string,
): Promise<Vapid> {
  const subject = settings.subject ?? defaultSubject(publicUrl);
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new Error("PUSH_VAPID_SUBJECT must be a mailto: or https:// URL");
  if (settings.publicKey || settings.privateKey) {
    const { publicKey, privateKey } = settings;
    if (!publicKey || !privateKey || bytesOf(publicKey) !== 65 || bytesOf(privateKey) !== 32)
      throw new Error(
        "PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY go together: a P-256 pair, base64url (65 and 32 bytes)",
      );
    return { publicKey, privateKey, subject };
  }
  const keys = await parts.store.vapidKeys(webpush.generateVAPIDKeys(), parts.clock.now());
  return { ...keys, subject };
}

function defaultSubject(publicUrl: string | undefined): string {
  return publicUrl?.startsWith("https://") ? new URL(publicUrl).origin : "mailto:operator@firmament.invalid";
}
