/**
 * docs/protocol.md is what someone writing their own client or bot reads, so it is held to the code:
 *
 * - every view and event every viewer receives in seeded games of both games is checked against the
 *   doc's TypeScript-shaped blocks, field by field and value by value, and every documented field must
 *   turn up in them — so a field added, removed or retyped in the code fails here until the doc follows;
 * - every error code in the sources of the server, the protocol, both games and the deck processor is
 *   in the doc's list, and every code in that list is in the sources.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  apply as applyDreamers,
  createGame as createDreamers,
  type DreamersState,
  view as dreamersView,
  viewEvent as dreamersViewEvent,
  randomLegalAction as randomDreamersAction,
} from "@firmament/dreamers";
import {
  apply as applyDreams,
  COLOURS,
  createGame as createDreams,
  type DreamsState,
  view as dreamsView,
  viewEvent as dreamsViewEvent,
  mulberry32,
  type RevealedSecret,
  randomLegalAction as randomDreamsAction,
  revealedSecret,
  testSeed,
  type Viewer,
} from "@firmament/dreams";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const doc = readFileSync(join(root, "docs/protocol.md"), "utf8");

// ---------------------------------------------------------------------------------------------------
// The doc's shape blocks

interface Field {
  type: string;
  optional: boolean;
}

function readDoc(text: string) {
  const aliases = new Map<string, string>();
  const shapes = new Map<string, Map<string, Field>>();
  for (const block of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const lines = (block[1] ?? "").split("\n");
    const head = lines[0] ?? "";
    if (head.trim() === "// types")
      for (const line of lines) {
        const alias = /^type (\w+) = (.+);/.exec(line.replace(/\s*\/\/.*$/, ""));
        if (alias) aliases.set(alias[1] as string, alias[2] as string);
      }
    const shape = /^\/\/ shape: ([\w.]+)$/.exec(head.trim());
    if (!shape) continue;
    const fields = new Map<string, Field>();
    for (const line of lines) {
      const field = /^ {2}(\w+)(\?)?: (.+);$/.exec(line.replace(/\s*\/\/.*$/, ""));
      if (field) fields.set(field[1] as string, { type: field[3] as string, optional: field[2] === "?" });
    }
    shapes.set(shape[1] as string, fields);
  }
  return { aliases, shapes };
}

const { aliases, shapes } = readDoc(doc);

/** Splits `text` at `separator` where it is not inside brackets or quotes. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "[") depth++;
    else if (!quoted && c === "]") depth--;
    else if (!quoted && depth === 0 && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/** Documented fields seen in real values, per shape. */
const seen = new Map<string, Set<string>>();

/** Problems of `value` against a documented type expression, at `path`. */
function check(value: unknown, type: string, path: string): string[] {
  const alternatives = splitTop(type, "|");
  if (alternatives.length > 1) {
    const results = alternatives.map((alternative) => check(value, alternative, path));
    // Record the fields of the alternative that fits; report the closest miss otherwise.
    if (results.some((r) => r.length === 0)) return [];
    return results.reduce((a, b) => (b.length < a.length ? b : a));
  }
  const term = type.trim();
  if (term === "null") return value === null ? [] : [`${path}: ${json(value)} is not null`];
  if (term === "number" || term === "string" || term === "boolean")
    return typeof value === term ? [] : [`${path}: ${json(value)} is not a ${term}`];
  if (/^"[^"]*"$/.test(term))
    return value === term.slice(1, -1) ? [] : [`${path}: ${json(value)} is not ${term}`];
  if (/^\d+$/.test(term)) return value === Number(term) ? [] : [`${path}: ${json(value)} is not ${term}`];
  if (term.endsWith("[]")) {
    if (!Array.isArray(value)) return [`${path}: ${json(value)} is not a list`];
    return value.flatMap((element, i) => check(element, term.slice(0, -2), `${path}.${i}`));
  }
  if (term.startsWith("[")) {
    const elements = splitTop(term.slice(1, -1), ",");
    if (!Array.isArray(value) || value.length !== elements.length)
      return [`${path}: ${json(value)} is not a list of ${elements.length}`];
    return elements.flatMap((element, i) => check(value[i], element, `${path}.${i}`));
  }
  const alias = aliases.get(term);
  if (alias !== undefined) return check(value, alias, path);
  if (shapes.has(term)) return checkShape(value, term, path);
  return [`${path}: the doc's type ${term} is not defined`];
}

function checkShape(value: unknown, name: string, path: string): string[] {
  const fields = shapes.get(name);
  if (!fields) return [`${path}: the doc has no shape ${name}`];
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return [`${path}: ${json(value)} is not a ${name}`];
  const problems: string[] = [];
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record))
    if (!fields.has(key)) problems.push(`${path}.${key}: not documented in ${name}`);
  for (const [key, field] of fields) {
    if (!(key in record)) {
      if (!field.optional) problems.push(`${path}.${key}: documented in ${name} but missing`);
      continue;
    }
    problems.push(...check(record[key], field.type, `${path}.${key}`));
  }
  if (problems.length === 0) {
    const keys = seen.get(name) ?? new Set<string>();
    for (const key of Object.keys(record)) keys.add(key);
    seen.set(name, keys);
  }
  return problems;
}

const json = (value: unknown) => JSON.stringify(value)?.slice(0, 60);

// ---------------------------------------------------------------------------------------------------
// Seeded games, every viewer

const DECK = Array.from({ length: 96 }, (_, i) => `card-${i}`);

