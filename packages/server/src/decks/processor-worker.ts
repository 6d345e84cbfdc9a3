/** Runs in a worker thread: processes one upload at a time, so the server's event loop never waits for it. */
import { parentPort } from "node:worker_threads";
import { type Processed, processUpload } from "./processed";
import type { UploadedFile } from "./upload";

export interface Job {
  id: number;
  files: UploadedFile[];
}
export interface Reply {
  id: number;
  result: Processed;
}

const port = parentPort;
if (!port) throw new Error("processor-worker must run in a worker thread");
port.on("message", async (job: Job) => {
  const result = await processUpload(job.files);
  const transfer = result.ok
    ? result.cards.flatMap((c) => [c.webp.buffer, c.thumb.buffer] as ArrayBuffer[])
    : [];
  port.postMessage({ id: job.id, result } satisfies Reply, transfer);
});
port.postMessage({ ready: true });
