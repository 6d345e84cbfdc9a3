/**
 * Who may import what: the one list `npm run lint` checks every import against (scripts/check-imports.ts).
 *
 * A workspace package not named here is a game's rules package (Dreams, Dreamers and every game added
 * later) and gets the strictest fence, RULES_LAYER. A package that is not a game must be listed here.
 */

/** Stands for every game's rules package in an allow-list. */
export const GAMES = "<every game's rules package>";

export interface Layer {
  /** Workspace packages its files may import (GAMES for every game's rules package), or "any". */
  readonly workspaces: readonly string[] | "any";
  /** npm packages its source files (src/, not tests) may import: a list, or whatever its package.json declares. */
  readonly npm: readonly string[] | "declared";
  /** Whether its source files may import Node's built-in modules. */
  readonly node: boolean;
  /** Import specifiers its source files may not use even though the lists above allow their package. */
  readonly forbidden?: readonly string[];
  /** Said with every violation: why the fence is there. */
  readonly why: string;
}

export const RULES_LAYER: Layer = {
  workspaces: ["@firmament/game-kit"],
  npm: ["pure-rand", "@noble/hashes"],
  node: false,
  why: "a game's rules are pure: they import only @firmament/game-kit, pure-rand, @noble/hashes and their own files",
};

/** Test-only helpers (the browser harness) that any package's tests, scripts and benchmarks may use. */
export const TEST_SUPPORT = ["@firmament/e2e"];

export const LAYERS: Readonly<Record<string, Layer>> = {
  "@firmament/game-kit": {
    workspaces: [],
    npm: ["pure-rand", "@noble/hashes"],
    node: false,
    why: "the game kit is what every game's rules share: it imports only pure-rand and @noble/hashes",
  },
  "@firmament/protocol": {
    workspaces: ["@firmament/game-kit", GAMES],
    npm: ["zod"],
    node: false,
    why: "the protocol is the contract between clients and the server: it may use the games' types and constants, nothing of the server, bots, cards or web",
  },
  "@firmament/web": {
    workspaces: ["@firmament/protocol", "@firmament/game-kit", GAMES],
    npm: "declared",
    node: false,
    forbidden: ["@firmament/protocol/schemas", "zod"],
    why: "the web client imports only the protocol's types and constants and the games' pure rules (the zod schemas are the server's)",
  },
  "@firmament/bots": {
    workspaces: ["@firmament/game-kit", "@firmament/cards", GAMES],
    npm: "declared",
    node: false,
    why: "bots play from a seat's view and the cards: they never import the server, web or protocol",
  },
  "@firmament/cards": {
    workspaces: ["@firmament/game-kit", GAMES],
    npm: "declared",
    node: true,
    why: "cards sit inside the server: they never import it, the web, the bots or the protocol",
  },
  "@firmament/server": {
    workspaces: ["@firmament/game-kit", "@firmament/protocol", "@firmament/bots", "@firmament/cards", GAMES],
    npm: "declared",
    node: true,
    why: "the server never imports the web client",
  },
  "@firmament/e2e": {
    workspaces: "any",
    npm: "declared",
    node: true,
    why: "the browser tests drive the whole product",
  },
};

/** The repository's own files outside the workspaces (scripts/, vitest.config.ts). */
export const ROOT_LAYER: Layer = {
  workspaces: "any",
  npm: "declared",
  node: true,
  why: "the repository's tooling",
};
