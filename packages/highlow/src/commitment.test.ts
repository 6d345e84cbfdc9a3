import { sha256Hex } from "@firmament/game-kit";
import { describe, expect, it } from "vitest";
import { commit, readSecret, secretText, verifyCommitment } from "./commitment";
import type { HighLowSecret } from "./types";

const SECRET: HighLowSecret = { numbers: [7, 50], salt: "0123456789abcdef0123456789abcdef" };

describe("the commitment", () => {
  it("hashes a documented text, which reads back", () => {
    expect(secretText(SECRET)).toBe("highlow|1|7|50|0123456789abcdef0123456789abcdef");
    expect(commit(SECRET)).toBe(sha256Hex(secretText(SECRET)));
    expect(readSecret(secretText(SECRET))).toEqual(SECRET);
  });

  it("reads only secrets the game could have", () => {
    for (const text of [
      "highlow|1|0|5|0123456789abcdef0123456789abcdef",
      "highlow|1|51|5|0123456789abcdef0123456789abcdef",
      "highlow|1|07|5|0123456789abcdef0123456789abcdef",
      "highlow|2|7|5|0123456789abcdef0123456789abcdef",
      "highlow|1|7|5|0123456789ABCDEF0123456789abcdef",
      "highlow|1|7|5",
    ])
      expect(readSecret(text)).toBeNull();
  });

  it("verifies the true secret and nothing else", () => {
    const commitment = commit(SECRET);
    expect(verifyCommitment(commitment, SECRET)).toBe(true);
    expect(verifyCommitment(commitment, { ...SECRET, numbers: [50, 7] })).toBe(false);
    expect(verifyCommitment(commitment, { ...SECRET, salt: "f".repeat(32) })).toBe(false);
  });

  it("never throws: false for junk of any shape", () => {
    const commitment = commit(SECRET);
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error("get");
        },
      },
    );
    for (const junk of [
      null,
      7,
      "x",
      [],
      throwing,
      { numbers: [7] },
      { numbers: ["7", "50"], salt: SECRET.salt },
    ])
      expect(verifyCommitment(commitment, junk)).toBe(false);
    expect(verifyCommitment(7, SECRET)).toBe(false);
  });
});
