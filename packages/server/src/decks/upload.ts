import type { IncomingMessage } from "node:http";
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
  return new Promise((resolve) => {
    let settled = false;
    const startedAt = now();
    let paceTimer: NodeJS.Timeout | undefined;
    const settle = (outcome: ReadOutcome) => {
      if (settled) return;
      settled = true;
      clearInterval(paceTimer);
      raw.off("aborted", onAborted);
      raw.off("close", onClose);
      resolve(outcome);
    };
    const onAborted = () => settle({ ok: false, aborted: true });
    const onClose = () => {
      if (!raw.complete) onAborted();
    };
    raw.on("aborted", onAborted);
    raw.on("close", onClose);

    let problem: { error: ProtocolError; status: number } | null = null;
    const refuse = (code: string, message: string, file: string | null, status = 400) => {
      problem ??= { error: { code, message, file }, status };
    };
    const files: UploadedFile[] = [];
    let fileCount = 0;
    let total = 0;
    let name = "";

    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: raw.headers as Parameters<typeof Busboy>[0]["headers"],
        limits: {
          // busboy cuts a file off (and marks it truncated) once it passes this
          fileSize: limits.maxFileBytes,
          files: limits.maxImages + 1,
          fields: 4,
          fieldSize: 1024,
          parts: limits.maxImages + 5,
          headerPairs: 20,
        },
      });
    } catch {
      settle({
        ok: false,
        status: 415,
        error: { code: "input/malformed", message: "Send the images as multipart/form-data." },
      });
      raw.resume();
      return;
    }

    // A body that trickles in would hold a place among the uploads being read for as long as it likes.
    paceTimer = setInterval(
      () => {
        const elapsed = now() - startedAt;
        const late = elapsed > pace.deadlineMs;
        const slow = elapsed > pace.graceMs && (total * 1000) / elapsed < pace.minBytesPerSecond;
        if (!late && !slow) return;
        settle({
          ok: false,
          status: 408,
          stopReading: true,
          error: {
            code: "upload/too_slow",
            message: late
              ? `The upload did not arrive within ${Math.round(pace.deadlineMs / 1000)} s.`
              : `The upload arrived at less than ${Math.round(pace.minBytesPerSecond / 1024)} KB/s.`,
            file: null,
          },
        });
        raw.unpipe(bb);
        raw.pause();
      },
      Math.min(1000, pace.graceMs, pace.deadlineMs),
    );
    paceTimer.unref();

    const overTotal = () => {
      settle({
        ok: false,
        status: 413,
        stopReading: true,
        error: totalTooLarge(limits),
      });
      raw.unpipe(bb);
      raw.pause();
    };

    bb.on("file", (field, stream, filename) => {
      fileCount++;
      if (field !== FIELD_FILES)
        refuse("input/malformed", `Unexpected file field "${echoable(field, 40)}".`, null);
      else if (fileCount > limits.maxImages)
        refuse(
          "upload/too_many_images",
          `A deck holds at most ${limits.maxImages} images; more were uploaded.`,
          null,
        );
      const keep = problem === null;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (keep && !stream.truncated) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (!keep || problem) return;
        const name = echoable(filename, 200);
        if (stream.truncated) {
          refuse(
            "upload/too_large",
            `${name} is larger than ${Math.round(limits.maxFileBytes / 1048576)} MB, the limit per image.`,
            name,
            413,
          );
          return;
        }
        // a buffer of its own (not from Node's shared pool), so it can be moved to a worker thread
        const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const c of chunks) {
          bytes.set(c, at);
          at += c.length;
        }
        const early = precheck(name, bytes);
        if (early)
          refuse(early.code, early.message, early.file, early.code === "upload/too_large" ? 413 : 400);
        else files.push({ name, bytes });
      });
    });
    bb.on("field", (field, value, _nameTruncated, valueTruncated) => {
      if (field !== FIELD_NAME)
        return refuse("input/malformed", `Unexpected field "${echoable(field, 40)}".`, null);
      const parsed = deckNameSchema.safeParse(value);
      if (valueTruncated || !parsed.success)
        return refuse(
          "input/invalid",
          parsed.error?.issues[0]?.message ?? "The deck name is too long.",
          null,
        );
      name = parsed.data;
    });
    bb.on("filesLimit", () =>
      refuse(
        "upload/too_many_images",
        `A deck holds at most ${limits.maxImages} images; more were uploaded.`,
        null,
      ),
    );
    bb.on("partsLimit", () => refuse("input/malformed", "Too many parts in the upload.", null));
    bb.on("fieldsLimit", () => refuse("input/malformed", "Too many fields in the upload.", null));
    bb.on("error", () =>
      settle({
        ok: false,
        status: 400,
        error: { code: "input/malformed", message: "The multipart body is malformed or cut off." },
      }),
    );
    bb.on("finish", () => {
      if (problem) return settle({ ok: false, ...problem });
      if (files.length < limits.minImages)
        return settle({
          ok: false,
          status: 400,
          error: {
            code: "upload/too_few_images",
            message: `A deck needs at least ${limits.minImages} images; ${files.length} ${files.length === 1 ? "was" : "were"} uploaded.`,
            file: null,
          },
        });
      settle({ ok: true, files, name });
    });
    // The whole body counts, parts busboy skips too.
    raw.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limits.maxTotalBytes) overTotal();
    });
    raw.pipe(bb);
  });
}
