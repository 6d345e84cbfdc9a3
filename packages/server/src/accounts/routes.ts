import rateLimit from "@fastify/rate-limit";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { addressKey } from "../client-address";
import type { Outcome } from "../outcome";
import { nameSchema, type ProtocolError, tableCodeSchema, tokenSchema } from "../protocol";
import { parseWith } from "../validate";
import {
  clearSessionCookie,
  SESSION_MS,
  type SiteOrigin,
  sessionIdFrom,
  setSessionCookie,
  siteOrigin,
} from "./cookies";
import { registerAccountDataRoutes } from "./data-routes";
import type { AccountService, NewSession, SignedIn } from "./service";
import { deviceName } from "./webauthn";

export interface AccountRouteOptions {
  publicUrl?: string;
  /** Sign-up, sign-in and device-link requests per minute per client address; 0 = unlimited. */
  authPerMinute: number;
}

const ceremonyId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "A ceremony id is 22 base64url characters.");
/** A browser's WebAuthn response as JSON; `@simplewebauthn/server` checks every field of it. */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(2000) }),
});
const verifyBody = z.strictObject({ ceremony: ceremonyId, response: credentialJson });
const signupBody = z.strictObject({ name: nameSchema });
const linkBody = z.strictObject({ token: tokenSchema });
const signoutBody = z.strictObject({ everywhere: z.boolean().optional() });
const claimBody = z.strictObject({
  seats: z.array(z.strictObject({ code: tableCodeSchema, token: tokenSchema })).max(50),
});

export const refuseWith = (reply: FastifyReply, status: number, error: ProtocolError) =>
  reply.code(status).send({ error });
const refuse = refuseWith;

/** Every write under these paths must come from the site's own pages: a cookie alone is not enough. */
const GUARDED = /^\/api\/(auth|account)(\/|$|\?)/;

/** The HTTP routes of accounts (docs/protocol.md, "Accounts"). */
export async function registerAccountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  options: AccountRouteOptions,
): Promise<void> {
  const site = (request: FastifyRequest) => siteOrigin(request, options.publicUrl);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD" || !GUARDED.test(request.url)) return;
    if (request.headers.origin !== site(request).origin)
      return refuse(reply, 403, {
        code: "auth/origin",
        message:
          "This request must come from the site's own pages (its Origin is missing or another site's).",
      });
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: "rate/limited",
      message: "Too many requests; slow down.",
    }),
  });
  const limited =
    options.authPerMinute > 0
      ? { config: { rateLimit: { max: options.authPerMinute, timeWindow: 60_000 } } }
      : {};
  registerCeremonies(app, accounts, site, limited);
  registerSessionRoutes(app, accounts, site);
  registerAccountDataRoutes(app, accounts, site, limited);
}

/** Parses a body with `schema` or answers 400 with the schema's first complaint. */
export function bodyOf<T>(schema: z.ZodType<T>, request: FastifyRequest, reply: FastifyReply): T | null {
  const parsed = parseWith(schema, request.body ?? {});
  if (parsed.ok) return parsed.value;
  refuse(reply, 400, parsed.error);
  return null;
}

/** Answers an outcome: its value, or its error with its status. */
export function answer<T>(reply: FastifyReply, outcome: Outcome<T>, value: (v: T) => unknown = (v) => v) {
  return outcome.ok ? reply.send(value(outcome.value)) : refuse(reply, outcome.status ?? 400, outcome.error);
}

