import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Clock } from "../clock";
import { type ProtocolError, tableCodeSchema, tokenSchema } from "../protocol";
import type { PushStore } from "../store/push-types";
import { hashToken } from "../tokens";
import { parseWith } from "../validate";
import { checkEndpoint, checkKeys, type EndpointPolicy } from "./endpoints";
import { CALL_LANGUAGES } from "./texts";

/** Subscriptions one device may hold (one per browser profile is usual), and one account across devices. */
export const PUSH_LIMITS = { perDevice: 3, perAccount: 10, seatsPerRequest: 30 } as const;

const subscribeBody = z.strictObject({
  endpoint: z.string().min(1).max(1024),
  keys: z.strictObject({ p256dh: z.string().min(1).max(100), auth: z.string().min(1).max(40) }),
  device: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "A device id is 16 to 64 base64url characters."),
  lang: z.enum(CALL_LANGUAGES),
  live: z.boolean(),
  seats: z
    .array(z.strictObject({ code: tableCodeSchema, token: tokenSchema }))
    .max(PUSH_LIMITS.seatsPerRequest),
});
const unsubscribeBody = z.strictObject({ endpoint: z.string().min(1).max(1024) });
const awayBody = z.strictObject({ away: z.boolean() });

export interface PushRouteOptions {
  store: PushStore;
  clock: Clock;
  policy: EndpointPolicy;
  publicKey: string;
  /** The signed-in account of a request from the site's own pages, or null (writes). */
  accountOf: (request: FastifyRequest) => Promise<string | null>;
  /** The signed-in account by the session cookie alone (reads: a same-origin GET has no Origin). */
  viewerOf: (request: FastifyRequest) => Promise<string | null>;
}

const refuse = (reply: FastifyReply, status: number, error: ProtocolError) =>
  reply.code(status).send({ error });

/** The routes of Web Push subscriptions (docs/protocol.md, "Calls when it is your move"). */
export function registerPushRoutes(app: FastifyInstance, options: PushRouteOptions): void {
  const { store, clock } = options;
  app.get("/api/push/key", async () => ({ publicKey: options.publicKey }));

  app.post("/api/push/subscriptions", async (request, reply) => {
    const parsed = parseWith(subscribeBody, request.body);
    if (!parsed.ok) return refuse(reply, 400, parsed.error);
    const body = parsed.value;
    const endpoint = await checkEndpoint(body.endpoint, options.policy);
    if (!endpoint.ok) return refuse(reply, 400, endpoint.error);
    const keys = checkKeys(body.keys);
    if (!keys.ok) return refuse(reply, 400, keys.error);
    const accountId = await options.accountOf(request);
    const seats = body.seats.map((s) => ({ code: s.code, tokenHash: hashToken(s.token) }));
    for (const seat of seats)
      if (!(await store.seatTokenKnown(seat.code, seat.tokenHash)))
        return refuse(reply, 403, {
          code: "auth/bad_token",
          message: `No seat at ${seat.code} has that token.`,
        });
    if (accountId === null && seats.length === 0)
      return refuse(reply, 400, {
        code: "push/nobody",
        message: "Sign in, or name the seats (table and token) this device should be called for.",
      });
    const refused = await store.savePushSubscription(
      {
        endpoint: body.endpoint,
        ...body.keys,
        device: body.device,
        accountId,
        lang: body.lang,
        live: body.live,
        createdAt: clock.now(),
      },
      seats,
      PUSH_LIMITS,
    );
    if (refused)
      return refuse(reply, 409, {
        code: refused,
        message:
          refused === "push/too_many_for_device"
            ? `A device holds at most ${PUSH_LIMITS.perDevice} subscriptions; remove one first.`
            : `An account holds at most ${PUSH_LIMITS.perAccount} subscriptions; remove one first.`,
      });
    return reply.code(201).send({ ok: true, account: accountId !== null, seats: seats.length });
  });

  app.delete("/api/push/subscriptions", async (request, reply) => {
    const parsed = parseWith(unsubscribeBody, request.body);
    if (!parsed.ok) return refuse(reply, 400, parsed.error);
    if (!(await store.deletePushSubscription(parsed.value.endpoint)))
      return refuse(reply, 404, { code: "push/unknown", message: "No such subscription." });
    return reply.code(204).send();
  });

  app.get("/api/push/away", async (request, reply) => {
    const accountId = await options.viewerOf(request);
    if (accountId === null)
      return refuse(reply, 401, { code: "auth/signed_out", message: "You are not signed in." });
    return { away: await store.pushAway(accountId) };
  });

  app.put("/api/push/away", async (request, reply) => {
    const parsed = parseWith(awayBody, request.body);
    if (!parsed.ok) return refuse(reply, 400, parsed.error);
    const accountId = await options.accountOf(request);
    if (accountId === null)
      return refuse(reply, 401, { code: "auth/signed_out", message: "You are not signed in." });
    await store.setPushAway(accountId, parsed.value.away, clock.now());
    return { away: parsed.value.away };
  });
}
