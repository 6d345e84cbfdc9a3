import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { samplePictures } from "@firmament/cards/testing";
import { describe, expect, it } from "vitest";
import { echoable, readUpload } from "./upload";

const LIMITS = { minImages: 2, maxImages: 3, maxFileBytes: 200_000, maxTotalBytes: 300_000 };
const BOUNDARY = "firmamentboundary";

function request(parts: Array<{ name: string; field?: string; bytes: Uint8Array }>): IncomingMessage {
  const stream = new PassThrough() as unknown as IncomingMessage & PassThrough;
  Object.assign(stream, {
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    complete: false,
  });
  // like an IncomingMessage: complete once the whole body was read
  stream.once("end", () => Object.assign(stream, { complete: true }));
  setImmediate(() => {
    for (const p of parts) {
      stream.write(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field ?? "images"}"; filename="${p.name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      );
      stream.write(p.bytes);
      stream.write("\r\n");
    }
    stream.end(`--${BOUNDARY}--\r\n`);
  });
  return stream;
}

describe("readUpload", () => {
  it("reads the files of a good upload", async () => {
    const pics = await samplePictures(2, { width: 60, height: 90 });
    const read = await readUpload(request(pics), LIMITS);
    expect(read.ok && read.files.map((f) => [f.name, f.bytes.length])).toEqual(
      pics.map((p) => [p.name, p.bytes.length]),
    );
  });

  it("stops reading as soon as the body passes the total limit, without a declared length", async () => {
    const big = new Uint8Array(150_000).fill(7);
    const read = await readUpload(
      request([
        { name: "a.png", bytes: big },
        { name: "b.png", bytes: big },
        { name: "c.png", bytes: big },
      ]),
      LIMITS,
    );
    expect(read.ok).toBe(false);
    if (read.ok || "aborted" in read) throw new Error("expected a refusal");
    expect([read.status, read.error.code, read.stopReading]).toEqual([413, "upload/total_too_large", true]);
  });

  it("refuses the first bad file by name and reads the rest only to discard it", async () => {
    const [good] = await samplePictures(1, { width: 60, height: 90 });
    const read = await readUpload(
      request([
        { name: "fine.png", bytes: (good as { bytes: Uint8Array }).bytes },
        { name: "big.png", bytes: new Uint8Array(200_001) },
        { name: "text.png", bytes: new TextEncoder().encode("hello") },
      ]),
      LIMITS,
    );
    if (read.ok || "aborted" in read) throw new Error("expected a refusal");
    expect([read.status, read.error.code, read.error.file]).toEqual([413, "upload/too_large", "big.png"]);
  });

  it("refuses a file in another field, and more files than allowed", async () => {
    const pics = await samplePictures(4, { width: 40, height: 60 });
    const first = pics[0] as { name: string; bytes: Uint8Array };
    const other = await readUpload(request([{ ...first, field: "photos" }]), LIMITS);
    expect(!other.ok && "error" in other && other.error.code).toBe("input/malformed");
    const many = await readUpload(request(pics), LIMITS);
    expect(!many.ok && "error" in many && many.error.code).toBe("upload/too_many_images");
  });
});

describe("echoable", () => {
  it("replaces control, bidi and zero-width characters and cuts long names in the middle, keeping the extension", () => {
    expect(echoable("cat\u202Egnp.exe\u0000.png")).toBe("cat?gnp.exe?.png");
    expect(echoable("a\u200Bb\u2066c\u2069\u001b[31m")).toBe("a?b?c??[31m");
    const long = echoable(`${"n".repeat(9000)}.png`, 200);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith("nnn.png")).toBe(true);
    expect(long).toContain("…");
    expect(echoable("ordinary name.jpg", 200)).toBe("ordinary name.jpg");
  });
});
