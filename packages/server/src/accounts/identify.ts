import type { IncomingHttpHeaders } from "node:http";
import type { FastifyRequest } from "fastify";
import type { Server } from "socket.io";
import { sessionIdFrom, siteOrigin } from "./cookies";
import type { AccountService } from "./service";

/**
 * The signed-in account behind a request or a socket's handshake, or null. Only a request from the
 * site's own pages (its `Origin`, when it sends one, is the site's) counts: another site's page cannot
 * act as the account with the browser's cookie.
 */
export async function accountOfHeaders(
  accounts: AccountService,
  headers: IncomingHttpHeaders,
  publicUrl: string | undefined,
  request?: FastifyRequest,
): Promise<string | null> {
  const id = sessionIdFrom(headers.cookie);
  if (id === null) return null;
  const expected = request
    ? siteOrigin(request, publicUrl).origin
    : publicUrl
      ? new URL(publicUrl).origin
      : headers.host
        ? [`http://${headers.host}`, `https://${headers.host}`]
        : null;
  const origin = headers.origin;
  if (origin === undefined || expected === null) return null;
  if (Array.isArray(expected) ? !expected.includes(origin) : origin !== expected) return null;
  return (await accounts.signedIn(id))?.account.id ?? null;
}

/** Each socket opened by the site's own page with a session cookie is that account's (`hello` finds its seat). */
export function identifySockets(io: Server, accounts: AccountService, publicUrl: string | undefined): void {
  io.use(async (socket, next) => {
    socket.data.accountId = await accountOfHeaders(accounts, socket.request.headers, publicUrl).catch(
      () => null,
    );
    next();
  });
}
