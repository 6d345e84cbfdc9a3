import { randomBytes } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Clock } from "../clock";
import { fail, type Outcome } from "../outcome";
import type {
  AccountRow,
  ChallengePurpose,
  ChallengeRow,
  PasskeyRow,
  SeatClaim,
  SessionRow,
} from "../store/account-types";
import type { Store } from "../store/types";
import { hashToken, newToken } from "../tokens";
import { SESSION_MS, type SiteOrigin } from "./cookies";
import { DELETED_PLAYER, isReservedName, nameKey } from "./names";
import {
  authenticationOptions,
  CEREMONY_MS,
  registrationOptions,
  userHandleOf,
  verifyAuthentication,
  verifyRegistration,
} from "./webauthn";

/** A deleted account's name is held this long before anyone may take it again. */
export const NAME_HOLD_MS = 30 * 86_400_000;
/** A link to add another device works this long, once. */
export const DEVICE_LINK_MS = 10 * 60_000;

/** One match's text record (docs/records.md). */
export interface MatchRecordText {
  match: number;
  finished: boolean;
  record: string;
}

/** A signed-in browser: its session (by the hash of the cookie's id) and account. */
export interface SignedIn {
  session: SessionRow;
  account: AccountRow;
}

/** What a ceremony's start answers: the options for the browser and the ceremony's id to send back. */
export interface Ceremony<T> {
  ceremony: string;
  options: T;
}

/** A session just made: the cookie's id (given to the browser, never stored) and its row. */
export interface NewSession {
  id: string;
  row: SessionRow;
  account: AccountRow;
}

/** What accounts ask of the tables: their records, and telling them of claimed seats and deleted accounts. */
export interface AccountTables {
  /** The game records of a table's matches (its text records), for the export. */
  recordsOf(code: string): Promise<MatchRecordText[]>;
  /** Tells the tables in memory which seats an account claimed, and settles the guest's finished matches. */
  seatsClaimed(claims: SeatClaim[], accountId: string): Promise<void>;
  /** Tells the tables in memory that an account was deleted: its seats show `seatName` from now on. */
  accountDeleted(account: { id: string; name: string }, seatName: string): Promise<void>;
}

const NO_TABLES: AccountTables = {
  recordsOf: async () => [],
  seatsClaimed: async () => undefined,
  accountDeleted: async () => undefined,
};

const CHALLENGE_GONE = "That sign-in attempt is unknown, used or expired; start again.";

/**
 * Accounts with passkeys (docs/accounts.md): sign-up, sign-in, sessions, passkeys, links for another
 * device. Stateless itself: every fact is in the store, so every process of a cluster serves anyone.
 */
export class AccountService {
  constructor(
    readonly store: Store,
    readonly clock: Clock,
    private readonly tables: AccountTables = NO_TABLES,
  ) {}

  /** Everything held about the account, and the records of the games it played. */
  async exportData(who: SignedIn) {
    const held = await this.store.exportAccount(who.account.id);
    const tables = [...new Set(held?.seats.map((s) => s.table) ?? [])];
    const records = [];
    for (const code of tables) records.push({ table: code, matches: await this.tables.recordsOf(code) });
    return { exportedAt: new Date(this.clock.now()).toISOString(), ...held, records };
  }

  /** The signed-in browser of a session cookie's id, its expiry slid forward; null if none. */
  async signedIn(sessionId: string | null): Promise<SignedIn | null> {
    if (sessionId === null) return null;
    const now = this.clock.now();
    const found = await this.store.sessionAccount(hashToken(sessionId), now);
    if (!found) return null;
    // slides at most once a minute, so a busy page does not write on every request
    if (now - found.session.lastSeen > 60_000) {
      found.session.expiresAt = now + SESSION_MS;
      found.session.lastSeen = now;
      await this.store.touchSession(found.session.idHash, now, found.session.expiresAt);
    }
    return found;
  }

