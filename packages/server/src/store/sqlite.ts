import { Worker } from "node:worker_threads";
import { workerUrl } from "../worker-url";
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
  const entry = workerUrl(import.meta.url, {
    bootstrap: "./sqlite-worker-boot.mjs",
    built: "sqlite-worker.js",
  });
  const worker = new Worker(entry, {
    workerData: { dataDir },
  });
  await workerReady(worker);
  const calls = new WorkerCalls(worker);
  let closing: Promise<void> | null = null;
  const close = () => {
    const terminate = () => worker.terminate().then(() => undefined);
    closing ??= calls.call("close", []).then(terminate, terminate);
    return closing;
  };
  return new Proxy({} as Store, {
    get: (_target, name) => {
      if (name === "close") return close;
      if (typeof name !== "string" || name === "then") return undefined;
      return (...args: unknown[]) => calls.call(name, args);
    },
  });
}

/** Resolves once the worker has opened and migrated the database. */
function workerReady(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onReady = (msg: { ready?: boolean; message?: string }) => {
      if (msg.ready === undefined) return;
      worker.off("message", onReady);
      if (msg.ready) resolve();
      else reject(new Error(`SQLite store failed to open: ${msg.message}`));
    };
    worker.on("message", onReady);
    worker.once("error", reject);
  });
}

/**
 * Calls to the worker and their answers. The calls of one event-loop turn travel to the worker in one
 * message (and its answers come back batched the same way), so a busy turn costs one hop each way,
 * not one per call.
 */
class WorkerCalls {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | null = null;
  private outbox: StoreCall[] = [];

  constructor(private readonly worker: Worker) {
    worker.on("message", (replies: StoreReply[]) => this.receive(replies));
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", () => this.stop(new Error("The SQLite store is closed.")));
  }

  call(method: string, args: unknown[]): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.outbox.push({ id, method, args });
      if (this.outbox.length === 1) setImmediate(() => this.send());
    });
  }

  private send(): void {
    const batch = this.outbox;
    this.outbox = [];
    if (!this.failure) this.worker.postMessage(batch);
  }

  private receive(replies: StoreReply[]): void {
    for (const reply of replies) {
      const p = this.pending.get(reply.id);
      if (!p) continue;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else if (reply.conflict) p.reject(new VersionConflict(...reply.conflict));
      else p.reject(new Error(reply.message));
    }
  }

  private stop(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }
}
