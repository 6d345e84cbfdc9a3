/** A browser as far as accounts go: its cookie jar, its Origin, its own software authenticator. */
import { SoftAuthenticator } from "./soft-authenticator";

export const SITE = "http://localhost";

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { error?: { code: string; message: string } };
  setCookie: string | null;
}

export class Browser {
  cookie: string | null = null;
  readonly authenticator: SoftAuthenticator;

  constructor(
    private readonly base: string,
    readonly origin: string | null = SITE,
    authenticator?: SoftAuthenticator,
  ) {
    this.authenticator = authenticator ?? new SoftAuthenticator(SITE, "localhost");
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.origin) headers.origin = this.origin;
    if (this.cookie) headers.cookie = this.cookie;
    const response = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0] ?? "";
      this.cookie = pair.endsWith("=") ? null : pair;
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Answer<T>["body"], setCookie };
  }

  /** Signs up as `name` with a new passkey; the verify call's answer. */
  async signUp(name: string): Promise<Answer> {
    const start = await this.call<{ ceremony: string; options: never }>("POST", "/api/auth/signup/options", {
      name,
    });
    if (start.status !== 200) return start as Answer;
    const response = this.authenticator.register(start.body.options);
    return this.call("POST", "/api/auth/signup/verify", { ceremony: start.body.ceremony, response });
  }

  /** Starts a sign-in: the ceremony and its options. */
  async signInOptions(): Promise<{ ceremony: string; options: { challenge: string } }> {
    const start = await this.call<{ ceremony: string; options: { challenge: string } }>(
      "POST",
      "/api/auth/signin/options",
      {},
    );
    return start.body;
  }

  async signIn(): Promise<Answer> {
    const { ceremony, options } = await this.signInOptions();
    return this.call("POST", "/api/auth/signin/verify", {
      ceremony,
      response: this.authenticator.assert(options),
    });
  }
}
