import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Where `vite dev` forwards API, socket and card requests: a running `npm start` server. */
const backend = process.env.FIRMAMENT_BACKEND ?? "http://localhost:8080";
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Packages whose code or files ship in the browser bundle. */
const BUNDLED = [
  "react",
  "react-dom",
  "scheduler",
  "socket.io-client",
  "engine.io-client",
  "socket.io-parser",
  "engine.io-parser",
  "@socket.io/component-emitter",
  "i18next",
  "react-i18next",
  "html-parse-stringify",
  "@fontsource/nunito",
];

function licenceOf(name: string): string {
  try {
    const dir = dirname(require.resolve(`${name}/package.json`));
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      version?: string;
      license?: string;
    };
    const file = ["LICENSE", "LICENSE.md", "LICENSE.txt"].map((f) => join(dir, f)).find((f) => existsSync(f));
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
    generateBundle() {
      const cards = join(here, "../cards/generated/THIRD_PARTY_NOTICES.md");
      const parts = [
        "Firmament — third-party notices\n",
        existsSync(cards) ? readFileSync(cards, "utf8") : "",
        "# Web client\n",
        ...BUNDLED.map(licenceOf),
      ];
      this.emitFile({ type: "asset", fileName: "third-party-notices.txt", source: parts.join("\n") });
    },
  };
}

export default defineConfig({
  plugins: [react(), thirdPartyNotices()],
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
      "/socket.io": { target: backend, ws: true },
    },
  },
});
