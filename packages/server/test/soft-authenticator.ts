/**
 * A software passkey authenticator for server tests: real ES256 keys, real CBOR attestation ("none")
 * and real signatures, so the server's WebAuthn checks run exactly as with a browser. Each response can
 * be bent (another origin, RP ID, key or user) to see the server refuse it.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

/** Just enough CBOR for attestation objects and COSE keys. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string")
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64 = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");

export interface Bend {
  origin?: string;
  rpId?: string;
  type?: string;
  /** Sign with another key than the passkey's (a forged assertion). */
  forge?: boolean;
  /** Claim another user handle. */
  userHandle?: string;
}

export interface SoftPasskey {
  id: Buffer;
  key: KeyObject;
  publicJwk: { x: string; y: string };
  userHandle: string;
  counter: number;
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  /** Answers registration options (`navigator.credentials.create`) with a new passkey. */
  register(options: { challenge: string; user: { id: string } }, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
    const passkey: SoftPasskey = {
      id: randomBytes(16),
      key: privateKey,
      publicJwk: jwk,
      userHandle: options.user.id,
      counter: 0,
    };
    this.passkeys.push(passkey);
    const cose = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(passkey.id.length);
    const authData = Buffer.concat([
      this.authHead(bend, 0x45, 0),
      Buffer.alloc(16),
      idLength,
      passkey.id,
      cbor(cose),
    ]);
    const attestation = new Map<string, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]);
    return {
      id: b64(passkey.id),
      rawId: b64(passkey.id),
      type: "public-key",
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge, bend),
        attestationObject: b64(cbor(attestation)),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** Answers authentication options (`navigator.credentials.get`) with `passkey` (default: the first). */
  assert(options: { challenge: string }, bend: Bend = {}, passkey = this.passkeys[0]) {
    if (!passkey) throw new Error("no passkey");
    passkey.counter += 1;
    const authData = this.authHead(bend, 0x05, passkey.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]);
    const key = bend.forge ? generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey : passkey.key;
    return {
      id: b64(passkey.id),
      rawId: b64(passkey.id),
      type: "public-key",
      response: {
        clientDataJSON,
        authenticatorData: b64(authData),
        signature: b64(sign("sha256", signed, key)),
        userHandle: bend.userHandle ?? passkey.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** rpIdHash, flags (UP, UV, and AT when registering), signature counter. */
  private authHead(bend: Bend, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(bend.rpId ?? this.rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string, bend: Bend): string {
    return b64(
      Buffer.from(
        JSON.stringify({
          type: bend.type ?? type,
          challenge,
          origin: bend.origin ?? this.origin,
          crossOrigin: false,
        }),
      ),
    );
  }
}