  async signupOptions(site: SiteOrigin, name: string): Promise<Outcome<Ceremony<unknown>>> {
    const now = this.clock.now();
    await this.store.releaseDeletedNames(now - NAME_HOLD_MS);
    const key = nameKey(name);
    if (key.length === 0) return fail("account/name_invalid", "A name needs a letter or a digit.");
    if (isReservedName(name)) return fail("account/name_reserved", "That name is reserved.", 409);
    if (await this.store.nameKeyTaken(key))
      return fail("account/name_taken", "That name, or one that looks like it, is taken.", 409);
    const account = { id: randomBytes(16).toString("base64url"), name };
    const options = await registrationOptions(site, account, []);
    const ceremony = await this.challenge("signup", options.challenge, { accountId: account.id, name });
    return { ok: true, value: { ceremony, options } };
  }

  async signupVerify(
    site: SiteOrigin,
    ceremony: string,
    response: RegistrationResponseJSON,
    device: string,
  ): Promise<Outcome<NewSession>> {
    const made = await this.newPasskey(site, ceremony, "signup", response, device);
    if (!made.ok) return made;
    const { challenge, passkey, now } = made.value;
    if (!challenge.name) return fail("auth/challenge", CHALLENGE_GONE);
    const account: AccountRow = {
      id: passkey.accountId,
      name: challenge.name,
      nameKey: nameKey(challenge.name),
      historyPublic: true,
      createdAt: now,
      deletedAt: null,
    };
    const session = this.newSession(account.id);
    if (!(await this.store.createAccount(account, passkey, session.row)))
      return fail("account/name_taken", "That name, or one that looks like it, was taken meanwhile.", 409);
    return { ok: true, value: { ...session, account } };
  }

  async signinOptions(site: SiteOrigin): Promise<Ceremony<unknown>> {
    const options = await authenticationOptions(site);
    return { ceremony: await this.challenge("signin", options.challenge, {}), options };
  }

  /** Signs in with a passkey; the browser's previous session (`replacing`) ends (rotation). */
  async signinVerify(
    site: SiteOrigin,
    ceremony: string,
    response: AuthenticationResponseJSON,
    replacing: string | null,
  ): Promise<Outcome<NewSession>> {
    const challenge = await this.takeChallenge(ceremony, "signin");
    if (!challenge) return fail("auth/challenge", CHALLENGE_GONE);
    const passkey = await this.store.passkey(response.id);
    if (!passkey) return fail("auth/unknown_passkey", "This passkey is not known here (removed?).", 401);
    if (userHandleOf(response) !== passkey.accountId)
      return fail("auth/wrong_account", "The passkey's user does not match its account.", 401);
    const counter = await verifyAuthentication(site, challenge.challenge, response, passkey);
    if (counter === null) return fail("auth/verification_failed", "The passkey could not be verified.", 401);
    const account = await this.store.accountById(passkey.accountId);
    if (!account || account.deletedAt !== null) return fail("auth/unknown_passkey", "No such account.", 401);
    const now = this.clock.now();
    await this.store.usePasskey(passkey.id, counter, now);
    const session = this.newSession(account.id);
    await this.store.createSession(session.row, replacing === null ? null : hashToken(replacing));
    return { ok: true, value: { ...session, account } };
  }

