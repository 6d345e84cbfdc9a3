/**
 * What the benchmarks that run the real server in a process of its own share: their `--name value`
 * arguments, a free port, the server's command-line flags and environment, and posting JSON to it.
 */
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The repository's root (the server process's working directory) and the server's entry point. */
export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const SERVER_MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/** `--name value` pairs of this process's arguments; a flag without a value is "1". */
export function benchArgs(): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 2; i < process.argv.length; i++) {
    const a = process.argv[i] ?? "";
    if (a.startsWith("--"))
      args.set(a.slice(2), process.argv[i + 1]?.startsWith("--") ? "1" : (process.argv[++i] ?? "1"));
  }
  return args;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
    srv.on("error", reject);
  });
}

/** Node's flags for the server: `npm run start:server`'s, then BENCH_NODE_ARGS (which may override them). */
export function serverNodeArgs(): string[] {
  return ["--max-semi-space-size=64", ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [])];
}

/** The server's environment: on `port` with a fresh `dataDir`, quiet (BENCH_LOG_LEVEL), no per-address limits. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    HTTP_POSTS_PER_SECOND: "0",
    MAX_CONNECTIONS_PER_ADDRESS: "0",
  };
}

export async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs a benchmark's main part: a failure is printed and ends the process with status 1. */
export function exitOnFailure(run: Promise<unknown>): void {
  run.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
