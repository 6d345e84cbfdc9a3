/**
 * Passkey accounts for real in Chromium: each browser context has its own DevTools virtual authenticator
 * (CTAP2, resident keys, user verification). Sign up, sign out, sign in by the button and by the
 * browser's autofill (conditional mediation), add a second device by its one-time link in another
 * context, remove a passkey; axe finds nothing on the account pages; screenshots at phone and desktop
 * size in English and German.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { violations } from "./axe";
import { browserSuite, screenshotDir } from "./harness";
import { deviceContext, deviceLink, NO_AUTOFILL, signUp as signUpAt, siteOf } from "./passkeys";

const e2e = browserSuite({});
const site = () => siteOf(e2e.server.url);

const passkeyItems = (page: Page) => page.locator(".passkeys li");

const signUp = (page: Page, name: string) => signUpAt(page, site(), name);

/** A seat taken as a guest, its token stored where the web client keeps seat tokens; the table's code. */
async function guestSeat(page: Page): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${e2e.server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const table = await post("/api/tables", { game: "dreamers", visibility: "private", timer: "off" });
  const seat = await post(`/api/tables/${table.code}/join`, { name: "Vera", colour: "red" });
  await page.evaluate(
    ([code, token]) =>
      localStorage.setItem("firmament.seats", JSON.stringify({ [code as string]: { seat: 0, token } })),
    [table.code, seat.token],
  );
  return table.code;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir(), `${name}.png`), fullPage: true });
}

describe("passkey accounts in the browser", () => {
  it("signs up, out, in by button and by autofill; adds a device by link; removes a passkey", async () => {
    const phone = await deviceContext(e2e.browser, { width: 390, height: 844 });
    const { page } = phone;
    await page.goto(`${site()}/account`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await shot(page, "account-en-phone-signed-out");

    // a seat this browser took as a guest joins the account made here
    const guestTable = await guestSeat(page);
    await signUp(page, "Vera Lumen");
    const exported = await page.evaluate(() => fetch("/api/account/export").then((r) => r.json()));
    expect(exported.seats).toEqual([expect.objectContaining({ table: guestTable, seat: 0 })]);
    await page.getByRole("heading", { name: "Add another device" }).waitFor();
    expect(await passkeyItems(page).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await shot(page, "account-en-phone-signed-up");

    // by the button, as in a browser without passkeys in its autofill
    await page.evaluate((flag) => sessionStorage.setItem(flag, "1"), NO_AUTOFILL);
    await page.reload();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByRole("heading", { name: "Signed in as Vera Lumen" }).waitFor();

    // by the autofill (conditional mediation, asked for as soon as the sign-in form shows): the virtual
    // authenticator picks the one passkey itself, nothing is clicked
    await page.evaluate((flag) => sessionStorage.removeItem(flag), NO_AUTOFILL);
    await page.reload();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("heading", { name: "Signed in as Vera Lumen" }).waitFor({ timeout: 15_000 });

    const link = await deviceLink(page, site());
    expect(link).toMatch(/\/link#[A-Za-z0-9_-]{43}$/);
    await page.getByRole("img", { name: "QR code of the link for another device" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await shot(page, "account-en-phone-device-link");

    const laptop = await deviceContext(e2e.browser, { width: 1280, height: 800 });
    await laptop.page.goto(link);
    const saveHere = laptop.page.getByRole("button", { name: "Save a passkey on this device" });
    await saveHere.waitFor();
    expect(await violations(laptop.page)).toEqual([]);
    await saveHere.click();
    await laptop.page.getByRole("heading", { name: "Signed in as Vera Lumen" }).waitFor();
    await expect.poll(() => passkeyItems(laptop.page).count()).toBe(2);
    expect(await violations(laptop.page)).toEqual([]);
    await shot(laptop.page, "account-en-desktop-devices");
    // the account's seat, recognised at its table on the other device without the seat token
    await laptop.page.goto(`${site()}/t/${guestTable}`);
    await laptop.page.getByRole("button", { name: "Leave seat" }).waitFor();
    await laptop.page.goto(`${site()}/account`);

    // the phone's passkey (the first made) removed from the laptop: the phone can no longer sign in with it
    await laptop.page
      .getByRole("button", { name: /^Remove the passkey/ })
      .first()
      .click();
    await expect.poll(() => passkeyItems(laptop.page).count()).toBe(1);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByRole("alert").filter({ hasText: "This passkey is not known here" }).waitFor();
    await phone.context.close();
    await laptop.context.close();
  }, 120_000);

  it("shows the account pages in German at both sizes", async () => {
    for (const [size, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["desktop", { width: 1280, height: 800 }],
    ] as const) {
      const { context, page } = await deviceContext(e2e.browser, viewport, "de");
      await page.goto(`${site()}/account`);
      await page.getByRole("heading", { name: "Anmelden" }).waitFor();
      expect(await violations(page)).toEqual([]);
      await shot(page, `account-de-${size}-signed-out`);
      await page.getByLabel("Name (einmal gewählt)").fill(`Mira ${size}`);
      await page.getByRole("button", { name: "Konto mit Passkey erstellen" }).click();
      await page.getByRole("heading", { name: `Angemeldet als Mira ${size}` }).waitFor();
      expect(await violations(page)).toEqual([]);
      await shot(page, `account-de-${size}-signed-up`);
      await context.close();
    }
  }, 120_000);

  it("shows English sign-in and sign-up at desktop size", async () => {
    const { context, page } = await deviceContext(e2e.browser, { width: 1280, height: 800 });
    await page.goto(`${site()}/account`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await shot(page, "account-en-desktop-signed-out");
    await signUp(page, "Desk Top");
    await shot(page, "account-en-desktop-signed-up");
    await context.close();
  }, 60_000);
});
