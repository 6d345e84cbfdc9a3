import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";

/** The `'sha256-…'` sources of the inline `<style>` blocks of the built client's index.html. */
export function inlineStyleHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi))
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
    );
  return hashes;
}

/**
 * The Content-Security-Policy for every response. Scripts, styles, fonts and the realtime connection
 * come from this origin only; images also from `data:` (the favicon) and `blob:` (previews of a deck
 * being uploaded); no plugins, no `<base>`, no framing by other sites. The inline boot style of
 * index.html is allowed by its hash, so no inline script or style injected later can run.
 */
export function contentSecurityPolicy(styleHashes: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${styleHashes.join(" ")}`.trim(),
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // 'self' covers same-origin ws:/wss: in CSP 3, which every browser the client's build targets has.
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The security headers every response carries, for the client built into `webDist`. */
export function securityHeaders(webDist: string): Readonly<Record<string, string>> {
  const index = join(webDist, "index.html");
  const csp = contentSecurityPolicy(existsSync(index) ? inlineStyleHashes(readFileSync(index, "utf8")) : []);
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  };
}

/** Adds the security headers to every HTTP response (API, images, the client). */
export function registerSecurityHeaders(app: FastifyInstance, webDist: string): void {
  const headers = securityHeaders(webDist);
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
