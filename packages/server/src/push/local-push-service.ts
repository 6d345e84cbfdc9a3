import {
  createDecipheriv,
  createECDH,
  createHmac,
  type ECDH,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { p256PublicKey } from "./p256";

/**
 * A push service for tests, speaking RFC 8030 over plain HTTP on loopback: it hands out subscriptions
 * whose keys it holds, and decrypts (RFC 8291, aes128gcm) and checks the VAPID signature (RFC 8292) of
 * every message it receives, so tests assert what a browser would be given.
 */
export interface ReceivedPush {
  subscription: string;
  /** The decrypted payload. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims; the signature was checked against `vapidKey`. */
  claims: { aud: string; exp: number; sub: string };
  /** The server's public key the message was signed with (base64url). */
  vapidKey: string;
}

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  /** Messages refused (bad signature, undecryptable): a test expects none. */
  readonly refused: string[] = [];
  private readonly subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();
  private server: Server | null = null;
  origin = "";

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      void this.receive(request).then((status) => response.writeHead(status).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (typeof address !== "object" || !address) throw new Error("no address");
    this.origin = `http://127.0.0.1:${address.port}`;
    this.server = server;
    return this;
  }

  /** A new device's subscription, as `pushManager.subscribe()` would give it. */
  subscribe(): LocalSubscription {
    const id = randomUUID();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscriptions.set(id, { ecdh, auth, status: 201 });
    return {
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    };
  }

  /** From now on the service answers this status to messages for `endpoint` (410: unsubscribed). */
  answer(endpoint: string, status: number): void {
    const sub = this.subscriptions.get(endpoint.split("/").at(-1) ?? "");
    if (sub) sub.status = status;
  }

  for(endpoint: string): ReceivedPush[] {
    return this.received.filter((r) => r.subscription === endpoint);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async receive(request: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? "")?.[1];
    const sub = id ? this.subscriptions.get(id) : undefined;
    if (request.method !== "POST" || !sub) return 404;
    if (sub.status !== 201) return sub.status;
    try {
      const vapid = checkVapid(request.headers.authorization ?? "", this.origin);
      if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
      const payload = decrypt(body, sub.ecdh, sub.auth).toString("utf8");
      this.received.push({
        subscription: `${this.origin}/push/${id}`,
        payload,
        ttl: Number(request.headers.ttl),
        urgency: (request.headers.urgency as string | undefined) ?? null,
        topic: (request.headers.topic as string | undefined) ?? null,
        ...vapid,
      });
      return 201;
    } catch (error) {
      this.refused.push(String(error));
      return 400;
    }
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291: one aes128gcm record, its keys derived from the device's key pair and auth secret. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(auth, secret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, for this audience, not expired nor too long-lived. */
function checkVapid(header: string, audience: string): Pick<ReceivedPush, "claims" | "vapidKey"> {
  const t = /(?:^|[ ,])t=([^,\s]+)/.exec(header)?.[1];
  const k = /(?:^|[ ,])k=([^,\s]+)/.exec(header)?.[1];
  if (!header.startsWith("vapid ") || !t || !k) throw new Error("no vapid authorization");
  const [head, claimsPart, signature] = t.split(".");
  if (!head || !claimsPart || !signature) throw new Error("malformed JWT");
  const key = p256PublicKey(Buffer.from(k, "base64url"));
  const signed = Buffer.from(`${head}.${claimsPart}`);
  const sig = Buffer.from(signature, "base64url");
  if (!verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, sig)) throw new Error("bad signature");
  if (JSON.parse(Buffer.from(head, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString()) as ReceivedPush["claims"];
  const now = Date.now() / 1000;
  if (claims.aud !== audience) throw new Error(`audience ${claims.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 86_400)) throw new Error("expiry out of range");
  if (!/^(mailto:|https:\/\/)/.test(claims.sub)) throw new Error("bad subject");
  return { claims, vapidKey: k };
}
