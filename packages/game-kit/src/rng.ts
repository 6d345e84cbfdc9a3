import { sha256 } from "@noble/hashes/sha2.js";
import { hexToBytes } from "@noble/hashes/utils.js";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";
/** The state of the seeded generator: a 256-bit key and how many 32-bit words were used. */
export interface RngState {
  key: string;
  counter: number;
}

/**
 * A pure-rand generator in SHA-256 counter mode: word i is taken from sha256(key ‖ block i/8).
 *
 * Card draws are public, so a linear generator (xoroshiro, Mersenne) could be reconstructed from
 * them and would predict the mortal. Counter-mode SHA-256 is not invertible from its outputs, and its
 * whole state is `{ key, counter }`, which lives in the game state as plain JSON.
 */
export class CounterRng implements RandomGenerator {
  private readonly keyBytes: Uint8Array;
  private readonly input: Uint8Array;
  private block = -1;
  private words = new Int32Array(8);

  constructor(
    private readonly key: string,
    private counter: number,
  ) {
    this.keyBytes = hexToBytes(key);
    this.input = new Uint8Array(this.keyBytes.length + 4);
    this.input.set(this.keyBytes, 0);
  }

  static from(state: RngState): CounterRng {
    return new CounterRng(state.key, state.counter);
  }

  /** A signed 32-bit integer, as pure-rand's distributions expect. */
  next(): number {
    const block = Math.floor(this.counter / 8);
    if (block !== this.block) this.fill(block);
    const word = this.words[this.counter % 8] as number;
    this.counter += 1;
    return word;
  }

  clone(): CounterRng {
    return new CounterRng(this.key, this.counter);
  }

  getState(): readonly number[] {
    return [this.counter];
  }

  state(): RngState {
    return { key: this.key, counter: this.counter };
  }

  /** Uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this, from, to);
  }

  /** A random hex string of `bytes` bytes. */
  hex(bytes: number): string {
    let out = "";
    for (let i = 0; i < bytes; i += 4) out += (this.next() >>> 0).toString(16).padStart(8, "0");
    return out.slice(0, bytes * 2);
  }

  /** `count` items drawn without replacement, in random order (a partial Fisher–Yates shuffle). */
  sample<T>(items: readonly T[], count: number): T[] {
    const out = items.slice();
    const n = out.length;
    const k = Math.min(count, n - 1);
    for (let i = 0; i < k; i++) {
      const j = this.int(i, n - 1);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out.length > count ? out.slice(0, count) : out;
  }

  /** Starts the next draws on a fresh block, so reopening the stream later costs no extra hash. */
  alignToBlock(): void {
    this.counter = Math.ceil(this.counter / 8) * 8;
  }

  /** Fisher–Yates shuffle into a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  private fill(block: number): void {
    const n = this.keyBytes.length;
    this.input[n] = (block >>> 24) & 0xff;
    this.input[n + 1] = (block >>> 16) & 0xff;
    this.input[n + 2] = (block >>> 8) & 0xff;
    this.input[n + 3] = block & 0xff;
    const digest = sha256(this.input);
    const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let i = 0; i < 8; i++) this.words[i] = view.getInt32(i * 4);
    this.block = block;
  }
}

export const SEED_HEX_LENGTH = 64;

export function isValidSeed(seed: unknown): seed is string {
  return typeof seed === "string" && /^[0-9a-f]{64}$/.test(seed);
}
