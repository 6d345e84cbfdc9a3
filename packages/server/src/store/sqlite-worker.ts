/**
 * The SQLite store's thread: owns the only connection to the database and serves the main thread's
 * calls in arrival order. Writing and syncing here keeps the event loop that talks to clients free.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openLocalSqliteStore } from "./sqlite-local";
import { VersionConflict } from "./types";

export interface StoreCall {
  id: number;
  method: string;
  args: unknown[];
}

export type StoreReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; conflict: [string, number, number] | null; message: string };

const port = parentPort;
if (!port) throw new Error("sqlite-worker must run in a worker thread");

try {
  const store = await openLocalSqliteStore((workerData as { dataDir: string }).dataDir);
  const methods = store as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  port.on("message", (call: StoreCall) => {
    const method = methods[call.method];
    const reply = (r: StoreReply) => port.postMessage(r);
    if (typeof method !== "function") {
      reply({ id: call.id, ok: false, conflict: null, message: `Unknown store method ${call.method}` });
      return;
    }
    method.apply(store, call.args).then(
      (value) => {
        reply({ id: call.id, ok: true, value });
        if (call.method === "close") port.close();
      },
      (error: unknown) =>
        reply({
          id: call.id,
          ok: false,
          conflict: error instanceof VersionConflict ? [error.table, error.game, error.version] : null,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, message: error instanceof Error ? error.message : String(error) });
}
