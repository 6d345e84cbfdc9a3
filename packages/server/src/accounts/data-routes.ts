import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SiteOrigin } from "./cookies";
import { clearSessionCookie } from "./cookies";
import { refuseWith, signedInOr401 } from "./routes";
import type { AccountService } from "./service";

const passkeyId = z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/);

/** The account page's routes: who you are and your passkeys, device links, your data, deleting it all. */
export function registerAccountDataRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  site: (request: FastifyRequest) => SiteOrigin,
  limited: object,
): void {
  app.get("/api/account", async (request, reply) => {
    const who = await signedInOr401(accounts, request, reply);
    if (!who) return;
    reply.header("cache-control", "no-store");
    const passkeys = await accounts.store.passkeysOf(who.account.id);
    return reply.send({
      name: who.account.name,
      createdAt: who.account.createdAt,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        device: p.device,
        createdAt: p.createdAt,
        lastUsedAt: p.lastUsedAt,
      })),
    });
  });

  app.post("/api/account/links", limited, async (request, reply) => {
    const who = await signedInOr401(accounts, request, reply);
    if (who) return reply.code(201).send(await accounts.createDeviceLink(site(request), who));
  });

  app.delete("/api/account/passkeys/:id", async (request, reply) => {
    const who = await signedInOr401(accounts, request, reply);
    if (!who) return;
    const id = passkeyId.safeParse((request.params as { id?: unknown }).id);
    if (!id.success)
      return refuseWith(reply, 404, {
        code: "account/passkey_unknown",
        message: "You have no passkey with that id.",
      });
    const confirmLast = (request.query as { confirm?: unknown }).confirm === "last";
    const outcome = await accounts.removePasskey(who, id.data, confirmLast);
    return outcome.ok ? reply.send({ ok: true }) : refuseWith(reply, outcome.status ?? 400, outcome.error);
  });

  app.get("/api/account/export", async (request, reply) => {
    const who = await signedInOr401(accounts, request, reply);
    if (!who) return;
    reply.header("cache-control", "no-store");
    reply.header("content-disposition", 'attachment; filename="firmament-account.json"');
    return reply.send(await accounts.exportData(who));
  });

  app.delete("/api/account", async (request, reply) => deleteAccount(accounts, site, request, reply));
}

async function deleteAccount(
  accounts: AccountService,
  site: (request: FastifyRequest) => SiteOrigin,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const who = await signedInOr401(accounts, request, reply);
  if (!who) return;
  await accounts.deleteAccount(who);
  clearSessionCookie(reply, site(request));
  return reply.send({ ok: true });
}
