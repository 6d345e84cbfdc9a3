/**
 * Browser "devices" with passkeys for the account tests: each context has its own DevTools virtual
 * authenticator (CTAP2, resident keys, user verification), so WebAuthn runs for real in Chromium.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

/** Set in a page's session storage: the browser behaves as one without passkeys in its autofill. */
export const NO_AUTOFILL = "e2e:no-autofill";

/** WebAuthn needs a domain as RP ID (no IP address): the pages are opened at localhost. */
export const siteOf = (serverUrl: string) => serverUrl.replace("127.0.0.1", "localhost");

/** A browser context with its own virtual platform authenticator, in `language`. */
export async function deviceContext(
  browser: Browser,
  viewport: { width: number; height: number },
  language = "en",
): Promise<{ context: BrowserContext; page: Page }> {
  // the audit script is injected into the page, which the product's CSP rightly forbids
  const context = await browser.newContext({
    viewport,
    locale: language,
    bypassCSP: true,
    reducedMotion: "reduce",
  });
  await context.addInitScript((lang) => window.localStorage.setItem("firmament.lang", lang), language);
  await context.addInitScript((flag) => {
    if (sessionStorage.getItem(flag))
      Object.defineProperty(PublicKeyCredential, "isConditionalMediationAvailable", {
        value: async () => false,
      });
  }, NO_AUTOFILL);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page };
}

/** Creates an account named `name` with a passkey on this page's device (English pages). */
export async function signUp(page: Page, site: string, name: string): Promise<void> {
  await page.goto(`${site}/account`);
  await page.getByLabel("Name (chosen once)").fill(name);
  await page.getByRole("button", { name: "Create account with a passkey" }).click();
  await page.getByRole("heading", { name: `Signed in as ${name}` }).waitFor();
}

/** Makes a one-time link for another device on this signed-in page (English pages); the link. */
export async function deviceLink(page: Page, site: string): Promise<string> {
  if (!page.url().endsWith("/account")) await page.goto(`${site}/account`);
  await page.getByRole("button", { name: "Add another device" }).click();
  return page.getByLabel("Link for another device", { exact: true }).inputValue();
}

/** Opens a device link on another device and saves that device's passkey on the account. */
export async function redeemLink(page: Page, link: string, name: string): Promise<void> {
  await page.goto(link);
  await page.getByRole("button", { name: "Save a passkey on this device" }).click();
  await page.getByRole("heading", { name: `Signed in as ${name}` }).waitFor();
}