function playDreams(players: number, seed: number, problems: string[]): number {
  const random = mulberry32(seed);
  const created = createDreams({ colours: COLOURS.slice(0, players), deck: DECK, seed: testSeed(random) });
  if (!created.ok) throw new Error(created.error.code);
  let state: DreamsState = created.value;
  const revealed: RevealedSecret[] = [];
  const viewers: Viewer[] = [...Array.from({ length: players }, (_, s) => s), "spectator"];
  let checked = 0;
  const look = () => {
    for (const viewer of viewers) {
      // As the server sends it: the engine's view and every revealed round's secret.
      const view = { ...dreamsView(state, viewer), revealed: revealed.slice() };
      problems.push(...checkShape(view, "DreamsView", `dreams view(${viewer})`));
      checked++;
    }
  };
  look();
  for (let action = randomDreamsAction(state, random); action; action = randomDreamsAction(state, random)) {
    const applied = applyDreams(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    for (const event of applied.value.events) {
      if (event.type === "round_revealed") revealed.push(revealedSecret(event.result.secret));
      for (const viewer of viewers) {
        const shown = dreamsViewEvent(event, viewer);
        problems.push(...checkShape(shown, `DreamsEvent.${shown.type}`, `dreams ${shown.type}(${viewer})`));
      }
    }
    look();
  }
  return checked;
}

function playDreamers(seed: number, problems: string[]): number {
  const random = mulberry32(seed);
  const created = createDreamers({}, testSeed(random));
  if (!created.ok) throw new Error(created.error.code);
  let state: DreamersState = created.value;
  const viewers: Viewer[] = [0, 1, "spectator"];
  let checked = 0;
  const look = () => {
    for (const viewer of viewers) {
      problems.push(...checkShape(dreamersView(state, viewer), "DreamersView", `dreamers view(${viewer})`));
      checked++;
    }
  };
  look();
  for (
    let action = randomDreamersAction(state, random);
    action;
    action = randomDreamersAction(state, random)
  ) {
    const applied = applyDreamers(state, action);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    for (const event of applied.value.events)
      for (const viewer of viewers) {
        const shown = dreamersViewEvent(event, viewer);
        problems.push(
          ...checkShape(shown, `DreamersEvent.${shown.type}`, `dreamers ${shown.type}(${viewer})`),
        );
      }
    look();
  }
  return checked;
}

describe("docs/protocol.md: views and events", () => {
  it("documents every view and event of both games exactly as the code produces them", () => {
    expect(shapes.size).toBeGreaterThan(30);
    const problems: string[] = [];
    let views = 0;
    for (const players of [3, 4, 5, 6])
      for (const seed of [1, 2]) views += playDreams(players, seed, problems);
    for (let seed = 1; seed <= 40; seed++) views += playDreamers(seed, problems);
    expect([...new Set(problems)].slice(0, 20)).toEqual([]);
    expect(views).toBeGreaterThan(5000);
    // Every documented shape and field turned up in the games: the doc describes nothing that is not sent.
    const unseen: string[] = [];
    for (const [name, fields] of shapes)
      for (const key of fields.keys()) if (!seen.get(name)?.has(key)) unseen.push(`${name}.${key}`);
    expect(unseen).toEqual([]);
  });

  it("the checker itself notices an undocumented, a missing and a mistyped field", () => {
    const random = mulberry32(9);
    const created = createDreams({ colours: COLOURS.slice(0, 3), deck: DECK, seed: testSeed(random) });
    if (!created.ok) throw new Error(created.error.code);
    const view = { ...dreamsView(created.value, 0), revealed: [] };
    expect(checkShape(view, "DreamsView", "v")).toEqual([]);
    expect(checkShape({ ...view, secretField: 1 }, "DreamsView", "v")).toEqual([
      "v.secretField: not documented in DreamsView",
    ]);
    const { pileSize: _gone, ...missing } = view;
    expect(checkShape(missing, "DreamsView", "v")).toEqual([
      "v.pileSize: documented in DreamsView but missing",
    ]);
    expect(checkShape({ ...view, round: "1" }, "DreamsView", "v")).toEqual(['v.round: "1" is not a number']);
    expect(checkShape({ ...view, phase: "dancing" }, "DreamsView", "v").length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// Error codes

/** Non-test TypeScript files under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Namespaces of strings shaped like codes that are not codes (media types, a package's subpath import). */
const NOT_CODES = new Set([
  "image",
  "text",
  "application",
  "multipart",
  "audio",
  "video",
  "font",
  "openskill",
]);

describe("docs/protocol.md: error codes", () => {
  const codeLike = /["'`]([a-z]+\/[a-z_]+)["'`]/g;
  const inSources = new Set<string>();
  for (const dir of [
    "packages/server/src",
    "packages/protocol/src",
    "packages/dreams/src",
    "packages/dreamers/src",
    "packages/game-kit/src",
    "packages/cards/src/custom",
  ])
    for (const file of sources(join(root, dir)))
      for (const match of readFileSync(file, "utf8").matchAll(codeLike)) {
        const code = match[1] as string;
        if (!NOT_CODES.has(code.split("/")[0] as string)) inSources.add(code);
      }
  const section = doc.slice(doc.indexOf("### Error codes"), doc.indexOf("## Views and events"));
  const documented = new Set([...section.matchAll(/`([a-z]+\/[a-z_]+)`/g)].map((m) => m[1] as string));

  it("lists every code a client can receive", () => {
    expect(inSources.size).toBeGreaterThan(80);
    expect([...inSources].filter((code) => !documented.has(code)).sort()).toEqual([]);
  });

  it("lists no code the sources never send", () => {
    expect([...documented].filter((code) => !inSources.has(code)).sort()).toEqual([]);
  });
});
