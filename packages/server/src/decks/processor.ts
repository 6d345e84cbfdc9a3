import { Worker } from "node:worker_threads";
import { loadImageLibrary } from "@firmament/cards";
import { workerUrl } from "../worker-url";
import { type Processed, processUpload } from "./processed";
import type { Reply } from "./processor-worker";
import type { UploadedFile } from "./upload";

export interface ProcessOptions {
  /** Aborted when nobody wants the result any more (the client went away): the work stops. */
  signal?: AbortSignal;
  /** Processing time allowed once a worker has the upload; beyond it the work stops. */
  deadlineMs?: number;
}

/** Why processing stopped before it finished. */
export class ProcessingStopped extends Error {
  constructor(readonly reason: "deadline" | "cancelled") {
    super(`deck processing stopped (${reason})`);
  }
}

/** Turns uploaded files into cards (crop, WebP, detail map); see `processCustomDeck`. */
export interface DeckProcessor {
  /** Rejects with `ProcessingStopped` when cancelled or past its deadline. */
  process(files: UploadedFile[], options?: ProcessOptions): Promise<Processed>;
  close(): Promise<void>;
}

/** In this thread (cannot be stopped midway); for tools and tests that do not mind the event loop being busy. */
export const inlineProcessor: DeckProcessor = {
  process: (files) => processUpload(files),
  close: async () => undefined,
};

/**
 * Worker threads that process uploads, so the detail maps (TypeScript, up to ~70 ms a picture on a busy
 * machine) never hold up the games on the event loop. Up to `size` workers start on demand (about 0.3 s)
 * and stay for the next upload until idle for `idleMs`; each handles one upload at a time. The files' buffers are moved to the worker, not
 * copied, and the cards' images are moved back. An upload past its deadline, or no longer wanted, has its
 * worker terminated (native decoding cannot be interrupted any other way) and frees its place at once.
 */
export class WorkerProcessor implements DeckProcessor {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly waiting: Array<(worker: Worker) => void> = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size = 2,
    private readonly idleMs = 60_000,
  ) {}

  async process(files: UploadedFile[], options: ProcessOptions = {}): Promise<Processed> {
    const { signal, deadlineMs } = options;
    const worker = await this.acquire();
    if (signal?.aborted) {
      this.release(worker);
      throw new ProcessingStopped("cancelled");
    }
    const id = this.nextId++;
    try {
      return await new Promise<Processed>((resolve, reject) => {
        const stop = (reason: "deadline" | "cancelled") => {
          cleanup();
          reject(new ProcessingStopped(reason));
        };
        const onAbort = () => stop("cancelled");
        let timer: NodeJS.Timeout | undefined;
        const onMessage = (reply: Reply) => {
          if (reply.id !== id) return;
          cleanup();
          resolve(reply.result);
        };
        const onExit = (code: number) => {
          cleanup();
          reject(new Error(`deck worker exited (${code})`));
        };
        const onError = (error: unknown) => {
          cleanup();
          reject(error);
        };
        const cleanup = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          worker.off("message", onMessage);
          worker.off("exit", onExit);
          worker.off("error", onError);
        };
        if (deadlineMs !== undefined) timer = setTimeout(() => stop("deadline"), deadlineMs);
        signal?.addEventListener("abort", onAbort, { once: true });
        worker.on("message", onMessage);
        worker.on("exit", onExit);
        worker.on("error", onError);
        worker.postMessage(
          { id, files },
          files.map((f) => f.bytes.buffer as ArrayBuffer),
        );
      });
    } catch (error) {
      this.discard(worker);
      throw error;
    } finally {
      this.release(worker);
    }
  }

  private async acquire(): Promise<Worker> {
    if (this.closed) throw new Error("deck processor closed");
    const ready = this.idle.pop();
    if (ready) {
      clearTimeout(this.idleTimers.get(ready));
      this.idleTimers.delete(ready);
      return ready;
    }
    if (this.all.size < this.size) return this.spawn();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: Worker): void {
    if (!this.all.has(worker)) return;
    const next = this.waiting.shift();
    if (next) {
      next(worker);
      return;
    }
    this.idle.push(worker);
    const timer = setTimeout(() => {
      const i = this.idle.indexOf(worker);
      if (i < 0) return;
      this.idle.splice(i, 1);
      this.all.delete(worker);
      this.idleTimers.delete(worker);
      void worker.terminate();
    }, this.idleMs);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }

  private discard(worker: Worker): void {
    this.all.delete(worker);
    void worker.terminate();
    const next = this.waiting.shift();
    if (next) void this.spawn().then(next);
  }

  private async spawn(): Promise<Worker> {
    // sharp must be loaded by the main thread before any worker loads it (its shared libraries then stay
    // in memory for the workers' lifetime).
    await loadImageLibrary();
    const worker = new Worker(
      workerUrl(import.meta.url, { bootstrap: "./worker.mjs", built: "deck-worker.js" }),
    );
    worker.unref();
    this.all.add(worker);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off("message", onMessage);
        worker.off("error", reject);
        resolve();
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    }).catch((error) => {
      this.all.delete(worker);
      throw error;
    });
    worker.on("exit", () => {
      this.all.delete(worker);
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.all([...this.all].map((w) => w.terminate()));
    this.all.clear();
    this.idle.length = 0;
  }
}
