import { LRUCache } from "lru-cache";
import { OpenCounts } from "../address-guards";
import type { ProtocolError } from "../protocol";
import { KeyedRateLimiter } from "../validate";
import { totalTooLarge, type UploadLimits } from "./upload";

const PER_ADDRESS_IN_PROGRESS = 2;
const MAX_TRACKED = 10_000;

export interface AdmissionOptions {
  limits: UploadLimits;
  /** Uploads per minute per address (bursts of 3); 0 turns the limit off. */
  perMinute: number;
  /** Uploads in progress in this process; beyond, `upload/busy`. */
  maxInProgress: number;
  /** Bytes the uploads in progress may reserve together; beyond, `upload/busy`. */
  maxBuffered: number;
  /** Bytes one address may store per day (UTC); 0 = no quota. */
  quota: number;
  now: () => number;
}

/** A refusal, with whether the connection must close after it (the body is not read). */
export interface Refusal {
  status: number;
  error: ProtocolError;
  close: boolean;
  retryAfter?: string;
}

/** An admitted upload: what it holds until `release`. */
export interface Ticket {
  address: string;
  reserved: number;
}

/**
 * Which uploads are let in: per address a rate, a daily quota of stored bytes and at most two at a
 * time; in all a number in progress and the memory their declared lengths reserve.
 */
export class UploadAdmission {
  private readonly uploads: KeyedRateLimiter;
  private readonly perAddress = new OpenCounts();
  /** Bytes stored per address today, for the addresses that stored most recently. */
  private readonly storedToday = new LRUCache<string, { day: number; bytes: number }>({ max: MAX_TRACKED });
  private inProgress = 0;
  private reserved = 0;

  constructor(private readonly options: AdmissionOptions) {
    this.uploads = new KeyedRateLimiter(options.perMinute / 60, 3);
  }

  /** Admits an upload from `address` declaring `declared` bytes (NaN if it declares none), or refuses it. */
  admit(address: string, declared: number): Ticket | Refusal {
    const { limits, perMinute, quota } = this.options;
    if (perMinute > 0 && !this.uploads.take(address))
      return refusal(429, "rate/limited", "Too many uploads from your address; wait a minute.", false);
    if (declared > limits.maxTotalBytes) return { status: 413, error: totalTooLarge(limits), close: true };
    if (quota > 0 && this.usedToday(address) >= quota)
      return {
        status: 429,
        close: true,
        error: {
          code: "upload/quota_exceeded",
          message: `Your address has stored ${Math.round(quota / 1048576)} MB of decks today, the daily limit; try again tomorrow.`,
          file: null,
        },
      };
    const reserve = Number.isFinite(declared) && declared >= 0 ? declared : limits.maxTotalBytes;
    if (
      this.inProgress >= this.options.maxInProgress ||
      this.perAddress.of(address) >= PER_ADDRESS_IN_PROGRESS ||
      this.reserved + reserve > this.options.maxBuffered
    )
      return {
        ...refusal(503, "upload/busy", "The server is preparing other decks; try again in a minute.", true),
        retryAfter: "30",
      };
    this.inProgress++;
    this.reserved += reserve;
    this.perAddress.add(address);
    return { address, reserved: reserve };
  }

  /** The upload is over, whatever its outcome. */
  release(ticket: Ticket): void {
    this.inProgress--;
    this.reserved -= ticket.reserved;
    this.perAddress.remove(ticket.address);
  }

  /** An admitted upload was stored: it counts against its address's quota for the day. */
  addStored(address: string, bytes: number): void {
    const bytesToday = this.usedToday(address) + bytes;
    this.storedToday.set(address, { day: this.today(), bytes: bytesToday });
  }

  private today(): number {
    return Math.floor(this.options.now() / 86_400_000);
  }

  private usedToday(address: string): number {
    const used = this.storedToday.get(address);
    return used && used.day === this.today() ? used.bytes : 0;
  }
}

export function isRefusal(admitted: Ticket | Refusal): admitted is Refusal {
  return "error" in admitted;
}

function refusal(status: number, code: string, message: string, close: boolean): Refusal {
  return { status, error: { code, message }, close };
}
