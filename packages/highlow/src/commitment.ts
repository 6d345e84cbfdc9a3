import { sha256Hex } from "@firmament/game-kit";
import { HIGHEST, type HighLowSecret, LOWEST } from "./types";

/** The text the commitment hashes: `highlow|1|<number of seat 0>|<number of seat 1>|<salt>`. */
export function secretText(secret: HighLowSecret): string {
  return `highlow|1|${secret.numbers[0]}|${secret.numbers[1]}|${secret.salt}`;
}

/** SHA-256 (lower-case hex) of the secret, published once both numbers are chosen. */
export function commit(secret: HighLowSecret): string {
  return sha256Hex(secretText(secret));
}

const SECRET_TEXT = /^highlow\|1\|([1-9][0-9]?)\|([1-9][0-9]?)\|([0-9a-f]{32})$/;

/** The secret a revealed text stands for, or null if the text is not one. */
export function readSecret(text: string): HighLowSecret | null {
  const match = SECRET_TEXT.exec(text);
  if (!match) return null;
  const numbers: [number, number] = [Number(match[1]), Number(match[2])];
  if (!numbers.every(isNumberInPlay)) return null;
  return { numbers, salt: match[3] as string };
}

export function isNumberInPlay(number: number): boolean {
  return Number.isInteger(number) && number >= LOWEST && number <= HIGHEST;
}

/** Whether a revealed secret matches the commitment. Never throws: junk of any shape gives false. */
export function verifyCommitment(commitment: unknown, secret: unknown): boolean {
  try {
    if (typeof commitment !== "string" || typeof secret !== "object" || secret === null) return false;
    const { numbers, salt } = secret as Record<string, unknown>;
    if (!Array.isArray(numbers) || numbers.length !== 2 || typeof salt !== "string") return false;
    const [zero, one] = numbers as unknown[];
    if (typeof zero !== "number" || typeof one !== "number") return false;
    const clean = readSecret(secretText({ numbers: [zero, one], salt }));
    return clean !== null && commit(clean) === commitment;
  } catch {
    return false;
  }
}
