/**
 * `npm run structure`: the figures issue 18 tracks, to measure a change before and after.
 *
 * - Files over 400 lines (code and CSS), leaving out generated data and data-only catalogues
 *   (EXCLUDED_FILES below).
 * - Functions over 60 lines — function declarations and expressions, arrow functions, methods,
 *   constructors and accessors, found with TypeScript's parser; a function's lines run from its first
 *   token to its last. Test files are counted apart: their describe/it callbacks are long by nature.
 * - Platform files that name a game: source files of protocol, server and web (tests aside) that import
 *   a game's rules package or hold a game's name in code (an identifier or a string, comments aside),
 *   outside the places a game belongs: the server's src/games/, the web's src/games/<game>/ and the web's
 *   registries of games (WEB_REGISTRIES).
 * - Fixed sleeps in tests: `waitForTimeout(…)`, a promise resolved by a timer (`new Promise((r) =>
 *   setTimeout(r, ms))`) and calls of a helper that wraps one (`sleep(ms)`), counted where they are
 *   written or called, not where a helper is defined.
 *
 * Usage: npm run structure [-- --all] (--all lists every item, not only the longest).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { LAYERS } from "./import-rules";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;

/** Generated data and data-only catalogues: long by nature, no logic to split. */
export const EXCLUDED_FILES: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /(^|\/)generated\//, what: "generated data (packages/cards/generated)" },
  {
    pattern: /^packages\/cards\/src\/gen\/catalog(-more)?\.ts$/,
    what: "the cards' object catalogue (word lists)",
  },
  { pattern: /\/i18n\/[a-z]{2}\.ts$/, what: "translation catalogues (i18n/<locale>.ts)" },
];

const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const MEASURED = /\.(?:[cm]?[jt]s|tsx|jsx|css)$/;

export function isTestFile(file: string): boolean {
  return /\.test\.[jt]sx?$/.test(file) || /(^|\/)(test|tests)\//.test(file);
}

export interface FunctionLength {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly lines: number;
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` "${first.text.slice(0, 40)}"` : "";
    return `(callback of ${callee.slice(0, 40)}${label})`;
  }
  return "(anonymous)";
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/** Every function in a file with its length in lines. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, line: start + 1, name: functionName(node, source), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Identifiers, strings and JSX text of a file: what its code names (comments are left out). */
function codeWords(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const words: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) words.push(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      words.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return words;
}

/** Whether a platform file's code names one of the games (by its package's folder name, e.g. "dreams"). */
export function namesAGame(file: string, text: string, games: readonly string[]): string | null {
  for (const word of codeWords(file, text)) {
    const lower = word.toLowerCase();
    for (const game of games) {
      if (lower === `@firmament/${game}` || lower.startsWith(`@firmament/${game}/`)) return word;
      // "dreams" in DreamsView, dreamsBot, "dreams"; not the "dream" of a dream deck.
      if (
        new RegExp(`(^|[^a-z])${game}([^a-z]|$)`).test(word.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase())
      )
        return word;
    }
  }
  return null;
}

/** The web's registry of games: one line per game, importing its folder's record. */
export const WEB_REGISTRIES = ["packages/web/src/games/registry.ts"];

/** Where a platform file may name a game: its game's folder or a registry of games. */
export function isGamePlace(file: string): boolean {
  return (
    file.startsWith("packages/server/src/games/") ||
    /^packages\/web\/src\/games\/[^/]+\//.test(file) ||
    WEB_REGISTRIES.includes(file)
  );
}

export function isPlatformSource(file: string): boolean {
  return /^packages\/(protocol|server|web)\/src\//.test(file) && CODE.test(file) && !isTestFile(file);
}

export interface Sleep {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The `new Promise((resolve) => …)` around `node`, with its resolver's name. */
function promiseAround(node: ts.Node): { promise: ts.NewExpression; resolver: string } | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && n.parent && ts.isNewExpression(n.parent)) {
      const first = n.parameters[0];
      if (n.parent.expression.getText() !== "Promise" || !first || !ts.isIdentifier(first.name)) return null;
      return { promise: n.parent, resolver: first.name.text };
    }
  }
  return null;
}

/** The name of a sleep helper — a function whose whole body is the timer's promise — around it, if any. */
function sleepHelperOf(promise: ts.NewExpression): string | null {
  let n: ts.Node = promise;
  while (
    ts.isAwaitExpression(n.parent) ||
    ts.isReturnStatement(n.parent) ||
    ts.isExpressionStatement(n.parent)
  )
    n = n.parent;
  let f: ts.Node = n.parent;
  if (ts.isBlock(f)) {
    if (f.statements.length !== 1) return null;
    f = f.parent;
  }
  if (ts.isFunctionDeclaration(f) && f.name) return f.name.text;
  if ((ts.isArrowFunction(f) || ts.isFunctionExpression(f)) && ts.isVariableDeclaration(f.parent))
    return f.parent.name.getText();
  return null;
}

