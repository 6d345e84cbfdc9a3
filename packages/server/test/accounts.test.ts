/**
 * Passkey accounts through the whole server with a software authenticator (real keys, CBOR and
 * signatures): sign-up, sign-in, sessions, device links, passkeys; and every refusal the security of
 * signing in rests on — forged and replayed assertions, another origin or RP ID, expired and reused
 * challenges, another account's credential, cross-origin writes carrying the cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock";
import { Browser, SITE } from "./account-client";
import { startTestServer, type TestServer } from "./helpers";
import { SoftAuthenticator } from "./soft-authenticator";

let env: TestServer;
const clock = new ManualClock(Date.UTC(2026, 10, 27, 12));
beforeAll(async () => {
  env = await startTestServer({ publicUrl: SITE, clock, authPerMinute: 0 });
});
afterAll(async () => {
  await env?.close();
});

const browser = () => new Browser(env.server.url);
let names = 0;
const uniqueName = (base = "Player") => `${base}${++names}x`;

describe("sign-up and sessions", () => {
  it("signs up with a passkey and sets an HttpOnly, SameSite=Lax session cookie for 30 days", async () => {
    const b = browser();
    const name = uniqueName("Ada");
    const signed = await b.signUp(name);
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ name });
    expect(signed.setCookie).toMatch(
      /^firmament_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    const me = await b.call<{ name: string; passkeys: Array<{ device: string; createdAt: number }> }>(
      "GET",
      "/api/account",
    );
    expect(me.status).toBe(200);
    expect(me.body.name).toBe(name);
    expect(me.body.passkeys).toHaveLength(1);
    expect(me.body.passkeys[0]?.createdAt).toBe(clock.now());
  });

  it("marks the cookie Secure when the site is served over HTTPS", async () => {
    const secure = await startTestServer({ publicUrl: "https://localhost" });
    try {
      const b = new Browser(
        secure.server.url,
        "https://localhost",
        new SoftAuthenticator("https://localhost", "localhost"),
      );
      const signed = await b.signUp("Secure One");
      expect(signed.status).toBe(200);
      expect(signed.setCookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it("signs out, signs in again with a new session id, and the old one is dead (rotation)", async () => {
    const b = browser();
    await b.signUp(uniqueName());
    const first = b.cookie;
    expect((await b.call("POST", "/api/auth/signout", {})).status).toBe(200);
    expect(b.cookie).toBeNull();
    expect((await b.call("GET", "/api/account")).body.error?.code).toBe("auth/signed_out");
    b.cookie = first;
    expect((await b.call("GET", "/api/account")).status).toBe(401);
    // signing in while still holding a live session replaces it
    b.cookie = null;
    expect((await b.signIn()).status).toBe(200);
    const second = b.cookie;
    expect((await b.signIn()).status).toBe(200);
    expect(b.cookie).not.toBe(second);
    const stale = new Browser(env.server.url, SITE, b.authenticator);
    stale.cookie = second;
    expect((await stale.call("GET", "/api/account")).status).toBe(401);
    expect((await b.call("GET", "/api/account")).status).toBe(200);
  });

  it("signs out everywhere: every session of the account ends", async () => {
    const phone = browser();
    await phone.signUp(uniqueName());
    const laptop = new Browser(env.server.url, SITE, phone.authenticator);
    expect((await laptop.signIn()).status).toBe(200);
    expect((await laptop.call("POST", "/api/auth/signout", { everywhere: true })).status).toBe(200);
    expect((await phone.call("GET", "/api/account")).status).toBe(401);
    expect((await laptop.call("GET", "/api/account")).status).toBe(401);
  });

  it("slides a session's expiry with use, and ends it 30 days after the last use", async () => {
    const b = browser();
    await b.signUp(uniqueName());
    clock.advance(20 * 86_400_000);
    expect((await b.call("GET", "/api/account")).status).toBe(200);
    clock.advance(20 * 86_400_000);
    expect((await b.call("GET", "/api/account")).status).toBe(200);
    clock.advance(31 * 86_400_000);
    expect((await b.call("GET", "/api/account")).status).toBe(401);
  });
});

describe("names", () => {
  it("refuses a taken name in any case, look-alikes of it, reserved names and unreadable ones", async () => {
    expect((await browser().signUp("Alice Moon")).status).toBe(200);
    for (const taken of [
      "alice moon",
      "ALICE MOON",
      "Аlice Moon",
      "A1ice Moon",
      "AIice Moon",
      "Alice M0on",
      "Alicé Moon",
      "Alice_Moon",
    ]) {
      const start = await browser().call("POST", "/api/auth/signup/options", { name: taken });
      expect(start.body.error?.code, taken).toBe("account/name_taken");
    }
    for (const reserved of ["admin", "Firmament", "SYSTEM", "Orion"]) {
      const start = await browser().call("POST", "/api/auth/signup/options", { name: reserved });
      expect(start.body.error?.code, reserved).toBe("account/name_reserved");
    }
    for (const bad of ["", "a\u0000b", "\u200b", "x".repeat(25)]) {
      const start = await browser().call("POST", "/api/auth/signup/options", { name: bad });
      expect(start.status, JSON.stringify(bad)).toBe(400);
      expect(start.body.error?.code).toBe("input/invalid");
    }
    expect((await browser().call("POST", "/api/auth/signup/options", { name: "!!!" })).body.error?.code).toBe(
      "account/name_invalid",
    );
  });
});

describe("deleting an account", () => {
  it("ends its sessions and passkeys at once and frees its name 30 days later", async () => {
    const b = browser();
    const name = uniqueName("Gone");
    await b.signUp(name);
    const laptop = new Browser(env.server.url, SITE, b.authenticator);
    await laptop.signIn();
    expect((await b.call("DELETE", "/api/account")).status).toBe(200);
    expect(b.cookie).toBeNull();
    expect((await laptop.call("GET", "/api/account")).status).toBe(401);
    expect((await laptop.signIn()).body.error?.code).toBe("auth/unknown_passkey");
    const early = await browser().call("POST", "/api/auth/signup/options", { name: name.toUpperCase() });
    expect(early.body.error?.code).toBe("account/name_taken");
    clock.advance(30 * 86_400_000 + 1);
    expect((await browser().signUp(name)).body).toEqual({ name });
  });
});

describe("refused sign-ins", () => {
  async function signedUp() {
    const b = browser();
    await b.signUp(uniqueName());
    await b.call("POST", "/api/auth/signout", {});
    return b;
  }

  const verify = (b: Browser, ceremony: string, response: unknown) =>
    b.call("POST", "/api/auth/signin/verify", { ceremony, response });

  it("refuses a forged assertion (signed with another key)", async () => {
    const b = await signedUp();
    const { ceremony, options } = await b.signInOptions();
    const answer = await verify(b, ceremony, b.authenticator.assert(options, { forge: true }));
    expect(answer.body.error?.code).toBe("auth/verification_failed");
    expect(b.cookie).toBeNull();
  });

  it("refuses a replayed assertion and a challenge used twice", async () => {
    const b = await signedUp();
    const { ceremony, options } = await b.signInOptions();
    const response = b.authenticator.assert(options);
    expect((await verify(b, ceremony, response)).status).toBe(200);
    expect((await verify(b, ceremony, response)).body.error?.code).toBe("auth/challenge");
    expect((await verify(b, ceremony, b.authenticator.assert(options))).body.error?.code).toBe(
      "auth/challenge",
    );
    // the same signed response under a new ceremony: its challenge is not the new one
    const next = await b.signInOptions();
    expect((await verify(b, next.ceremony, response)).body.error?.code).toBe("auth/verification_failed");
  });

  it("refuses another origin and another RP ID", async () => {
    const b = await signedUp();
    for (const bend of [
      { origin: "https://evil.example" },
      { origin: "http://localhost:1234" },
      { rpId: "evil.example" },
    ]) {
      const { ceremony, options } = await b.signInOptions();
      const answer = await verify(b, ceremony, b.authenticator.assert(options, bend));
      expect(answer.body.error?.code, JSON.stringify(bend)).toBe("auth/verification_failed");
    }
    const start = await browser().call<{ ceremony: string; options: never }>(
      "POST",
      "/api/auth/signup/options",
      {
        name: uniqueName(),
      },
    );
    const wrongSite = new SoftAuthenticator("https://evil.example", "evil.example");
    const answer = await b.call("POST", "/api/auth/signup/verify", {
      ceremony: start.body.ceremony,
      response: wrongSite.register(start.body.options),
    });
    expect(answer.body.error?.code).toBe("auth/verification_failed");
  });

  it("refuses an expired challenge", async () => {
    const b = await signedUp();
    const { ceremony, options } = await b.signInOptions();
    clock.advance(5 * 60_000 + 1);
    expect((await verify(b, ceremony, b.authenticator.assert(options))).body.error?.code).toBe(
      "auth/challenge",
    );
  });

  it("refuses a credential presented as another account's, and a sign-up challenge used to sign in", async () => {
    const mallory = await signedUp();
    const victim = await signedUp();
    const victimHandle = victim.authenticator.passkeys[0]?.userHandle as string;
    const { ceremony, options } = await mallory.signInOptions();
    const answer = await verify(
      mallory,
      ceremony,
      mallory.authenticator.assert(options, { userHandle: victimHandle }),
    );
    expect(answer.body.error?.code).toBe("auth/wrong_account");
    const signup = await mallory.call<{ ceremony: string; options: { challenge: string } }>(
      "POST",
      "/api/auth/signup/options",
      { name: uniqueName() },
    );
    const crossed = await verify(
      mallory,
      signup.body.ceremony,
      mallory.authenticator.assert(signup.body.options),
    );
    expect(crossed.body.error?.code).toBe("auth/challenge");
  });

  it("refuses a passkey it does not know", async () => {
    const stranger = new Browser(env.server.url);
    stranger.authenticator.register({ challenge: "x", user: { id: "nobody" } });
    const answer = await stranger.signIn();
    expect(answer.body.error?.code).toBe("auth/unknown_passkey");
  });
});

describe("cross-origin writes", () => {
  it("refuses a write carrying the cookie from another origin, or without an Origin", async () => {
    const b = browser();
    await b.signUp(uniqueName());
    for (const origin of ["https://evil.example", null]) {
      const other = new Browser(env.server.url, origin);
      other.cookie = b.cookie;
      for (const [method, path] of [
        ["POST", "/api/auth/signout"],
        ["POST", "/api/account/links"],
        ["DELETE", "/api/account"],
      ] as const) {
        const answer = await other.call(method, path, method === "POST" ? {} : undefined);
        expect(answer.status, `${method} ${path} from ${origin}`).toBe(403);
        expect(answer.body.error?.code).toBe("auth/origin");
      }
    }
    expect((await b.call("GET", "/api/account")).status).toBe(200);
  });
});

describe("rate limits", () => {
  it("limits sign-up, sign-in and device-link requests per address, and not by X-Forwarded-For", async () => {
    const limited = await startTestServer({ publicUrl: SITE, authPerMinute: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const response = await fetch(`${limited.server.url}/api/auth/signin/options`, {
          method: "POST",
          headers: { origin: SITE, "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
          body: "{}",
        });
        const body = (await response.json()) as { error?: { code: string } };
        statuses.push(response.status);
        if (response.status === 429) expect(body.error?.code).toBe("rate/limited");
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("another device and passkeys", () => {
  it("adds a second device with a one-time link; the link works once and for 10 minutes", async () => {
    const phone = browser();
    const name = uniqueName();
    await phone.signUp(name);
    const link = await phone.call<{ url: string; expiresAt: number }>("POST", "/api/account/links", {});
    expect(link.status).toBe(201);
    expect(link.body.expiresAt).toBe(clock.now() + 10 * 60_000);
    const token = new URL(link.body.url).hash.slice(1);
    expect(link.body.url).toBe(`${SITE}/link#${token}`);

    const laptop = browser();
    const start = await laptop.call<{ ceremony: string; options: never; name: string }>(
      "POST",
      "/api/auth/link/options",
      { token },
    );
    expect(start.body.name).toBe(name);
    const added = await laptop.call("POST", "/api/auth/link/verify", {
      ceremony: start.body.ceremony,
      response: laptop.authenticator.register(start.body.options),
    });
    expect(added.body).toEqual({ name });
    const me = await laptop.call<{ passkeys: unknown[] }>("GET", "/api/account");
    expect(me.body.passkeys).toHaveLength(2);
    await laptop.call("POST", "/api/auth/signout", {});
    expect((await laptop.signIn()).body).toEqual({ name });

    const again = await browser().call("POST", "/api/auth/link/options", { token });
    expect(again.body.error?.code).toBe("auth/link_invalid");
    const late = await phone.call<{ url: string }>("POST", "/api/account/links", {});
    clock.advance(10 * 60_000 + 1);
    const expired = await browser().call("POST", "/api/auth/link/options", {
      token: new URL(late.body.url).hash.slice(1),
    });
    expect(expired.body.error?.code).toBe("auth/link_invalid");
  });

  it("removes a passkey; the last one only when confirmed, and then the account cannot sign in", async () => {
    const b = browser();
    await b.signUp(uniqueName());
    const me = await b.call<{ passkeys: Array<{ id: string }> }>("GET", "/api/account");
    const id = me.body.passkeys[0]?.id as string;
    const refused = await b.call("DELETE", `/api/account/passkeys/${id}`);
    expect(refused.body.error?.code).toBe("account/last_passkey");
    expect((await b.call("DELETE", "/api/account/passkeys/nope")).body.error?.code).toBe(
      "account/passkey_unknown",
    );
    expect((await b.call("DELETE", `/api/account/passkeys/${id}?confirm=last`)).status).toBe(200);
    await b.call("POST", "/api/auth/signout", {});
    expect((await b.signIn()).body.error?.code).toBe("auth/unknown_passkey");
  });

  it("cannot remove another account's passkey", async () => {
    const a = browser();
    await a.signUp(uniqueName());
    const b = browser();
    await b.signUp(uniqueName());
    const theirs = b.authenticator.passkeys[0]?.id.toString("base64url") as string;
    const answer = await a.call("DELETE", `/api/account/passkeys/${theirs}?confirm=last`);
    expect(answer.body.error?.code).toBe("account/passkey_unknown");
    expect((await b.call<{ passkeys: unknown[] }>("GET", "/api/account")).body.passkeys).toHaveLength(1);
  });
});
