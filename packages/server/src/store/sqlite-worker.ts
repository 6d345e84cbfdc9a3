/**
 * The SQLite store's thread: owns the only connection to the database and serves the main thread's
 * calls in arrival order (they come, and their answers go back, in batches of one event-loop turn). Writing and syncing here keeps the event loop that talks to clients free.
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
  let outbox: StoreReply[] = [];
  let closedBy = -1;
  const reply = (r: StoreReply) => {
    outbox.push(r);
    if (outbox.length === 1)
      setImmediate(() => {
        const batch = outbox;
        outbox = [];
        port.postMessage(batch);
        if (batch.some((b) => b.id === closedBy)) port.close();
      });
  };
  const serve = (call: StoreCall) => {
    const method = methods[call.method];
    if (typeof method !== "function") {
      reply({ id: call.id, ok: false, conflict: null, message: `Unknown store method ${call.method}` });
      return;
    }
    method.apply(store, call.args).then(
      (value) => {
        if (call.method === "close") closedBy = call.id;
        reply({ id: call.id, ok: true, value });
      },
      (error: unknown) =>
        reply({
          id: call.id,
          ok: false,
          conflict: error instanceof VersionConflict ? [error.table, error.match, error.version] : null,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  };
  port.on("message", (calls: StoreCall[]) => {
    for (const call of calls) serve(call);
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, message: error instanceof Error ? error.message : String(error) });
}
