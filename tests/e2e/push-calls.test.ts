/**
 * Calls when it is your move, in Chromium: a seated guest clicks "Call me when it's my move" (the only
 * time the page asks for notifications), the page's subscription — from a local push service, as Chromium
 * here cannot reach a browser vendor's — reaches the server; a move started through `TurnCalls` is sent,
 * encrypted and signed, to that service, which decrypts it; delivered to the page's service worker, it
 * becomes the notification, read back with `getNotifications()`. "Your games" offers the same calls to a
 * guest with a turn-based table, and its click stores the subscription for that seat.
 */
import { join } from "node:path";
import {
  createPushCalls,
  LocalPushService,
  type LocalSubscription,
  loadVapid,
  openLocalSqliteStore,
  silentLog,
  systemClock,
} from "@firmament/server/push-testing";
import { afterAll, describe, expect, it } from "vitest";
import { violations } from "./axe";
import { browserSuite, screenshotDir, watchErrors } from "./harness";
import { keepSeat, postJson, tableWithAda } from "./tables";

const service = await new LocalPushService().start();
const e2e = browserSuite({ PUSH_EXTRA_ORIGINS: service.origin });
afterAll(() => service.close());

declare global {
  interface Window {
    __permissionAsked: number;
  }
}

/** Counts the page's permission requests, and gives `pushManager` the local service's subscription. */
function pageInit(subscription: LocalSubscription): void {
  window.__permissionAsked = 0;
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = () => {
    window.__permissionAsked++;
    return ask();
  };
  let current: PushSubscription | null = null;
  const made = {
    endpoint: subscription.endpoint,
    options: {},
    toJSON: () => ({ endpoint: subscription.endpoint, keys: subscription.keys }),
    unsubscribe: async () => {
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  PushManager.prototype.subscribe = async () => {
    current = made;
    return made;
  };
  PushManager.prototype.getSubscription = async () => current;
}

/** A browser that may be notified, holds this guest's seat, and gets the local service's subscription. */
async function seatedGuest(
  code: string,
  seat: { seat: number; token: string },
  subscription: LocalSubscription,
) {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await context.grantPermissions(["notifications"]);
  await context.addInitScript(pageInit, subscription);
  await keepSeat(context, code, seat);
  return context;
}

describe("calls when it is your move, in Chromium", () => {
  it("asks only on the click, subscribes, and the service worker shows the server's call", async () => {
    const { code, ada } = await tableWithAda(e2e.server, {
      game: "dreamers",
      visibility: "private",
      timer: "off",
    });
    await postJson(e2e.server, `/api/tables/${code}/join`, { name: "Bruno", colour: "blue" });

    const subscription = service.subscribe();
    const context = await seatedGuest(code, ada, subscription);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/t/${code}`);
    const button = page.getByRole("button", { name: "Call me when it's my move" });
    await button.waitFor();
    expect(await page.evaluate(() => window.__permissionAsked)).toBe(0);

    await page.getByRole("checkbox", { name: "Also at live tables, after 20 s away" }).check();
    await button.click();
    await page.getByText("This device will be called when it is your move").waitFor();
    expect(await page.evaluate(() => window.__permissionAsked)).toBe(1);
    await page.getByRole("button", { name: "Stop calling me on this device" }).waitFor();

    // the server stored the subscription: a move started through TurnCalls calls this device
    const store = await openLocalSqliteStore(e2e.server.dataDir);
    const vapid = await loadVapid({}, { store, clock: systemClock });
    const calls = createPushCalls({
      store,
      clock: systemClock,
      log: silentLog,
      vapid,
      trustedOrigins: [service.origin],
    });
    calls.moveStarted(code, ada.seat, Date.now() + 23 * 3_600_000 + 30 * 60_000);
    await calls.settled();
    await store.close();
    expect(service.refused).toEqual([]);
    const [received] = service.for(subscription.endpoint);
    if (!received) throw new Error("no call reached the push service");
    expect(JSON.parse(received.payload)).toMatchObject({
      title: "Your move in Dreamers with Bruno — 23 h left",
      url: `/t/${code}`,
    });
    expect(received.vapidKey).toBe((await (await fetch(`${e2e.server.url}/api/push/key`)).json()).publicKey);

    // what the push service would hand the browser: the decrypted message, to the page's worker
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
        const found = event.registrations.find((r) => !r.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(e2e.server.url).origin,
      registrationId: await registration,
      data: received.payload,
    });
    const shown = () =>
      page.evaluate(async () => {
        const worker = await navigator.serviceWorker.ready;
        return (await worker.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      });
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      {
        title: "Your move in Dreamers with Bruno — 23 h left",
        body: "Open the table to play.",
        tag: `table-${code}`,
      },
    ]);
    await page.screenshot({ path: join(screenshotDir(), "push-calls-table.png"), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("are offered on your games to a player with a turn-based game, and the click stores the subscription", async () => {
    const { code, ada } = await tableWithAda(e2e.server, {
      game: "dreamers",
      visibility: "private",
      timer: "off",
      pace: { kind: "turnBased", moveHours: 24 },
    });
    await postJson(e2e.server, `/api/tables/${code}/join`, { name: "Bruno", colour: "blue" });
    const subscription = service.subscribe();
    const context = await seatedGuest(code, ada, subscription);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/games`);
    const offer = page.getByRole("region", { name: "Calls when it's your move" });
    const button = offer.getByRole("button", { name: "Call me when it's my move" });
    await button.waitFor();
    await page.getByRole("heading", { name: /waiting to start$/ }).waitFor();
    expect(await page.evaluate(() => window.__permissionAsked)).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotDir(), "push-calls-your-games.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(screenshotDir(), "push-calls-your-games-phone.png"), fullPage: true });

    await button.click();
    await offer
      .getByRole("status")
      .filter({ hasText: "This device will be called when it is your move" })
      .waitFor();
    expect(await page.evaluate(() => window.__permissionAsked)).toBe(1);
    await offer.getByRole("button", { name: "Stop calling me on this device" }).waitFor();
    await page.screenshot({
      path: join(screenshotDir(), "push-calls-your-games-phone-on.png"),
      fullPage: true,
    });

    // the server stored the subscription for Ada's seat, as this guest's browser holds it
    const store = await openLocalSqliteStore(e2e.server.dataDir);
    const targets = await store.pushTargets(code, ada.seat);
    await store.close();
    expect(targets.map((t) => ({ endpoint: t.endpoint, lang: t.lang, live: t.live }))).toEqual([
      { endpoint: subscription.endpoint, lang: "en", live: false },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
