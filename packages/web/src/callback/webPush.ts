import { call } from "../api";
import { allSeatTokens } from "../tokens";

/**
 * This device's calls when it is the player's move (Web Push): asked for only on the player's click,
 * then the subscription the browser's push service gives is handed to the server with this browser's
 * seats (a guest) or for the signed-in account. docs/protocol.md, "Calls when it is your move".
 */
const DEVICE = "firmament.device";
const CHOICE = "firmament.pushCalls";
/** The server takes at most this many seats per request. */
const MAX_SEATS = 30;

export type PushState = "unsupported" | "off" | "on" | "denied";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** A random id this browser keeps, so the server can cap the subscriptions of one device. */
function deviceId(): string {
  let id = window.localStorage.getItem(DEVICE);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    window.localStorage.setItem(DEVICE, id);
  }
  return id;
}

function savedChoice(): { live: boolean } | null {
  try {
    const raw = window.localStorage.getItem(CHOICE);
    const parsed = raw ? (JSON.parse(raw) as { live?: unknown }) : null;
    return parsed ? { live: parsed.live === true } : null;
  } catch {
    return null;
  }
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? existing.pushManager.getSubscription() : null;
}

async function register(subscription: PushSubscription, live: boolean, lang: string): Promise<void> {
  const json = subscription.toJSON();
  await call("POST", "/api/push/subscriptions", {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    device: deviceId(),
    lang,
    live,
    seats: allSeatTokens().slice(-MAX_SEATS),
  });
}

/** What this device does now: calls on, off, blocked, or no Web Push at all. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted" || !savedChoice()) return "off";
  return (await currentSubscription()) ? "on" : "off";
}

/** The player's click: asks the browser's permission, subscribes, and tells the server. */
export async function startCalls(live: boolean, lang: string): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const worker = await registration();
  const { publicKey } = await call<{ publicKey: string }>("GET", "/api/push/key");
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(publicKey),
    }));
  await register(subscription, live, lang);
  window.localStorage.setItem(CHOICE, JSON.stringify({ live }));
  return "on";
}

export async function stopCalls(): Promise<PushState> {
  const subscription = await currentSubscription();
  window.localStorage.removeItem(CHOICE);
  if (subscription) {
    await call("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(
      () => undefined,
    );
    await subscription.unsubscribe().catch(() => false);
  }
  return "off";
}

/** With calls on, tells the server this browser's seats again (a table joined since) and its language. */
export async function refreshCalls(lang: string): Promise<void> {
  const choice = savedChoice();
  if (!choice || !pushSupported() || Notification.permission !== "granted") return;
  const subscription = await currentSubscription();
  if (subscription) await register(subscription, choice.live, lang).catch(() => undefined);
}

export function liveChoice(): boolean {
  return savedChoice()?.live ?? false;
}
