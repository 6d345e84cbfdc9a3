/**
 * The import fence, run by `npm run lint`: every import of every file in the repository is checked
 * against scripts/import-rules.ts.
 *
 * - No relative import leaves its package (the repository's own files outside the workspaces count as
 *   one package): another package is imported by its name, through what it exports.
 * - A package's files import only the workspace packages its layer allows, and only those its
 *   package.json declares (dependencies; devDependencies too for tests, scripts and benchmarks).
 * - A package's source files (src/, tests aside) import only the npm packages and Node built-ins its
 *   layer allows. Whether npm imports are declared is knip's part (`npm run lint:deps`).
 *
 * Imports are read with TypeScript's own scanner (`ts.preProcessFile`): static imports, `export … from`,
 * `import type`, `import()` and `require()` with a literal specifier.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { GAMES, LAYERS, type Layer, ROOT_LAYER, RULES_LAYER, TEST_SUPPORT } from "./import-rules";

export interface Workspace {
  /** Its folder relative to the repository, posix separators; "" for the repository's root. */
  readonly dir: string;
  readonly name: string;
  readonly dependencies: ReadonlySet<string>;
  readonly devDependencies: ReadonlySet<string>;
}

export interface Repo {
  readonly root: Workspace;
  readonly workspaces: readonly Workspace[];
}

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
  readonly message: string;
}

const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const TEST_FILE = /\.test\.[jt]sx?$/;

/** The npm package a bare specifier names: "@scope/name/sub" → "@scope/name", "name/sub" → "name". */
export function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

export function layerOf(workspace: Workspace, repo: Repo): Layer {
  if (workspace === repo.root) return ROOT_LAYER;
  return LAYERS[workspace.name] ?? RULES_LAYER;
}

/** A game's rules package: a workspace that no layer names (see scripts/import-rules.ts). */
export function isGame(name: string, repo: Repo): boolean {
  return repo.workspaces.some((w) => w.name === name) && LAYERS[name] === undefined;
}

export function workspaceOfPath(path: string, repo: Repo): Workspace {
  let owner = repo.root;
  for (const w of repo.workspaces) {
    if ((path === w.dir || path.startsWith(`${w.dir}/`)) && w.dir.length > owner.dir.length) owner = w;
  }
  return owner;
}

/** Source files are what a package ships: under src/, tests aside. */
export function isSourceFile(file: string, workspace: Workspace): boolean {
  const inside = workspace.dir === "" ? file : file.slice(workspace.dir.length + 1);
  return inside.startsWith("src/") && !TEST_FILE.test(file) && !inside.includes("/__tests__/");
}

/** The monorepo's own packages, and any other name in its scope (a package yet to be added, or a typo). */
function isWorkspaceName(name: string, repo: Repo): boolean {
  return name.startsWith("@firmament/") || repo.workspaces.some((w) => w.name === name);
}

function allowsWorkspace(layer: Layer, name: string, source: boolean, repo: Repo): boolean {
  if (layer.workspaces === "any") return true;
  if (layer.workspaces.includes(name)) return true;
  if (layer.workspaces.includes(GAMES) && isGame(name, repo)) return true;
  return !source && TEST_SUPPORT.includes(name);
}

function checkRelative(file: string, specifier: string, from: Workspace, repo: Repo): string | null {
  const target = posix.normalize(posix.join(posix.dirname(file), specifier));
  if (target.startsWith("../") || target === "..") return "a relative import leaves the repository";
  const owner = workspaceOfPath(target, repo);
  if (owner === from) return null;
  const fromName = from.dir || "the repository's root";
  if (owner.dir === "") return `a relative import crosses from ${fromName} into the repository's root files`;
  return `a relative import crosses from ${fromName} into ${owner.name}: import it by its package name, through what it exports`;
}

