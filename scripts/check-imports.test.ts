import { describe, expect, it } from "vitest";
import { checkFile, packageOf, type Repo, type Workspace } from "./check-imports";

function workspace(
  dir: string,
  name: string,
  dependencies: string[] = [],
  devDependencies: string[] = [],
): Workspace {
  return { dir, name, dependencies: new Set(dependencies), devDependencies: new Set(devDependencies) };
}

const RULES_DEPS = ["@firmament/game-kit", "pure-rand", "@noble/hashes"];

// A repository shaped like Firmament's, with a third game ("highlow") that no list names.
const REPO: Repo = {
  root: workspace("", "firmament", [], ["vitest", "typescript"]),
  workspaces: [
    workspace("packages/game-kit", "@firmament/game-kit", ["pure-rand", "@noble/hashes"]),
    workspace("packages/dreams", "@firmament/dreams", RULES_DEPS, ["@firmament/dreamers"]),
    workspace("packages/dreamers", "@firmament/dreamers", RULES_DEPS),
    workspace("packages/highlow", "@firmament/highlow", [...RULES_DEPS, "@firmament/cards", "zod"]),
    workspace("packages/protocol", "@firmament/protocol", ["@firmament/dreams", "@firmament/highlow", "zod"]),
    workspace("packages/cards", "@firmament/cards", ["sharp"]),
    workspace("packages/bots", "@firmament/bots", ["@firmament/dreams", "@firmament/cards"]),
    workspace(
      "packages/server",
      "@firmament/server",
      ["@firmament/protocol", "@firmament/bots", "@firmament/dreams", "@firmament/web", "fastify"],
      ["@firmament/e2e"],
    ),
    workspace(
      "packages/web",
      "@firmament/web",
      ["@firmament/protocol", "@firmament/dreams", "@firmament/server", "@firmament/bots", "react", "zod"],
      ["@firmament/e2e", "vite"],
    ),
    workspace("tests/e2e", "@firmament/e2e", ["@firmament/server", "@firmament/dreams", "playwright-core"]),
  ],
};

function check(file: string, ...imports: string[]): string[] {
  const text = imports.map((s, i) => `import { x${i} } from "${s}";`).join("\n");
  return checkFile(file, text, REPO).map((v) => `${v.line} ${v.specifier}: ${v.message}`);
}

