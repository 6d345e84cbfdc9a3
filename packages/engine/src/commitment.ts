import { sha256Hex } from "@firmament/game-kit";
import type { RoundSecret } from "./types";

/** The text that a round's commitment hashes: `dreams|<round>|<vision>|<mortal seat>|<salt>`. */
export function secretText(secret: RoundSecret): string {
  return `dreams|${secret.round}|${secret.vision}|${secret.mortal}|${secret.salt}`;
}

/** SHA-256 (hex) of the round's secret, published when the round starts. */
export function commit(secret: RoundSecret): string {
  return sha256Hex(secretText(secret));
}

/** Anyone can check, after the reveal, that the published secret matches the commitment. */
export function verifyCommitment(commitment: string, secret: RoundSecret): boolean {
  return commit(secret) === commitment;
}
