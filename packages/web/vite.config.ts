import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ResolvedConfig, type Rolldown } from "vite";
import { precompressDir } from "./scripts/precompress";
import { serviceWorkerSource } from "./scripts/service-worker";

/** Where `vite dev` forwards API, socket and card requests: a running `npm start` server. */
const backend = process.env.FIRMAMENT_BACKEND ?? "http://localhost:8080";
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Shipped as files (fonts) rather than as modules, so not seen in the chunks' module lists. */
const SHIPPED_AS_FILES = ["@fontsource/nunito"];

/** The npm packages whose code is in the bundle (name → folder), read from the chunks' module paths. */
function bundledPackages(bundle: Rolldown.OutputBundle): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of SHIPPED_AS_FILES) found.set(name, dirname(require.resolve(`${name}/package.json`)));
  for (const output of Object.values(bundle))
    if (output.type === "chunk")
      for (const id of output.moduleIds) {
        const match = /^(.*\/node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(id.replaceAll("\\", "/"));
        if (match?.[1] && match[2] && !found.has(match[2])) found.set(match[2], match[1]);
      }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

function licenceOf(name: string, dir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      version?: string;
      license?: string;
    };
    const file = ["LICENSE", "LICENSE.md", "LICENSE.txt", "license"]
      .map((f) => join(dir, f))
      .find((f) => existsSync(f));
    const text = file ? readFileSync(file, "utf8").trim() : `Licence: ${pkg.license ?? "see the package"}`;
    return `## ${name} ${pkg.version ?? ""} (${pkg.license ?? "?"})\n\n${text}\n`;
  } catch {
    return `## ${name}\n\n(licence file not found at build time)\n`;
  }
}

/**
 * Emits dist/third-party-notices.txt for the credits page: the deck's notices (icon set, fonts) from
 * packages/cards and the licences of everything the web bundle ships.
 */
function thirdPartyNotices(): Plugin {
  return {
    name: "firmament-third-party-notices",
    apply: "build",
    generateBundle(_options, bundle) {
      const cards = join(here, "../cards/generated/THIRD_PARTY_NOTICES.md");
      const parts = [
        "Firmament — third-party notices\n",
        existsSync(cards) ? readFileSync(cards, "utf8") : "",
        "# Web client\n",
        ...[...bundledPackages(bundle)].map(([name, dir]) => licenceOf(name, dir)),
      ];
      this.emitFile({ type: "asset", fileName: "third-party-notices.txt", source: parts.join("\n") });
    },
  };
}

/**
 * Emits dist/rules.md, the full rules of both games (docs/rules.md), which the how-to-play page links
 * to: someone who only has the running site should still find every rule and every decision we made.
 */
function fullRules(): Plugin {
  return {
    name: "firmament-full-rules",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "rules.md",
        source: readFileSync(join(here, "../../docs/rules.md"), "utf8"),
      });
    },
  };
}

/** Emits dist/sw.js, the service worker, with this build's fingerprinted app shell (scripts/service-worker.ts). */
function serviceWorker(): Plugin {
  return {
    name: "firmament-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle).filter((name) => name.startsWith("assets/"));
      this.emitFile({ type: "asset", fileName: "sw.js", source: serviceWorkerSource(assets) });
    },
  };
}

/** Writes `.br` and `.gz` beside the built text files once they are on disk (see scripts/precompress.ts). */
function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "firmament-precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const files = precompressDir(join(config.root, config.build.outDir));
      const sum = (pick: (f: (typeof files)[number]) => number | null) =>
        files.reduce((total, f) => total + (pick(f) ?? f.raw), 0);
      config.logger.info(
        `precompressed ${files.length} files: ${(sum((f) => f.raw) / 1024).toFixed(1)} KB → br ${(sum((f) => f.br) / 1024).toFixed(1)} KB, gzip ${(sum((f) => f.gzip) / 1024).toFixed(1)} KB`,
      );
    },
  };
}

/**
 * The standard deck's version, from the newest edition the server serves
 * (packages/cards/generated/editions/<n>/deck.json): card image URLs carry it, so browsers may keep the
 * images for a year and still see a new deck at once.
 */
function standardDeckVersion(): string {
  const editions = join(here, "../cards/generated/editions");
  const newest = readdirSync(editions)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no deck edition in ${editions}`);
  const deck = JSON.parse(readFileSync(join(editions, newest, "deck.json"), "utf8")) as { version?: string };
  if (!deck.version) throw new Error(`edition ${newest}'s deck.json has no version`);
  return deck.version;
}

export default defineConfig({
  plugins: [react(), thirdPartyNotices(), fullRules(), serviceWorker(), precompress()],
  define: {
    __STANDARD_DECK_VERSION__: JSON.stringify(standardDeckVersion()),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      "/api": backend,
      "/cards": backend,
      "/third-party-notices.txt": backend,
      "/rules.md": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
});
