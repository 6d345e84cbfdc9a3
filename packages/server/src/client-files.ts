/**
 * The built web client (vite's dist), served with the `.br`/`.gz` written beside each file at build time
 * and cached by kind: vite's fingerprinted files under `/assets/` never change under their name, so
 * browsers keep them a year without asking; everything else (index.html, which names the current
 * assets, and the few unfingerprinted files) is revalidated on every visit, so a deploy is seen at once.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Stored, but checked with the server (ETag / Last-Modified → 304) before each use. */
export const REVALIDATE = "no-cache";

/** The Cache-Control of a file of the client, by its path relative to dist (`/` separated). */
export function clientCacheControl(relativePath: string): string {
  return relativePath.startsWith("assets/") ? IMMUTABLE : REVALIDATE;
}

const VARIANT = /\.(br|gz)$/;

/** Every file under `dir` that has a `.br` or `.gz` beside it (absolute paths). */
function filesWithVariants(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (VARIANT.test(path)) found.add(path.replace(VARIANT, ""));
    }
  };
  walk(dir);
  return found;
}

/** Serves dist at `/`; `reply.sendFile` (index.html for client routes) gets the same encodings and caching. */
export async function registerClientFiles(app: FastifyInstance, webDist: string): Promise<void> {
  const compressed = filesWithVariants(webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: "/",
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      const original = path.replace(VARIANT, "");
      res.setHeader("cache-control", clientCacheControl(relative(webDist, original).split(sep).join("/")));
      if (compressed.has(original)) res.setHeader("vary", "Accept-Encoding");
    },
  });
}
