/** A device's push subscription as stored (`push_subscriptions`). */
export interface PushSubscriptionRow {
  /** The push service's URL for this device: checked against the allow-list before it is stored. */
  endpoint: string;
  /** The browser's P-256 public key (65 bytes, base64url). */
  p256dh: string;
  /** The browser's 16-byte authentication secret (base64url). */
  auth: string;
  /** A random id the device keeps (localStorage), to cap the subscriptions per device. */
  device: string;
  /** The account signed in on the device when it subscribed; null for a guest. */
  accountId: string | null;
  /** The language the calls are written in. */
  lang: string;
  /** Whether live tables call this device too (after its tab has been hidden a while). */
  live: boolean;
  createdAt: number;
}

/** The server's VAPID key pair (base64url, as `web-push` writes them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Why a subscription was not stored. */
export type PushSaveRefusal = "push/too_many_for_device" | "push/too_many_for_account";

/** What Web Push keeps in the database (push-tables.ts). */
export interface PushStore {
  /** The stored VAPID pair; stores `candidate` first if there is none (the first caller of a cluster wins). */
  vapidKeys(candidate: VapidKeys, now: number): Promise<VapidKeys>;
  /**
   * Stores (or replaces, by endpoint) a subscription and adds the guest seats (table, seat token's
   * hash) it calls for, in one transaction; refused, and nothing stored, past `limits`.
   */
  savePushSubscription(
    row: PushSubscriptionRow,
    seats: ReadonlyArray<{ code: string; tokenHash: string }>,
    limits: { perDevice: number; perAccount: number },
  ): Promise<PushSaveRefusal | null>;
  /** Removes a subscription and its seats; false if it was not stored. */
  deletePushSubscription(endpoint: string): Promise<boolean>;
  /** Whether `tokenHash` is the hash of the token of a seat at table `code`. */
  seatTokenKnown(code: string, tokenHash: string): Promise<boolean>;
  /**
   * The subscriptions that call for a seat: its account's (unless that account is away) and those a
   * guest made with the seat's token.
   */
  pushTargets(code: string, seat: number): Promise<PushSubscriptionRow[]>;
  /** What a call may say of a table: its game and its seats' names (no match, no action); null if unknown. */
  pushTableFacts(
    code: string,
  ): Promise<{ game: string; seats: Array<{ seat: number; name: string | null }> } | null>;
  /**
   * Claims a call (table, seat, kind, turn) before it is sent; false if it was claimed before (by any
   * process) — unless `resumed` and that claim was never marked sent (its process died in between).
   */
  claimPushCall(
    code: string,
    seat: number,
    kind: string,
    turn: number,
    now: number,
    resumed?: boolean,
  ): Promise<boolean>;
  /** Marks a claimed call as sent (to every device it went to). */
  markPushCallSent(code: string, seat: number, kind: string, turn: number): Promise<void>;
  /** Forgets the calls recorded before `before` (their turns are long over); returns how many. */
  forgetPushCalls(before: number): Promise<number>;
  /** Pauses (away) or resumes an account's calls. */
  setPushAway(accountId: string, away: boolean, now: number): Promise<void>;
  pushAway(accountId: string): Promise<boolean>;
}