describe("the import fence", () => {
  it("lets a game's rules import game-kit, pure-rand, @noble/hashes and their own files", () => {
    expect(
      check(
        "packages/dreams/src/apply.ts",
        "@firmament/game-kit",
        "@firmament/game-kit/testing",
        "pure-rand",
      ),
    ).toEqual([]);
    expect(check("packages/dreams/src/apply.ts", "@noble/hashes/sha2.js", "./state", "../src/types")).toEqual(
      [],
    );
  });

  it("stops a game's rules importing another package, another game, npm or Node", () => {
    const found = check(
      "packages/dreams/src/apply.ts",
      "@firmament/protocol",
      "@firmament/dreamers",
      "zod",
      "node:crypto",
      "fs",
    );
    expect(found).toHaveLength(5);
    expect(found[0]).toMatch(
      /^1 @firmament\/protocol: @firmament\/dreams may not import @firmament\/protocol: a game's rules are pure/,
    );
    expect(found[1]).toMatch(/may not import @firmament\/dreamers/);
    expect(found[2]).toMatch(/may not import zod/);
    expect(found[3]).toMatch(/may not use Node's node:crypto/);
    expect(found[4]).toMatch(/may not use Node's fs/);
  });

  it("fences every game package, also one that no list names", () => {
    expect(check("packages/highlow/src/rules.ts", "@firmament/game-kit", "pure-rand")).toEqual([]);
    const found = check("packages/highlow/src/rules.ts", "@firmament/cards", "zod");
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/@firmament\/highlow may not import @firmament\/cards: a game's rules are pure/);
    expect(found[1]).toMatch(/@firmament\/highlow may not import zod/);
  });

  it("keeps a game's tests away from other games too", () => {
    expect(check("packages/dreams/test/apply.test.ts", "@firmament/dreamers")).toEqual([
      "1 @firmament/dreamers: @firmament/dreams may not import @firmament/dreamers: a game's rules are pure: they import only @firmament/game-kit, pure-rand, @noble/hashes and their own files",
    ]);
    expect(check("packages/dreams/test/apply.test.ts", "vitest", "node:crypto", "../src/apply")).toEqual([]);
  });

  it("lets the game kit import only pure-rand and @noble/hashes", () => {
    expect(check("packages/game-kit/src/rng.ts", "pure-rand", "@noble/hashes/sha2.js")).toEqual([]);
    expect(check("packages/game-kit/src/rng.ts", "@firmament/dreams")).toHaveLength(1);
    expect(check("packages/game-kit/src/rng.ts", "zod")[0]).toMatch(
      /the game kit is what every game's rules share/,
    );
  });

  it("stops any relative import that leaves its package, wherever it is", () => {
    const found = [
      ...check("packages/dreams/src/deep/inner/x.ts", "../../../../dreamers/src/apply"),
      ...check("packages/server/test/compression.test.ts", "../../../tests/e2e/harness"),
      ...check("tests/e2e/game.test.ts", "../../packages/server/src/network"),
      ...check("scripts/tool.ts", "../packages/web/src/main"),
      ...check("packages/web/src/a.ts", "../../../../outside"),
    ];
    expect(found).toEqual([
      "1 ../../../../dreamers/src/apply: a relative import crosses from packages/dreams into @firmament/dreamers: import it by its package name, through what it exports",
      "1 ../../../tests/e2e/harness: a relative import crosses from packages/server into @firmament/e2e: import it by its package name, through what it exports",
      "1 ../../packages/server/src/network: a relative import crosses from tests/e2e into @firmament/server: import it by its package name, through what it exports",
      "1 ../packages/web/src/main: a relative import crosses from the repository's root into @firmament/web: import it by its package name, through what it exports",
      "1 ../../../../outside: a relative import leaves the repository",
    ]);
    expect(check("packages/dreams/src/deep/inner/x.ts", "../../apply", "../../../test/helpers")).toEqual([]);
  });

  it("keeps the protocol from the server, bots, cards and web by any path", () => {
    expect(check("packages/protocol/src/index.ts", "@firmament/dreams", "@firmament/highlow", "zod")).toEqual(
      [],
    );
    const found = check(
      "packages/protocol/src/index.ts",
      "@firmament/bots",
      "@firmament/cards/testing",
      "@firmament/server/protocol",
      "@firmament/web",
      "../../server/src/bus",
    );
    expect(found).toHaveLength(5);
    for (const f of found.slice(0, 4))
      expect(f).toMatch(/@firmament\/protocol may not import .*: the protocol is the contract/);
    expect(found[4]).toMatch(/crosses from packages\/protocol into @firmament\/server/);
  });

  it("lets the web client import only the protocol's types, the games' rules and its own npm dependencies", () => {
    expect(check("packages/web/src/App.tsx", "@firmament/protocol", "@firmament/dreams", "react")).toEqual(
      [],
    );
    const found = check(
      "packages/web/src/App.tsx",
      "@firmament/server",
      "@firmament/bots",
      "@firmament/protocol/schemas",
      "zod",
      "vite",
      "lodash",
      "node:fs",
    );
    expect(found).toEqual([
      expect.stringMatching(/^1 .*may not import @firmament\/server: the web client imports only/),
      expect.stringMatching(/^2 .*may not import @firmament\/bots/),
      expect.stringMatching(
        /^3 @firmament\/protocol\/schemas: @firmament\/protocol\/schemas is not for @firmament\/web/,
      ),
      expect.stringMatching(/^4 zod: zod is not for @firmament\/web/),
      expect.stringMatching(/^5 .*imports vite, which is not in its package.json's dependencies/),
      expect.stringMatching(/^6 .*imports lodash, which is not in its package.json's dependencies/),
      expect.stringMatching(/^7 .*may not use Node's node:fs/),
    ]);
  });

  it("keeps the server from the web client, bots and cards from the server, web and protocol", () => {
    expect(check("packages/server/src/app.ts", "@firmament/web")[0]).toMatch(
      /the server never imports the web client/,
    );
    expect(check("packages/bots/src/bot.ts", "@firmament/protocol")[0]).toMatch(
      /bots play from a seat's view/,
    );
    expect(check("packages/cards/src/deck.ts", "@firmament/bots")[0]).toMatch(/cards sit inside the server/);
  });

  it("wants every workspace package a file imports declared in its package.json", () => {
    expect(check("packages/bots/src/bot.ts", "@firmament/game-kit")).toEqual([
      "1 @firmament/game-kit: @firmament/game-kit is imported but not declared in packages/bots/package.json (dependencies)",
    ]);
    // A development dependency serves tests, scripts and benchmarks, not what the package ships.
    expect(check("packages/server/test/compression.test.ts", "@firmament/e2e/harness")).toEqual([]);
    expect(check("packages/server/src/app.ts", "@firmament/e2e/harness")[0]).toMatch(
      /may not import @firmament\/e2e/,
    );
    expect(check("tests/e2e/cards.test.ts", "@firmament/cards")[0]).toMatch(
      /@firmament\/cards is imported but not declared in tests\/e2e\/package.json \(dependencies or devDependencies\)/,
    );
  });

  it("reads every kind of import: type-only, re-exports, dynamic imports and require", () => {
    const text = [
      `import type { Seat } from "@firmament/server";`,
      `export { view } from "@firmament/bots";`,
      `const lazy = await import("@firmament/cards");`,
      `const fs = require("node:fs");`,
    ].join("\n");
    expect(checkFile("packages/dreams/src/x.ts", text, REPO).map((v) => `${v.line} ${v.specifier}`)).toEqual([
      "1 @firmament/server",
      "2 @firmament/bots",
      "3 @firmament/cards",
      "4 node:fs",
    ]);
  });

  it("names the package of a specifier", () => {
    expect(packageOf("@noble/hashes/sha2.js")).toBe("@noble/hashes");
    expect(packageOf("pure-rand")).toBe("pure-rand");
    expect(packageOf("react-dom/client")).toBe("react-dom");
  });
});
