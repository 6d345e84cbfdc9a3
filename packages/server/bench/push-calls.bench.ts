/**
 * `npm run bench:push-calls [-- --tables 2000]`: turn-based calls per second from one process to a
 * local push endpoint. Each of N tables has a guest subscribed for its second seat; every seat's move
 * starts at once and each call is found (subscriptions of the seat), claimed once in the store,
 * encrypted (aes128gcm), VAPID-signed and POSTed. The endpoint runs in a child process and answers
 * 201 without decrypting, so the CPU time printed is the caller's alone. SQLite on a temporary
 * directory (the calls' store work is a few small queries).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { ManualClock } from "../src/clock";
import { createPushCalls } from "../src/push/calls";
import { LocalPushService } from "../src/push/local-push-service";
import { loadVapid } from "../src/push/vapid";
import { openLocalSqliteStore } from "../src/store/sqlite-local";
import { hashToken, newCode, newToken } from "../src/tokens";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TABLES = arg("tables", 2000);

/** A push endpoint in a child process: reads each body, answers 201. */
async function endpoint(): Promise<{ origin: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { q.resume(); q.on("end", () => s.writeHead(201).end()); })
        .listen(0, "127.0.0.1", function () { console.log(this.address().port); });`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<string>((resolve) =>
    child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
  );
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const dir = mkdtempSync(join(tmpdir(), "push-bench-"));
const store = await openLocalSqliteStore(dir);
const clock = new ManualClock();
const target = await endpoint();
// keys come from real subscriptions (the keys are what the encryption works with)
const keysFrom = await new LocalPushService().start();
const vapid = await loadVapid({ subject: "mailto:bench@example.org" }, { store, clock });
const codes: string[] = [];
for (let i = 0; i < TABLES; i++) {
  const code = newCode();
  const token = newToken();
  await store.createTable(
    {
      code,
      config: { game: "dreamers", seats: 2, visibility: "private", timer: "off" },
      hostTokenHash: "bench",
      status: "playing",
      match: 1,
      hostSeat: 0,
      createdAt: clock.now(),
    },
    [
      { seat: 0, colour: null, name: "Ada", kind: "human", level: null, tokenHash: "x" },
      { seat: 1, colour: null, name: "Bruno", kind: "human", level: null, tokenHash: hashToken(token) },
    ],
  );
  const keys = keysFrom.subscribe().keys;
  await store.savePushSubscription(
    {
      endpoint: `${target.origin}/push/${i}`,
      ...keys,
      device: `bench-device-${String(i).padStart(6, "0")}`,
      accountId: null,
      lang: "en",
      live: false,
      createdAt: clock.now(),
    },
    [{ code, tokenHash: hashToken(token) }],
    { perDevice: 3, perAccount: 10 },
  );
  codes.push(code);
}
await keysFrom.close();

let sent = 0;
const calls = createPushCalls({
  store,
  clock,
  log: pino({ level: "silent" }),
  vapid,
  trustedOrigins: [target.origin],
});
const cpu = process.cpuUsage();
const started = performance.now();
for (const code of codes) calls.moveStarted(code, 1, clock.now() + 86_400_000);
await calls.settled();
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
const stored = await store.forgetPushCalls(Number.MAX_SAFE_INTEGER);
sent = stored;
console.log(
  JSON.stringify({
    tables: TABLES,
    callsRecorded: sent,
    wallMs: Math.round(wallMs),
    callsPerSecondWall: Math.round((sent / wallMs) * 1000),
    cpuMs: Math.round(cpuMs),
    userMs: Math.round(used.user / 1000),
    systemMs: Math.round(used.system / 1000),
    cpuMsPerCall: Number((cpuMs / sent).toFixed(3)),
    callsPerCpuSecond: Math.round((sent / cpuMs) * 1000),
  }),
);
calls.close();
target.stop();
await store.close();
rmSync(dir, { recursive: true, force: true });
