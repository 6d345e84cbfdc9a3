import { createPublicKey, type KeyObject } from "node:crypto";

/** The P-256 public key of an uncompressed point (65 bytes: 4, x, y); throws if it is not on the curve. */
export function p256PublicKey(point: Buffer): KeyObject {
  return createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
}
