import { Worker } from "node:worker_threads";
import type { StoreCall, StoreReply } from "./sqlite-worker";
import { type Store, VersionConflict } from "./types";

/**
 * Opens (creating if needed) `<dataDir>/firmament.sqlite`, migrated to the latest schema, in a worker
 * thread. better-sqlite3 is synchronous and every commit is synced to disk, which takes milliseconds
 * now and then; on the main thread that would stall every client. The worker holds the only
 * connection and answers each call after its transaction has committed, so "stored before anyone is
 * told" still holds. Appends that arrive while a commit is in progress share the next transaction
 * (group commit). Any Store method is forwarded, so the Store interface can grow without touching this.
 */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  const worker = new Worker(new URL("./sqlite-worker-boot.mjs", import.meta.url), {
    workerData: { dataDir },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onReady = (msg: { ready?: boolean; message?: string }) => {
      if (msg.ready === undefined) return;
      worker.off("message", onReady);
      if (msg.ready) resolve();
      else reject(new Error(`SQLite store failed to open: ${msg.message}`));
    };
    worker.on("message", onReady);
    worker.once("error", reject);
  });

  const stop = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on("message", (replies: StoreReply[]) => {
    for (const reply of replies) {
      const p = pending.get(reply.id);
      if (!p) continue;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else if (reply.conflict) p.reject(new VersionConflict(...reply.conflict));
      else p.reject(new Error(reply.message));
    }
  });
  worker.on("error", (error) => stop(error));
  worker.on("exit", () => stop(new Error("The SQLite store is closed.")));

  // The calls of one event-loop turn travel to the worker in one message (and its answers come back
  // batched the same way), so a busy turn costs one hop each way, not one per call.
  let outbox: StoreCall[] = [];
  const send = () => {
    const batch = outbox;
    outbox = [];
    if (!failure) worker.postMessage(batch);
  };
  const call = (method: string, args: unknown[]): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      outbox.push({ id, method, args });
      if (outbox.length === 1) setImmediate(send);
    });
  };

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= call("close", []).then(
      () => worker.terminate().then(() => undefined),
      () => worker.terminate().then(() => undefined),
    );
    return closing;
  };

  return new Proxy({} as Store, {
    get: (_target, name) => {
      if (name === "close") return close;
      if (typeof name !== "string" || name === "then") return undefined;
      return (...args: unknown[]) => call(name, args);
    },
  });
}