  /** A one-time link with which another device adds its own passkey to this account. */
  async createDeviceLink(site: SiteOrigin, who: SignedIn): Promise<{ url: string; expiresAt: number }> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = now + DEVICE_LINK_MS;
    await this.store.saveDeviceLink(hashToken(token), who.account.id, now, expiresAt);
    // in the fragment: never sent to a server, so it stays out of logs and Referer headers
    return { url: `${site.origin}/link#${token}`, expiresAt };
  }

  async linkOptions(site: SiteOrigin, token: string): Promise<Outcome<Ceremony<unknown> & { name: string }>> {
    const linkHash = hashToken(token);
    const accountId = await this.store.deviceLinkAccount(linkHash, this.clock.now());
    const account = accountId ? await this.store.accountById(accountId) : null;
    if (!account?.name) return fail("auth/link_invalid", "This link is unknown, used or expired.", 410);
    const existing = await this.store.passkeysOf(account.id);
    const options = await registrationOptions(site, { id: account.id, name: account.name }, existing);
    const ceremony = await this.challenge("link", options.challenge, { accountId: account.id, linkHash });
    return { ok: true, value: { ceremony, options, name: account.name } };
  }

  async linkVerify(
    site: SiteOrigin,
    ceremony: string,
    response: RegistrationResponseJSON,
    device: string,
  ): Promise<Outcome<NewSession>> {
    const made = await this.newPasskey(site, ceremony, "link", response, device);
    if (!made.ok) return made;
    const { challenge, passkey, now } = made.value;
    if (!challenge.linkHash) return fail("auth/challenge", CHALLENGE_GONE);
    const session = this.newSession(passkey.accountId);
    if (!(await this.store.redeemDeviceLink(challenge.linkHash, now, passkey, session.row)))
      return fail("auth/link_invalid", "This link is unknown, used or expired.", 410);
    const account = await this.store.accountById(passkey.accountId);
    if (!account) return fail("auth/link_invalid", "This link is unknown, used or expired.", 410);
    return { ok: true, value: { ...session, account } };
  }

  /** Removes one of the account's passkeys; the last only when `confirmLast` (the UI warned). */
  async removePasskey(who: SignedIn, id: string, confirmLast: boolean): Promise<Outcome<null>> {
    const passkeys = await this.store.passkeysOf(who.account.id);
    if (!passkeys.some((p) => p.id === id))
      return fail("account/passkey_unknown", "You have no passkey with that id.", 404);
    if (passkeys.length === 1 && !confirmLast)
      return fail(
        "account/last_passkey",
        "That is your last passkey: without one you cannot sign in again. Confirm to remove it.",
        409,
      );
    await this.store.deletePasskey(who.account.id, id);
    return { ok: true, value: null };
  }

  /**
   * Deletes the person (docs/accounts.md, "Your data"): the stored rows at once, then the seats of the
   * tables this process holds in memory are renamed too.
   */
  async deleteAccount(who: SignedIn): Promise<void> {
    await this.store.deleteAccount(who.account.id, this.clock.now(), DELETED_PLAYER);
    await this.tables.accountDeleted({ id: who.account.id, name: who.account.name ?? "" }, DELETED_PLAYER);
  }

  /** Gives the account the seats this browser holds tokens for; how many it got. */
  async claimSeats(who: SignedIn, seats: ReadonlyArray<{ code: string; token: string }>): Promise<number> {
    const claims = seats.map((s) => ({ code: s.code, tokenHash: hashToken(s.token) }));
    const claimed = await this.store.claimSeats(who.account.id, claims);
    if (claimed > 0) await this.tables.seatsClaimed(claims, who.account.id);
    return claimed;
  }

  /**
   * A registration ceremony's answer checked (its challenge taken, for `purpose`, with the account it
   * was made for): the new passkey's row, not stored yet.
   */
  private async newPasskey(
    site: SiteOrigin,
    ceremony: string,
    purpose: "signup" | "link",
    response: RegistrationResponseJSON,
    device: string,
  ): Promise<Outcome<{ challenge: ChallengeRow; passkey: PasskeyRow; now: number }>> {
    const challenge = await this.takeChallenge(ceremony, purpose);
    if (!challenge?.accountId) return fail("auth/challenge", CHALLENGE_GONE);
    const credential = await verifyRegistration(site, challenge.challenge, response);
    if (!credential) return fail("auth/verification_failed", "The passkey could not be verified.");
    const now = this.clock.now();
    const passkey = {
      ...credential,
      accountId: challenge.accountId,
      device,
      createdAt: now,
      lastUsedAt: now,
    };
    return { ok: true, value: { challenge, passkey, now } };
  }

  private newSession(accountId: string): { id: string; row: SessionRow } {
    const id = newToken();
    const now = this.clock.now();
    return {
      id,
      row: { idHash: hashToken(id), accountId, createdAt: now, expiresAt: now + SESSION_MS, lastSeen: now },
    };
  }

  private async challenge(
    purpose: ChallengePurpose,
    challenge: string,
    about: Partial<Pick<ChallengeRow, "accountId" | "name" | "linkHash">>,
  ): Promise<string> {
    const id = randomBytes(16).toString("base64url");
    await this.store.saveChallenge({
      id,
      challenge,
      purpose,
      accountId: about.accountId ?? null,
      name: about.name ?? null,
      linkHash: about.linkHash ?? null,
      expiresAt: this.clock.now() + CEREMONY_MS,
    });
    return id;
  }

  private async takeChallenge(id: string, purpose: ChallengePurpose): Promise<ChallengeRow | null> {
    const row = await this.store.takeChallenge(id, this.clock.now());
    return row?.purpose === purpose ? row : null;
  }
}