function checkWorkspaceImport(specifier: string, name: string, ctx: FileContext): string | null {
  const { workspace, layer, source, repo } = ctx;
  if (name === workspace.name) return null;
  if (!allowsWorkspace(layer, name, source, repo))
    return `${workspace.name || "the root"} may not import ${name}: ${layer.why}`;
  if (source && layer.forbidden?.includes(specifier))
    return `${specifier} is not for ${workspace.name}: ${layer.why}`;
  const declared = workspace.dependencies.has(name) || (!source && workspace.devDependencies.has(name));
  if (!declared) {
    const field = source ? "dependencies" : "dependencies or devDependencies";
    return `${name} is imported but not declared in ${workspace.dir || "."}/package.json (${field})`;
  }
  return null;
}

function checkExternalImport(specifier: string, ctx: FileContext): string | null {
  const { workspace, layer, source } = ctx;
  if (!source) return null;
  if (isBuiltin(specifier))
    return layer.node ? null : `${workspace.name} source may not use Node's ${specifier}: ${layer.why}`;
  const name = packageOf(specifier);
  if (layer.forbidden?.includes(specifier) || layer.forbidden?.includes(name))
    return `${specifier} is not for ${workspace.name}: ${layer.why}`;
  const allowed = layer.npm === "declared" ? workspace.dependencies.has(name) : layer.npm.includes(name);
  if (allowed) return null;
  return layer.npm === "declared"
    ? `${workspace.name} source imports ${name}, which is not in its package.json's dependencies`
    : `${workspace.name} may not import ${name}: ${layer.why}`;
}

interface FileContext {
  readonly workspace: Workspace;
  readonly layer: Layer;
  readonly source: boolean;
  readonly repo: Repo;
}

function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < pos; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Every violation of the fence in one file (`file` relative to the repository, posix separators). */
export function checkFile(file: string, text: string, repo: Repo): Violation[] {
  const workspace = workspaceOfPath(file, repo);
  const ctx: FileContext = {
    workspace,
    layer: layerOf(workspace, repo),
    source: isSourceFile(file, workspace),
    repo,
  };
  const violations: Violation[] = [];
  for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
    const specifier = imported.fileName;
    let message: string | null;
    if (specifier.startsWith(".") || specifier.startsWith("/")) {
      message = checkRelative(file, specifier, workspace, repo);
    } else if (isWorkspaceName(packageOf(specifier), repo)) {
      message = checkWorkspaceImport(specifier, packageOf(specifier), ctx);
    } else {
      message = checkExternalImport(specifier, ctx);
    }
    if (message) violations.push({ file, line: lineAt(text, imported.pos), specifier, message });
  }
  return violations;
}

function readWorkspace(rootDir: string, dir: string): Workspace {
  const pkg = JSON.parse(readFileSync(join(rootDir, dir, "package.json"), "utf8"));
  return {
    dir,
    name: pkg.name ?? "",
    dependencies: new Set(Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })),
    devDependencies: new Set(Object.keys(pkg.devDependencies ?? {})),
  };
}

export function loadRepo(rootDir: string): Repo {
  const root = readWorkspace(rootDir, "");
  const dirs: string[] = JSON.parse(readFileSync(join(rootDir, "package.json"), "utf8")).workspaces ?? [];
  return {
    root: { ...root, dir: "" },
    workspaces: dirs.map((d) => readWorkspace(rootDir, posix.normalize(d))),
  };
}

/** The repository's code files, committed or new (ignored files such as node_modules and builds left out). */
export function codeFiles(rootDir: string): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: rootDir,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split("\0").filter((f) => CODE.test(f));
}

export function checkRepo(rootDir: string): Violation[] {
  const repo = loadRepo(rootDir);
  const violations: Violation[] = [];
  for (const file of codeFiles(rootDir)) {
    let text: string;
    try {
      text = readFileSync(join(rootDir, file), "utf8");
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    violations.push(...checkFile(file, text, repo));
  }
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rootDir = join(dirname(fileURLToPath(import.meta.url)), "..");
  const violations = checkRepo(rootDir);
  for (const v of violations) console.error(`${v.file}:${v.line}: "${v.specifier}": ${v.message}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) cross the fence (rules: scripts/import-rules.ts).`);
    process.exit(1);
  }
  console.log("Imports: every file stays inside its fence (scripts/import-rules.ts).");
}
