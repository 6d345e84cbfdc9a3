import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "firmament_session";
/** Sessions last this long after their last use (sliding). */
export const SESSION_MS = 30 * 86_400_000;

/** Where the server is reached, which WebAuthn binds each passkey to. */
export interface SiteOrigin {
  /** `https://play.example.org` */
  origin: string;
  /** The relying party id: the origin's host name. */
  rpId: string;
  secure: boolean;
}

/**
 * The site's origin: `PUBLIC_URL` when set, else the request's own (its protocol and Host; behind
 * trusted proxies `X-Forwarded-Proto`/`-Host`).
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): SiteOrigin {
  const url = new URL(publicUrl ?? `${request.protocol}://${request.host}`);
  return { origin: url.origin, rpId: url.hostname, secure: url.protocol === "https:" };
}

/** One cookie's value from a `Cookie` header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** A session id as this server makes them (43 base64url characters); anything else is ignored. */
export function sessionIdFrom(header: string | undefined): string | null {
  const value = readCookie(header, SESSION_COOKIE);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export function setSessionCookie(reply: FastifyReply, site: SiteOrigin, id: string, maxAgeMs: number): void {
  const parts = [
    `${SESSION_COOKIE}=${id}`,
    "Path=/",
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (site.secure) parts.push("Secure");
  reply.header("set-cookie", parts.join("; "));
}

export function clearSessionCookie(reply: FastifyReply, site: SiteOrigin): void {
  setSessionCookie(reply, site, "", 0);
}
