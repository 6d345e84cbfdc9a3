import { MessageChannel } from "node:worker_threads";
import { loadImageLibrary } from "@firmament/cards";
import { Piscina } from "piscina";
import { workerUrl } from "../worker-url";
import { type Processed, processUpload } from "./processed";
import type { Job } from "./processor-worker";
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
 * Worker threads that process uploads (a piscina pool), so the detail maps (TypeScript, up to ~70 ms a
 * picture on a busy machine) never hold up the games on the event loop. Up to `size` workers start on
 * demand (about 0.3 s) and stay for the next upload until idle for `idleMs`; each handles one upload at a
 * time, the others wait their turn. The files' buffers are moved to the worker, not copied, and the
 * cards' images are moved back. An upload past its deadline (counted from when a worker has it), or no
 * longer wanted, has its worker terminated (native decoding cannot be interrupted any other way) and
 * frees its place at once.
 */
export class WorkerProcessor implements DeckProcessor {
  private readonly pool: Piscina<Job, Processed>;
  private libraryLoaded: Promise<unknown> | null = null;

  constructor(size = 2, idleMs = 60_000) {
    this.pool = new Piscina({
      filename: workerUrl(import.meta.url, { bootstrap: "./worker.mjs", built: "deck-worker.js" }).href,
      minThreads: 0,
      // a process allowed no uploads (`size` 0) refuses them before they get here
      maxThreads: Math.max(1, size),
      idleTimeout: idleMs,
      concurrentTasksPerWorker: 1,
    });
  }

  async process(files: UploadedFile[], options: ProcessOptions = {}): Promise<Processed> {
    const { signal, deadlineMs } = options;
    // sharp must be loaded by the main thread before any worker loads it (its shared libraries then stay
    // in memory for the workers' lifetime).
    this.libraryLoaded ??= loadImageLibrary();
    await this.libraryLoaded;
    if (signal?.aborted) throw new ProcessingStopped("cancelled");
    const stop = new AbortController();
    let reason: "deadline" | "cancelled" = "cancelled";
    const onAbort = () => stop.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const { port1: started, port2: workerSide } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    started.once("message", () => {
      if (deadlineMs === undefined) return;
      timer = setTimeout(() => {
        reason = "deadline";
        stop.abort();
      }, deadlineMs);
    });
    try {
      return await this.pool.run(
        { files, started: workerSide },
        {
          signal: stop.signal,
          transferList: [workerSide, ...files.map((f) => f.bytes.buffer as ArrayBuffer)],
        },
      );
    } catch (error) {
      if (stop.signal.aborted) throw new ProcessingStopped(reason);
      throw error;
    } finally {
      clearTimeout(timer);
      started.close();
      signal?.removeEventListener("abort", onAbort);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
