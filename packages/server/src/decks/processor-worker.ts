/**
 * The deck-processing worker (a piscina task, one upload at a time per thread), so the server's event
 * loop never waits for the detail maps. Tells `started` when it has the upload (the deadline counts from
 * there, not from the queue), and moves the cards' images back instead of copying them.
 */
import type { MessagePort } from "node:worker_threads";
import { move, transferableSymbol, valueSymbol } from "piscina";
import { type Processed, processUpload } from "./processed";
import type { UploadedFile } from "./upload";

export interface Job {
  files: UploadedFile[];
  /** Told once this thread has the upload. */
  started: MessagePort;
}

export default async function processJob(job: Job): Promise<Processed> {
  job.started.postMessage("started");
  job.started.close();
  const result = await processUpload(job.files);
  const images = result.ok
    ? result.cards.flatMap((c) => [c.webp.buffer, c.thumb.buffer] as ArrayBuffer[])
    : [];
  return move({ [transferableSymbol]: images, [valueSymbol]: result }) as unknown as Processed;
}