/** Fixed sleeps in one test file. */
export function fixedSleeps(file: string, text: string): Sleep[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const sleeps: Sleep[] = [];
  const helpers = new Set<string>();
  const calls: ts.CallExpression[] = [];
  const add = (node: ts.Node) =>
    sleeps.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: node.getText(source).replace(/\s+/g, " ").slice(0, 70),
    });
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      calls.push(node);
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === "waitForTimeout") add(node);
      if (ts.isIdentifier(callee) && callee.text === "setTimeout") {
        const first = node.arguments[0]?.getText(source);
        const around = promiseAround(node);
        if (around && (first === around.resolver || first === `() => ${around.resolver}()`)) {
          const helper = sleepHelperOf(around.promise);
          if (helper) helpers.add(helper);
          else add(node);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const call of calls) {
    if (ts.isIdentifier(call.expression) && helpers.has(call.expression.text)) add(call);
  }
  return sleeps.sort((a, b) => a.line - b.line);
}

function listFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split("\0").filter((f) => MEASURED.test(f));
}

function gameFolders(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces: string[] };
  return pkg.workspaces
    .map((dir) => ({
      dir,
      name: JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")).name as string,
    }))
    .filter((w) => LAYERS[w.name] === undefined)
    .map((w) => w.dir.split("/").pop() as string);
}

function main(): void {
  const all = process.argv.includes("--all");
  const show = <T>(items: readonly T[], n: number): readonly T[] => (all ? items : items.slice(0, n));
  const files = listFiles().filter((f) => !EXCLUDED_FILES.some((e) => e.pattern.test(f)));
  const games = gameFolders();
  const longFiles: { file: string; lines: number }[] = [];
  const longFunctions: FunctionLength[] = [];
  const longTestFunctions: FunctionLength[] = [];
  const naming: { file: string; word: string }[] = [];
  const sleeps: Sleep[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(ROOT, file), "utf8");
    } catch {
      continue;
    }
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_FILE_LINES) longFiles.push({ file, lines });
    if (!CODE.test(file)) continue;
    const long = functionLengths(file, text).filter((f) => f.lines > MAX_FUNCTION_LINES);
    (isTestFile(file) ? longTestFunctions : longFunctions).push(...long);
    if (isPlatformSource(file) && !isGamePlace(file)) {
      const word = namesAGame(file, text, games);
      if (word) naming.push({ file, word });
    }
    if (isTestFile(file)) sleeps.push(...fixedSleeps(file, text));
  }
  longFiles.sort((a, b) => b.lines - a.lines);
  longFunctions.sort((a, b) => b.lines - a.lines);
  longTestFunctions.sort((a, b) => b.lines - a.lines);

  console.log(`Structure (games: ${games.join(", ")})\n`);
  console.log(`Files over ${MAX_FILE_LINES} lines: ${longFiles.length}`);
  console.log(`  (left out: ${EXCLUDED_FILES.map((e) => e.what).join("; ")})`);
  for (const f of longFiles) console.log(`  ${String(f.lines).padStart(5)}  ${f.file}`);
  console.log(`\nFunctions over ${MAX_FUNCTION_LINES} lines: ${longFunctions.length} outside tests`);
  for (const f of show(longFunctions, 20))
    console.log(`  ${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
  if (!all && longFunctions.length > 20)
    console.log(`  … ${longFunctions.length - 20} more (--all lists them)`);
  const inSrc = longFunctions.filter((f) => /^packages\/[^/]+\/src\//.test(f.file)).length;
  console.log(
    `  of which in packages' src/: ${inSrc}; in benchmarks and scripts: ${longFunctions.length - inSrc}`,
  );
  console.log(`  in tests: ${longTestFunctions.length} more (mostly describe/it callbacks)`);
  console.log(`\nPlatform files naming a game outside its folder and the registries: ${naming.length}`);
  console.log(
    "  (protocol, server, web sources; allowed: server src/games/, web src/games/<game>/, src/games/registry.ts)",
  );
  for (const n of naming) console.log(`  ${n.file}  (${n.word})`);
  const byFile = new Map<string, number>();
  for (const s of sleeps) byFile.set(s.file, (byFile.get(s.file) ?? 0) + 1);
  console.log(`\nFixed sleeps in tests: ${sleeps.length}`);
  for (const [file, n] of [...byFile].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(5)}  ${file}`);
  if (all) for (const s of sleeps) console.log(`         ${s.file}:${s.line}  ${s.text}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