/** The signed-in browser of a request, or null after answering `401 auth/signed_out`. */
export async function signedInOr401(
  accounts: AccountService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignedIn | null> {
  const who = await accounts.signedIn(sessionIdFrom(request.headers.cookie));
  if (!who) refuse(reply, 401, { code: "auth/signed_out", message: "You are not signed in." });
  return who;
}

function sendSession(reply: FastifyReply, site: SiteOrigin, outcome: Outcome<NewSession>) {
  if (outcome.ok) setSessionCookie(reply, site, outcome.value.id, SESSION_MS);
  return answer(reply, outcome, (s) => ({ name: s.account.name }));
}

type Site = (request: FastifyRequest) => SiteOrigin;

/** A ceremony's check of the browser's answer, given its request for what else it needs. */
type CeremonyVerify = (
  site: SiteOrigin,
  ceremony: string,
  response: unknown,
  request: FastifyRequest,
) => Promise<Outcome<NewSession>>;

/** The handler of a ceremony's verify call: the body checked, the answer `verify`d, the new session's cookie. */
function verifyHandler(site: Site, verify: CeremonyVerify) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(verifyBody, request, reply);
    if (!body) return;
    return sendSession(
      reply,
      site(request),
      await verify(site(request), body.ceremony, body.response, request),
    );
  };
}

/** The handler of a ceremony's options call: the body checked with `schema`, then what `start` answers. */
function optionsHandler<T>(
  site: Site,
  schema: z.ZodType<T>,
  start: (site: SiteOrigin, body: T) => Promise<Outcome<unknown>>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(schema, request, reply);
    if (body) return answer(reply, await start(site(request), body));
  };
}

/** The device a new passkey is made on, named from the request's user agent. */
const deviceOf = (request: FastifyRequest) => deviceName(request.headers["user-agent"]);

/** The verify call of a ceremony that makes a passkey (sign-up, a new device's link) on the requesting device. */
function newPasskeyHandler(site: Site, verify: AccountService["signupVerify" | "linkVerify"]) {
  return verifyHandler(site, (origin, ceremony, response, request) =>
    verify(origin, ceremony, response as RegistrationResponseJSON, deviceOf(request)),
  );
}

/** Sign-up, sign-in and a new device's passkey: each an options call, then a verify call. */
function registerCeremonies(app: FastifyInstance, accounts: AccountService, site: Site, limited: object) {
  app.post(
    "/api/auth/signup/options",
    limited,
    optionsHandler(site, signupBody, (origin, body) => accounts.signupOptions(origin, body.name)),
  );
  app.post(
    "/api/auth/signup/verify",
    limited,
    newPasskeyHandler(site, (...made) => accounts.signupVerify(...made)),
  );
  app.post("/api/auth/signin/options", limited, async (request, reply) => {
    return reply.send(await accounts.signinOptions(site(request)));
  });
  app.post(
    "/api/auth/signin/verify",
    limited,
    verifyHandler(site, (origin, ceremony, response, request) =>
      accounts.signinVerify(
        origin,
        ceremony,
        response as AuthenticationResponseJSON,
        sessionIdFrom(request.headers.cookie),
      ),
    ),
  );
  app.post(
    "/api/auth/link/options",
    limited,
    optionsHandler(site, linkBody, (origin, body) => accounts.linkOptions(origin, body.token)),
  );
  app.post(
    "/api/auth/link/verify",
    limited,
    newPasskeyHandler(site, (...made) => accounts.linkVerify(...made)),
  );
}

/** Signing out (here or everywhere) and claiming a guest's seats. */
function registerSessionRoutes(app: FastifyInstance, accounts: AccountService, site: Site) {
  app.post("/api/auth/signout", async (request, reply) => {
    const body = bodyOf(signoutBody, request, reply);
    if (!body) return;
    const who = await accounts.signedIn(sessionIdFrom(request.headers.cookie));
    if (who && body.everywhere) await accounts.store.deleteSessionsOf(who.account.id);
    else if (who) await accounts.store.deleteSession(who.session.idHash);
    clearSessionCookie(reply, site(request));
    return reply.send({ ok: true });
  });
  app.post("/api/account/claims", async (request, reply) => {
    const body = bodyOf(claimBody, request, reply);
    if (!body) return;
    const who = await signedInOr401(accounts, request, reply);
    if (who) return reply.send({ claimed: await accounts.claimSeats(who, body.seats) });
  });
}
