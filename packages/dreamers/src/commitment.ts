import { sha256Hex } from "@firmament/game-kit";
import type { RoundSecret } from "./types";

/**
 * The text a round's commitment hashes:
 * `dreamers|<round>|<identity of seat 0>|<identity of seat 1>|<unused identity>|<salt>`,
 * identities written `dreamer` or `master`, the salt as 32 lower-case hex digits.
 */
export function secretText(secret: RoundSecret): string {
  const [zero, one] = secret.identities;
  return `dreamers|${secret.round}|${zero}|${one}|${secret.unused}|${secret.salt}`;
}

/** SHA-256 (lower-case hex) of the round's secret, published when the identities are dealt. */
export function commit(secret: RoundSecret): string {
  return sha256Hex(secretText(secret));
}

const IDENTITY = /^(dreamer|master)$/;

/**
 * Whether a revealed secret matches the commitment published at the deal. Never throws: anything that
 * is not a well-formed secret and a commitment gives false.
 */
export function verifyCommitment(commitment: unknown, secret: unknown): boolean {
  try {
    if (typeof commitment !== "string" || typeof secret !== "object" || secret === null) return false;
    const { round, identities, unused, salt } = secret as Record<string, unknown>;
    if (typeof round !== "number" || !Number.isInteger(round) || round < 1) return false;
    if (!Array.isArray(identities) || identities.length !== 2) return false;
    const [zero, one] = identities as unknown[];
    for (const identity of [zero, one, unused])
      if (typeof identity !== "string" || !IDENTITY.test(identity)) return false;
    if ([zero, one, unused].filter((identity) => identity === "master").length !== 1) return false;
    if (typeof salt !== "string" || !/^[0-9a-f]{32}$/.test(salt)) return false;
    const clean: RoundSecret = {
      round,
      identities: [zero as RoundSecret["unused"], one as RoundSecret["unused"]],
      unused: unused as RoundSecret["unused"],
      salt,
    };
    return commit(clean) === commitment;
  } catch {
    return false;
  }
}
