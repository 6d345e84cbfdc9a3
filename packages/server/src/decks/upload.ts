import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import Busboy from "@fastify/busboy";
import { precheck } from "@firmament/cards";
import { deckNameSchema, type ProtocolError, UPLOAD_LIMITS } from "../protocol";

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface UploadLimits {
  minImages: number;
  maxImages: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/** How slowly a body may arrive: all of it within `deadlineMs`, and after `graceMs` at least `minBytesPerSecond` on average. */
export interface BodyPace {
  deadlineMs: number;
  minBytesPerSecond: number;
  graceMs: number;
}

export const DEFAULT_BODY_PACE: BodyPace = {
  deadlineMs: 120_000,
  minBytesPerSecond: 32 * 1024,
  graceMs: 10_000,
};

const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * A client-chosen string made safe to echo in an error: control and format characters (bidi overrides,
 * zero-width marks) become "?", and it is cut to `max` characters in the middle (so a file name keeps
 * its extension).
 */
export function echoable(value: string, max = 100): string {
  const clean = [...value.replace(UNSAFE, "?")];
  if (clean.length <= max) return clean.join("");
  const tail = Math.min(16, Math.floor(max / 4));
  return `${clean.slice(0, max - tail - 1).join("")}…${clean.slice(-tail).join("")}`;
}

/** The upload is over `limits.maxTotalBytes` (said by its Content-Length, or found while reading). */
export function totalTooLarge(limits: UploadLimits): ProtocolError {
  return {
    code: "upload/total_too_large",
    message: `An upload is at most ${Math.round(limits.maxTotalBytes / 1048576)} MB in all.`,
    file: null,
  };
}

export type ReadOutcome =
  | { ok: true; files: UploadedFile[]; name: string }
  /** `stopReading`: the rest of the body was not read; the connection must close after the reply. */
  | { ok: false; error: ProtocolError; status: number; stopReading?: boolean }
  | { ok: false; aborted: true };

const FIELD_FILES = "images";
const FIELD_NAME = "name";

/**
 * Reads a multipart upload of images (field `images`, optional field `name`), checking as it goes:
 * the number of files, each file's size (a file over the limit is not kept past the limit), each file's
 * content as soon as it is complete (`precheck`), and the total. After the first problem the rest of
 * the body is read and thrown away — so the browser gets the error instead of a broken connection —
 * unless the total is over the limit, in which case reading stops at once.
 */
export function readUpload(
  raw: IncomingMessage,
  limits: UploadLimits = UPLOAD_LIMITS,
  pace: BodyPace = DEFAULT_BODY_PACE,
  now: () => number = Date.now,
): Promise<ReadOutcome> {
  return new Promise((resolve) => new UploadReader(raw, limits, pace, now, resolve).start());
}

/** One upload being read: what came so far, the first problem found, and the outcome once known. */
class UploadReader {
  private settled = false;
  private readonly startedAt: number;
  private paceTimer: NodeJS.Timeout | undefined;
  private problem: { error: ProtocolError; status: number } | null = null;
  private readonly files: UploadedFile[] = [];
  private fileCount = 0;
  private total = 0;
  private name = "";
  private readonly onAborted = () => this.settle({ ok: false, aborted: true });
  private readonly onClose = () => {
    if (!this.raw.complete) this.onAborted();
  };

  constructor(
    private readonly raw: IncomingMessage,
    private readonly limits: UploadLimits,
    private readonly pace: BodyPace,
    private readonly now: () => number,
    private readonly resolve: (outcome: ReadOutcome) => void,
  ) {
    this.startedAt = now();
  }

  start(): void {
    this.raw.on("aborted", this.onAborted);
    this.raw.on("close", this.onClose);
    const bb = this.parser();
    if (!bb) {
      this.settle({
        ok: false,
        status: 415,
        error: { code: "input/malformed", message: "Send the images as multipart/form-data." },
      });
      this.raw.resume();
      return;
    }
    this.watchPace(bb);
    bb.on("file", (field, stream, filename) => this.readFile(field, stream, filename));
    bb.on("field", (field, value, _nameTruncated, valueTruncated) =>
      this.readField(field, value, valueTruncated),
    );
    bb.on("filesLimit", () => this.tooManyImages());
    bb.on("partsLimit", () => this.refuse("input/malformed", "Too many parts in the upload.", null));
    bb.on("fieldsLimit", () => this.refuse("input/malformed", "Too many fields in the upload.", null));
    bb.on("error", () =>
      this.settle({
        ok: false,
        status: 400,
        error: { code: "input/malformed", message: "The multipart body is malformed or cut off." },
      }),
    );
    bb.on("finish", () => this.finish());
    // The whole body counts, parts busboy skips too.
    this.raw.on("data", (chunk: Buffer) => {
      this.total += chunk.length;
      if (this.total > this.limits.maxTotalBytes) this.stop(bb, 413, totalTooLarge(this.limits));
    });
    this.raw.pipe(bb);
  }

  private parser(): ReturnType<typeof Busboy> | null {
    try {
      return Busboy({
        headers: this.raw.headers as Parameters<typeof Busboy>[0]["headers"],
        limits: {
          // busboy cuts a file off (and marks it truncated) once it passes this
          fileSize: this.limits.maxFileBytes,
          files: this.limits.maxImages + 1,
          fields: 4,
          fieldSize: 1024,
          parts: this.limits.maxImages + 5,
          headerPairs: 20,
        },
      });
    } catch {
      return null;
    }
  }

  /** A body that trickles in would hold a place among the uploads being read for as long as it likes. */
  private watchPace(bb: ReturnType<typeof Busboy>): void {
    const { deadlineMs, graceMs, minBytesPerSecond } = this.pace;
    this.paceTimer = setInterval(
      () => {
        const elapsed = this.now() - this.startedAt;
        const late = elapsed > deadlineMs;
        const slow = elapsed > graceMs && (this.total * 1000) / elapsed < minBytesPerSecond;
        if (!late && !slow) return;
        this.stop(bb, 408, {
          code: "upload/too_slow",
          message: late
            ? `The upload did not arrive within ${Math.round(deadlineMs / 1000)} s.`
            : `The upload arrived at less than ${Math.round(minBytesPerSecond / 1024)} KB/s.`,
          file: null,
        });
      },
      Math.min(1000, graceMs, deadlineMs),
    );
    this.paceTimer.unref();
  }

  private readFile(field: string, stream: Readable & { truncated?: boolean }, filename: string): void {
    this.fileCount++;
    if (field !== FIELD_FILES)
      this.refuse("input/malformed", `Unexpected file field "${echoable(field, 40)}".`, null);
    else if (this.fileCount > this.limits.maxImages) this.tooManyImages();
    const keep = this.problem === null;
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => {
      if (keep && !stream.truncated) chunks.push(chunk);
    });
    stream.on("end", () => {
      if (keep && !this.problem) this.checkFile(echoable(filename, 200), chunks, stream.truncated === true);
    });
  }

  private checkFile(name: string, chunks: Buffer[], truncated: boolean) {
    if (truncated)
      return this.refuse(
        "upload/too_large",
        `${name} is larger than ${Math.round(this.limits.maxFileBytes / 1048576)} MB, the limit per image.`,
        name,
        413,
      );
    // a buffer of its own (not from Node's shared pool), so it can be moved to a worker thread
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    const early = precheck(name, bytes);
    if (early)
      this.refuse(early.code, early.message, early.file, early.code === "upload/too_large" ? 413 : 400);
    else this.files.push({ name, bytes });
  }

  private readField(field: string, value: string, valueTruncated: boolean) {
    if (field !== FIELD_NAME)
      return this.refuse("input/malformed", `Unexpected field "${echoable(field, 40)}".`, null);
    const parsed = deckNameSchema.safeParse(value);
    if (valueTruncated || !parsed.success)
      return this.refuse(
        "input/invalid",
        parsed.error?.issues[0]?.message ?? "The deck name is too long.",
        null,
      );
    this.name = parsed.data;
  }

  private tooManyImages(): void {
    this.refuse(
      "upload/too_many_images",
      `A deck holds at most ${this.limits.maxImages} images; more were uploaded.`,
      null,
    );
  }

  private finish() {
    if (this.problem) return this.settle({ ok: false, ...this.problem });
    const count = this.files.length;
    if (count < this.limits.minImages)
      return this.settle({
        ok: false,
        status: 400,
        error: {
          code: "upload/too_few_images",
          message: `A deck needs at least ${this.limits.minImages} images; ${count} ${count === 1 ? "was" : "were"} uploaded.`,
          file: null,
        },
      });
    this.settle({ ok: true, files: this.files, name: this.name });
  }

  /** The first problem is the one answered; the rest of the body is still read. */
  private refuse(code: string, message: string, file: string | null, status = 400): void {
    this.problem ??= { error: { code, message, file }, status };
  }

  /** Answers at once and reads no more of the body (the connection closes after the reply). */
  private stop(bb: ReturnType<typeof Busboy>, status: number, error: ProtocolError): void {
    this.settle({ ok: false, status, stopReading: true, error });
    this.raw.unpipe(bb);
    this.raw.pause();
  }

  private settle(outcome: ReadOutcome): void {
    if (this.settled) return;
    this.settled = true;
    clearInterval(this.paceTimer);
    this.raw.off("aborted", this.onAborted);
    this.raw.off("close", this.onClose);
    this.resolve(outcome);
  }
}
