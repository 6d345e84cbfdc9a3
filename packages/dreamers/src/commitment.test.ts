import { sha256Hex } from "@firmament/game-kit";
import { describe, expect, it } from "vitest";
import { commit, secretText, verifyCommitment } from "./commitment";
import type { RoundSecret } from "./types";

const SECRET: RoundSecret = {
  round: 3,
  identities: ["master", "dreamer"],
  unused: "dreamer",
  salt: "0123456789abcdef0123456789abcdef",
};

describe("the round commitment", () => {
  it("hashes a documented text", () => {
    expect(secretText(SECRET)).toBe("dreamers|3|master|dreamer|dreamer|0123456789abcdef0123456789abcdef");
    expect(commit(SECRET)).toBe(sha256Hex(secretText(SECRET)));
  });

  it("verifies the true secret and nothing else", () => {
    const commitment = commit(SECRET);
    expect(verifyCommitment(commitment, SECRET)).toBe(true);
    expect(verifyCommitment(commitment, { ...SECRET, identities: ["dreamer", "master"] })).toBe(false);
    expect(verifyCommitment(commitment, { ...SECRET, round: 4 })).toBe(false);
    expect(verifyCommitment(commitment, { ...SECRET, salt: "f".repeat(32) })).toBe(false);
  });

  it("never throws: false for junk of any shape", () => {
    const commitment = commit(SECRET);
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error("no");
        },
      },
    );
    const junk: unknown[] = [
      null,
      undefined,
      42,
      "text",
      [],
      {},
      throwing,
      { ...SECRET, identities: "master,dreamer" },
      { ...SECRET, identities: ["master", "master"], unused: "dreamer" },
      { ...SECRET, identities: ["dreamer", "dreamer"], unused: "dreamer" },
      { ...SECRET, unused: "god" },
      { ...SECRET, round: 1.5 },
      { ...SECRET, salt: "XYZ" },
    ];
    for (const secret of junk) expect(verifyCommitment(commitment, secret)).toBe(false);
    expect(verifyCommitment(42, SECRET)).toBe(false);
    expect(verifyCommitment(throwing, throwing)).toBe(false);
  });
});
