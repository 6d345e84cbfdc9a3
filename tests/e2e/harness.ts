/**
 * Shared pieces of the end-to-end suite: a fresh build of the web client when its sources changed,
 * the real (built) server started as `npm start` would (PORT and DATA_DIR on a temp dir), and Debian's
 * Chromium driven by playwright-core.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILT_SERVER_ARGS, ensureServerBuild, TEST_CLOCK_SERVER_ARGS } from "@firmament/server/build";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const WEB = join(ROOT, "packages/web");
export const SCREENSHOTS = join(ROOT, "artifacts/screenshots");

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function buildIsFresh(): boolean {
  const index = join(WEB, "dist/index.html");
  const sources = Math.max(
    newest(join(WEB, "src")),
    newest(join(WEB, "index.html")),
    newest(join(WEB, "vite.config.ts")),
    // Shipped as /rules.md.
    newest(join(ROOT, "docs/rules.md")),
    newest(join(WEB, "scripts/precompress.ts")),
  );
  return existsSync(index) && statSync(index).mtimeMs > sources;
}

/**
 * Builds packages/web/dist with vite unless it is newer than every source file. Test files run in
 * parallel, so a lock directory makes sure only one of them builds while the others wait.
 */
export async function ensureWebBuild(): Promise<void> {
  if (buildIsFresh()) return;
  const lock = join(WEB, ".build-lock");
  const taken = () => {
    try {
      mkdirSync(lock);
      return true;
    } catch {
      return false;
    }
  };
  // A lock left by a build that died is taken over after 3 minutes.
  if (!(await until(taken, 180_000))) {
    rmSync(lock, { recursive: true, force: true });
    if (!taken()) throw new Error(`${lock} is held by another build`);
  }
  try {
    if (buildIsFresh()) return;
    await viteBuild();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function viteBuild(): Promise<void> {
  // A child process, so the production build is not affected by the test runner's NODE_ENV=test.
  const child = spawn(join(ROOT, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
    cwd: WEB,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`vite build failed:\n${output}`);
}

/**
 * Checks `done` until it holds, true then; false if it has not within `timeout` ms. For what another
 * process does (a server starting, a build finishing), which sends this one no event to wait for.
 */
export async function until(done: () => boolean | Promise<boolean>, timeout: number): Promise<boolean> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    // The one real-time pause of the browser tests: the interval between two looks at another process.
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  log: () => string;
  /** SIGKILL, keeping the data directory (a crash). */
  kill(): Promise<void>;
  /** SIGTERM, then removes the data directory. */
  stop(): Promise<void>;
  /**
   * Moves the server's clock on by `ms` and answers its new time (epoch ms); only for a server started
   * with `testClock` (the test entry of the server, `src/testing/test-main.ts`).
   */
  advance(ms: number): Promise<number>;
}

/** Starts the built server (`packages/server/dist/main.js`, what `npm start` runs), built first if stale, on a free port. */
export async function startServer(
  env: Record<string, string> = {},
  reuse?: { port: number; dataDir: string },
  options: { testClock?: boolean } = {},
): Promise<ServerProcess> {
  const port = reuse?.port ?? (await freePort());
  const dataDir = reuse?.dataDir ?? mkdtempSync(join(tmpdir(), "firmament-e2e-"));
  mkdirSync(dataDir, { recursive: true });
  await ensureServerBuild();
  const child = spawn(process.execPath, options.testClock ? TEST_CLOCK_SERVER_ARGS : BUILT_SERVER_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: [options.testClock ? "pipe" : "ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const healthy = async () => {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    return fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
  };
  if (!(await until(healthy, 45_000))) {
    child.kill("SIGKILL");
    throw new Error(`The server did not start within 45 s:\n${output}`);
  }
  return {
    url,
    port,
    dataDir,
    child,
    log: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
    async advance(ms: number) {
      if (!options.testClock) throw new Error("this server's clock cannot be moved");
      const seen = (output.match(/^clock \d+$/gm) ?? []).length;
      child.stdin?.write(`advance ${ms}\n`);
      await until(() => (output.match(/^clock \d+$/gm) ?? []).length > seen, 10_000);
      return Number(
        output
          .match(/^clock (\d+)$/gm)
          ?.at(-1)
          ?.split(" ")[1],
      );
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\`.`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export function screenshotDir(): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return SCREENSHOTS;
}

/** Records every Content-Security-Policy violation Chromium reports on this page into `errors`. */
export function watchCsp(page: Page, errors: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      errors.push(message.text());
  });
}

/** Records uncaught page errors and CSP violations on this page; the returned list should stay empty. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  watchCsp(page, errors);
  return errors;
}

export interface BrowserSuite {
  /** Reassign to a restarted server so the suite stops that one at the end. */
  server: ServerProcess;
  browser: Browser;
}

/**
 * A test file's shared setup: a fresh web build, the server started with `env`, and Chromium; both
 * closed after the file. Fields are set once `beforeAll` has run.
 */
export function browserSuite(
  env: Record<string, string>,
  options: { testClock?: boolean } = {},
): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    await ensureWebBuild();
    // the browser starts while the server does; both are settled (and kept for afterAll) before a failure is told
    const started = await Promise.allSettled([
      startServer(env, undefined, options).then((server) => (suite.server = server)),
      launchChromium().then((browser) => (suite.browser = browser)),
    ]);
    for (const result of started) if (result.status === "rejected") throw result.reason;
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/**
 * Whether a control is enabled now. One counted a moment ago may be gone (the phase moved on): this
 * does not wait for it to come back, as Playwright's own check would (for 30 s).
 */
export function enabledNow(control: Locator): Promise<boolean> {
  return control.isEnabled({ timeout: 500 }).catch(() => false);
}
