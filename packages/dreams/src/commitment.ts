import { sha256Hex } from "@firmament/game-kit";
import type { ImageNumber, RoundSecret } from "./types";

/**
 * The text that a round's commitment hashes: `dreams|<round>|<vision>|<mortal>|<salt>` — the round
 * (1-based), the vision (image 1–4), the mortal's seat (0-based) and the salt (32 lower-case hex
 * digits), e.g. `dreams|3|2|0|9f86d081884c7d659a2feaa0c55ad015`.
 */
export function secretText(secret: RoundSecret): string {
  return `dreams|${secret.round}|${secret.vision}|${secret.mortal}|${secret.salt}`;
}

/** SHA-256 (lower-case hex) of the round's secret text, published when the round starts. */
export function commit(secret: RoundSecret): string {
  return sha256Hex(secretText(secret));
}

/**
 * Anyone can check, after the reveal, that the published secret matches the commitment. Never throws:
 * anything that is not a well-formed secret and a commitment gives false.
 */
export function verifyCommitment(commitment: unknown, secret: unknown): boolean {
  try {
    if (typeof commitment !== "string" || typeof secret !== "object" || secret === null) return false;
    const { round, vision, mortal, salt } = secret as Record<string, unknown>;
    if (typeof round !== "number" || !Number.isInteger(round) || round < 1) return false;
    if (vision !== 1 && vision !== 2 && vision !== 3 && vision !== 4) return false;
    if (typeof mortal !== "number" || !Number.isInteger(mortal) || mortal < 0) return false;
    if (typeof salt !== "string" || !/^[0-9a-f]{32}$/.test(salt)) return false;
    return commit({ round, vision: vision as ImageNumber, mortal, salt }) === commitment;
  } catch {
    return false;
  }
}

/** A revealed round as the table keeps it: the round, its commitment, and exactly the text it hashes. */
export interface RevealedSecret {
  round: number;
  /** SHA-256 (lower-case hex) of `secret`, as published when the round started. */
  commitment: string;
  /** `secretText` of the round's secret: `sha256(secret) === commitment`. */
  secret: string;
}

/** The revealed secret of a round, in the form a table keeps for every round of a match. */
export function revealedSecret(secret: RoundSecret): RevealedSecret {
  const text = secretText(secret);
  return { round: secret.round, commitment: sha256Hex(text), secret: text };
}
