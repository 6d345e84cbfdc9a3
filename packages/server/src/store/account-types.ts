/** Accounts, passkeys, sessions, device links and WebAuthn challenges as stored (docs/accounts.md). */

export interface AccountRow {
  /** Random, 22 base64url characters; also the WebAuthn user handle. */
  id: string;
  /** Null once the account is deleted. */
  name: string | null;
  /** The name's skeleton (`accounts/names.ts`): unique, so look-alikes and other cases are refused. */
  nameKey: string | null;
  historyPublic: boolean;
  createdAt: number;
  deletedAt: number | null;
}

export interface PasskeyRow {
  /** The credential id, base64url. */
  id: string;
  accountId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  /** What the passkey was made on ("Chrome on Linux"), from the browser's user agent. */
  device: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface SessionRow {
  /** SHA-256 (hex) of the cookie's session id; the id itself is never stored. */
  idHash: string;
  accountId: string;
  createdAt: number;
  expiresAt: number;
  lastSeen: number;
}

export type ChallengePurpose = "signup" | "signin" | "add" | "link";

export interface ChallengeRow {
  id: string;
  challenge: string;
  purpose: ChallengePurpose;
  /** signup: the new account's id; add: the signed-in account; link: the link's account. */
  accountId: string | null;
  /** signup: the chosen name. */
  name: string | null;
  /** link: the hash of the device link's token. */
  linkHash: string | null;
  expiresAt: number;
}

/** A seat this browser holds a token for, by the token's hash. */
export interface SeatClaim {
  code: string;
  tokenHash: string;
}

/** Everything held about one account (`GET /api/account/export`). */
export interface AccountExport {
  account: AccountRow;
  passkeys: PasskeyRow[];
  sessions: Array<Omit<SessionRow, "idHash">>;
  seats: Array<{ table: string; seat: number; name: string | null; colour: string | null; status: string }>;
}

/** The store's part for accounts; the same kysely code on SQLite and PostgreSQL. */
export interface AccountStore {
  saveChallenge(row: ChallengeRow): Promise<void>;
  /** Deletes the challenge and returns it, or null if it was unknown, used or expired by `now`. */
  takeChallenge(id: string, now: number): Promise<ChallengeRow | null>;
  /** Creates the account with its first passkey and a session; false if the name (its key) is taken. */
  createAccount(account: AccountRow, passkey: PasskeyRow, session: SessionRow): Promise<boolean>;
  nameKeyTaken(nameKey: string): Promise<boolean>;
  accountById(id: string): Promise<AccountRow | null>;
  /** The live session with this hash and its account (not deleted), or null. */
  sessionAccount(idHash: string, now: number): Promise<{ session: SessionRow; account: AccountRow } | null>;
  /** Slides a session's expiry. */
  touchSession(idHash: string, now: number, expiresAt: number): Promise<void>;
  /** Stores a new session, deleting `replacing` (the one this browser had) in the same transaction. */
  createSession(session: SessionRow, replacing: string | null): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  deleteSessionsOf(accountId: string): Promise<void>;
  passkey(id: string): Promise<PasskeyRow | null>;
  passkeysOf(accountId: string): Promise<PasskeyRow[]>;
  /** False if a passkey with that credential id exists already. */
  addPasskey(row: PasskeyRow): Promise<boolean>;
  usePasskey(id: string, counter: number, at: number): Promise<void>;
  /** Deletes one of the account's passkeys; false if it has no such passkey. */
  deletePasskey(accountId: string, id: string): Promise<boolean>;
  saveDeviceLink(tokenHash: string, accountId: string, createdAt: number, expiresAt: number): Promise<void>;
  /** The account a live device link is for, without using it up; null if unknown, used or expired. */
  deviceLinkAccount(tokenHash: string, now: number): Promise<string | null>;
  /** Uses up the link and stores the new device's passkey and session, all or nothing; false if the link is gone. */
  redeemDeviceLink(
    tokenHash: string,
    now: number,
    passkey: PasskeyRow,
    session: SessionRow,
  ): Promise<boolean>;
  /** Gives the account the seats whose token hashes match, unless another account has them; how many. */
  claimSeats(accountId: string, claims: SeatClaim[]): Promise<number>;
  exportAccount(accountId: string): Promise<AccountExport | null>;
  /**
   * Deletes the person: sessions, passkeys and device links go, the name is cleared (its key kept to
   * hold the name until `now` + the hold), and their seats are renamed to `seatName`.
   */
  deleteAccount(accountId: string, now: number, seatName: string): Promise<void>;
  /** Frees the name keys of accounts deleted before `before`; how many. */
  releaseDeletedNames(before: number): Promise<number>;
}
