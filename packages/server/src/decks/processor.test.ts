import { samplePictures } from "@firmament/cards/testing";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../../test/until";
import { inlineProcessor, ProcessingStopped, WorkerProcessor } from "./processor";

const pool = new WorkerProcessor(1);
afterAll(() => pool.close());

describe("WorkerProcessor", () => {
  it("processes an upload in a worker thread exactly as in this thread, moving the files' bytes", async () => {
    const pictures = await samplePictures(8, { width: 300, height: 450, seed: "worker" });
    const inline = await inlineProcessor.process(
      pictures.map((p) => ({ name: p.name, bytes: p.bytes.slice() })),
    );
    const files = pictures.map((p) => ({ name: p.name, bytes: p.bytes.slice() }));
    const moved = await pool.process(files);
    expect(files.every((f) => f.bytes.byteLength === 0)).toBe(true);
    if (!moved.ok || !inline.ok) throw new Error("processing failed");
    expect(moved.cards.map((c) => c.manifest)).toEqual(inline.cards.map((c) => c.manifest));
    expect(moved.cards.map((c) => c.webp.length)).toEqual(inline.cards.map((c) => c.webp.length));
    expect(moved.manifestBytes).toBe(inline.manifestBytes);
    // detail maps come with three decimals (enough for any threshold, a compact manifest)
    const values = moved.cards.flatMap((c) => [
      ...c.manifest.detail.salience,
      ...c.manifest.detail.brightness,
    ]);
    expect(values.every((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6)).toBe(true);
    // the same worker takes the next upload, and errors come back as results
    const bad = await pool.process([{ name: "a.png", bytes: new Uint8Array(0) }]);
    expect(bad.ok ? null : bad.error.code).toBe("upload/empty");
  });

  it("stops an upload past its deadline or no longer wanted by terminating its worker, and serves the next one", async () => {
    const pictures = await samplePictures(8, { width: 300, height: 450, seed: "deadline" });
    const copy = () => pictures.map((p) => ({ name: p.name, bytes: p.bytes.slice() }));
    const one = new WorkerProcessor(1);
    try {
      const late = await one.process(copy(), { deadlineMs: 1 }).catch((e: unknown) => e);
      expect(late).toBeInstanceOf(ProcessingStopped);
      expect((late as ProcessingStopped).reason).toBe("deadline");
      const controller = new AbortController();
      const files = copy();
      const pending = one.process(files, { signal: controller.signal }).catch((e: unknown) => e);
      // the files' bytes are moved to the worker with the upload: it is being processed
      await until("the worker to have the upload", () => files.every((f) => f.bytes.byteLength === 0));
      controller.abort();
      const cancelled = await pending;
      expect((cancelled as ProcessingStopped).reason).toBe("cancelled");
      // an upload queued behind the stopped one gets a fresh worker
      const next = await one.process(copy(), { deadlineMs: 60_000 });
      expect(next.ok).toBe(true);
      const already = new AbortController();
      already.abort();
      const refused = await one.process(copy(), { signal: already.signal }).catch((e: unknown) => e);
      expect((refused as ProcessingStopped).reason).toBe("cancelled");
    } finally {
      await one.close();
    }
  });
});
