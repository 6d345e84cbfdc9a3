import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * SHA-256 (lower-case hex) of a UTF-8 text: a round's fair-play commitment is this hash of the round's
 * secret written as text, published when the round starts; the text is published when it ends.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
