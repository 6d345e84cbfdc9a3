import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Debian's nginx (package `nginx`); `NGINX` names another binary. */
export const NGINX_BINARY = process.env.NGINX ?? "/usr/sbin/nginx";

/**
 * deploy/nginx/firmament.conf, from the sources (src/cluster) and from the build (dist), which sit at
 * different depths below the repository.
 */
function templatePath(): string {
  for (const up of ["../../../../", "../../../"]) {
    const path = fileURLToPath(new URL(`${up}deploy/nginx/firmament.conf`, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error("deploy/nginx/firmament.conf not found beside the server");
}

export interface NginxFront {
  /** Where nginx listens: a port, or "address:port". */
  listen: string;
  /** The processes, "host:port" each, exactly as their CLUSTER_PEERS list them. */
  servers: readonly string[];
  /** A directory nginx may write (pid, logs, temporary files). */
  prefix: string;
}

/** The shipped configuration with a cluster's values filled in. */
export function nginxConfig(front: NginxFront): string {
  for (const server of front.servers)
    if (!/^[A-Za-z0-9.:[\]-]+:\d+$/.test(server)) throw new Error(`not a host:port: ${server}`);
  const lines = (health: string) =>
    front.servers.map((server) => `server ${server} ${health};`).join("\n    ");
  return readFileSync(templatePath(), "utf8")
    .replaceAll("{{LISTEN}}", front.listen)
    .replaceAll("{{SERVERS}}", lines("max_fails=1 fail_timeout=2s"))
    .replaceAll("{{WEBSOCKET_SERVERS}}", lines("max_fails=0"))
    .replaceAll("{{PREFIX}}", front.prefix);
}

export interface RunningNginx {
  child: ChildProcess;
  prefix: string;
  /** What nginx wrote to its error log and its standard error, for a test's report. */
  errors(): string;
  close(): Promise<void>;
}

/**
 * Runs nginx in front of a cluster as a child process, from a temporary directory (it needs no root:
 * the pid file, logs and temporary files go there). Resolves once it accepts connections.
 */
export async function startNginx(
  front: Omit<NginxFront, "prefix">,
  binary = NGINX_BINARY,
): Promise<RunningNginx> {
  if (!existsSync(binary))
    throw new Error(`nginx is not installed at ${binary} (Debian: apt-get install nginx; or set NGINX)`);
  const prefix = mkdtempSync(join(tmpdir(), "firmament-nginx-"));
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, nginxConfig({ ...front, prefix }));
  let stderr = "";
  const child = spawn(binary, ["-p", prefix, "-c", conf, "-e", join(prefix, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const errors = () => {
    const log = join(prefix, "error.log");
    return `${stderr}${existsSync(log) ? readFileSync(log, "utf8") : ""}`;
  };
  const close = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(prefix, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      // fast shutdown: the master closes every connection and waits for its workers (a SIGKILL of the
      // master would leave them running, orphaned)
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  await untilListening(front.listen, child, errors);
  return { child, prefix, errors, close };
}

async function untilListening(listen: string, child: ChildProcess, errors: () => string): Promise<void> {
  const colon = listen.lastIndexOf(":");
  const port = Number(colon >= 0 ? listen.slice(colon + 1) : listen);
  const host = colon >= 0 ? listen.slice(0, colon).replace("0.0.0.0", "127.0.0.1") : "127.0.0.1";
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors()}`);
    if (await accepts(host, port)) return;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not listen on ${listen}: ${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
