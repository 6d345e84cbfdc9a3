import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { Clock } from "../clock";
import type { Store } from "../store/types";
import { createPushCalls, type PushCalls } from "./calls";
import { type EndpointPolicy, KNOWN_PUSH_HOSTS } from "./endpoints";
import { registerPushRoutes } from "./routes";
import { loadVapid, type Vapid, type VapidSettings } from "./vapid";

/** A deployment's Web Push settings (docs/deploy.md, "Calls when it is your move"). */
export interface PushOptions {
  /** The VAPID pair and subject (env `PUSH_VAPID_*`); without a pair, one is made and kept in the database. */
  vapid?: VapidSettings;
  /** Push service hosts accepted (env `PUSH_HOSTS`, comma-separated); default `KNOWN_PUSH_HOSTS`. */
  hosts?: readonly string[];
  /** Origins accepted as they are: a test's local push service (env `PUSH_EXTRA_ORIGINS`). */
  extraOrigins?: readonly string[];
}

/** Web Push for a server: its calls (a `TurnCalls`) and what the routes need. */
export interface Push {
  readonly calls: PushCalls;
  readonly vapid: Vapid;
  readonly policy: EndpointPolicy;
}

/** Loads (or makes) the VAPID pair and builds the calls; the routes come with `registerPush`. */
export async function createPush(
  parts: { store: Store; clock: Clock; log: Logger },
  options: PushOptions = {},
  publicUrl?: string,
): Promise<Push> {
  const vapid = await loadVapid(options.vapid ?? {}, parts, publicUrl);
  const policy: EndpointPolicy = {
    hosts: options.hosts ?? KNOWN_PUSH_HOSTS,
    extraOrigins: options.extraOrigins ?? [],
  };
  const calls = createPushCalls({ ...parts, vapid, trustedOrigins: policy.extraOrigins });
  return { calls, vapid, policy };
}

export function registerPush(
  app: FastifyInstance,
  push: Push,
  parts: {
    store: Store;
    clock: Clock;
    accountOf: (request: FastifyRequest) => Promise<string | null>;
    viewerOf: (request: FastifyRequest) => Promise<string | null>;
  },
): void {
  registerPushRoutes(app, { ...parts, policy: push.policy, publicKey: push.vapid.publicKey });
}

const list = (value: string | undefined) =>
  value
    ?.split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/** `PushOptions` from the environment: `PUSH_VAPID_PUBLIC_KEY`, `…_PRIVATE_KEY`, `…_SUBJECT`, `PUSH_HOSTS`, `PUSH_EXTRA_ORIGINS`. */
export function pushSettings(env: Record<string, string | undefined>): PushOptions {
  const hosts = list(env.PUSH_HOSTS);
  const extraOrigins = list(env.PUSH_EXTRA_ORIGINS);
  return {
    vapid: {
      publicKey: env.PUSH_VAPID_PUBLIC_KEY || undefined,
      privateKey: env.PUSH_VAPID_PRIVATE_KEY || undefined,
      subject: env.PUSH_VAPID_SUBJECT || undefined,
    },
    ...(hosts && { hosts }),
    ...(extraOrigins && { extraOrigins }),
  };
}
