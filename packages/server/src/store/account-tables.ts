import { createHash } from "node:crypto";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type {
  AccountExport,
  AccountRow,
  ChallengePurpose,
  ChallengeRow,
  PasskeyRow,
  SeatClaim,
  SessionRow,
} from "./account-types";
import type { SeatOwners } from "./rows";
import { type DB, isUniqueViolation } from "./schema";

/** Accounts in the database: `accounts`, `passkeys`, `sessions`, `device_links`, `webauthn_challenges`. */

function accountFromDb(a: Selectable<DB["accounts"]>): AccountRow {
  return {
    id: a.id,
    name: a.name,
    nameKey: a.name_key,
    historyPublic: Number(a.history_public) === 1,
    createdAt: Number(a.created_at),
    deletedAt: a.deleted_at === null ? null : Number(a.deleted_at),
  };
}

function passkeyFromDb(p: DB["passkeys"]): PasskeyRow {
  return {
    id: p.id,
    accountId: p.account_id,
    publicKey: p.public_key,
    counter: Number(p.counter),
    transports: JSON.parse(p.transports) as string[],
    device: p.device,
    createdAt: Number(p.created_at),
    lastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at),
  };
}

function passkeyToDb(p: PasskeyRow): DB["passkeys"] {
  return {
    id: p.id,
    account_id: p.accountId,
    public_key: p.publicKey,
    counter: p.counter,
    transports: JSON.stringify(p.transports),
    device: p.device,
    created_at: p.createdAt,
    last_used_at: p.lastUsedAt,
  };
}

function sessionToDb(s: SessionRow): DB["sessions"] {
  return {
    id_hash: s.idHash,
    account_id: s.accountId,
    created_at: s.createdAt,
    expires_at: s.expiresAt,
    last_seen: s.lastSeen,
  };
}

function sessionFromDb(s: DB["sessions"]): SessionRow {
  return {
    idHash: s.id_hash,
    accountId: s.account_id,
    createdAt: Number(s.created_at),
    expiresAt: Number(s.expires_at),
    lastSeen: Number(s.last_seen),
  };
}

/**
 * A deleted account's name stays taken for a while, but as this hash of its key, so the database no
 * longer holds the name in any readable form.
 */
export function heldNameKey(nameKey: string): string {
  return `held:${createHash("sha256").update(nameKey).digest("hex")}`;
}

export async function saveChallenge(db: Kysely<DB>, row: ChallengeRow): Promise<void> {
  await db
    .insertInto("webauthn_challenges")
    .values({
      id: row.id,
      challenge: row.challenge,
      purpose: row.purpose,
      account_id: row.accountId,
      name: row.name,
      link_hash: row.linkHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function takeChallenge(db: Kysely<DB>, id: string, now: number): Promise<ChallengeRow | null> {
  // expired challenges go too, whoever asks
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<", now).execute();
  const row = await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("webauthn_challenges")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!found) return null;
    const deleted = await trx.deleteFrom("webauthn_challenges").where("id", "=", id).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1 ? found : null;
  });
  if (!row || Number(row.expires_at) < now) return null;
  return {
    id: row.id,
    challenge: row.challenge,
    purpose: row.purpose as ChallengePurpose,
    accountId: row.account_id,
    name: row.name,
    linkHash: row.link_hash,
    expiresAt: Number(row.expires_at),
  };
}

export async function createAccount(
  db: Kysely<DB>,
  account: AccountRow,
  passkey: PasskeyRow,
  session: SessionRow,
): Promise<boolean> {
  return withPasskeyAndSession(db, passkey, session, async (trx) => {
    const held = await trx
      .selectFrom("accounts")
      .select("id")
      .where("name_key", "=", heldNameKey(account.nameKey ?? ""))
      .executeTakeFirst();
    if (held) return false;
    await trx
      .insertInto("accounts")
      .values({
        id: account.id,
        name: account.name,
        name_key: account.nameKey,
        history_public: account.historyPublic ? 1 : 0,
        created_at: account.createdAt,
        deleted_at: null,
      })
      .execute();
    return true;
  });
}

/**
 * In one transaction: `first` (nothing more is written if it says false), then a new passkey and the
 * session it signs in. False too when a unique key (a name, a credential id) was taken meanwhile.
 */
async function withPasskeyAndSession(
  db: Kysely<DB>,
  passkey: PasskeyRow,
  session: SessionRow,
  first: (trx: Transaction<DB>) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await first(trx))) return false;
      await trx.insertInto("passkeys").values(passkeyToDb(passkey)).execute();
      await trx.insertInto("sessions").values(sessionToDb(session)).execute();
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function nameKeyTaken(db: Kysely<DB>, nameKey: string): Promise<boolean> {
  const row = await db
    .selectFrom("accounts")
    .select("id")
    .where("name_key", "in", [nameKey, heldNameKey(nameKey)])
    .executeTakeFirst();
  return row !== undefined;
}

export async function accountById(db: Kysely<DB>, id: string): Promise<AccountRow | null> {
  const row = await db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? accountFromDb(row) : null;
}

export async function sessionAccount(
  db: Kysely<DB>,
  idHash: string,
  now: number,
): Promise<{ session: SessionRow; account: AccountRow } | null> {
  const session = await db
    .selectFrom("sessions")
    .selectAll()
    .where("id_hash", "=", idHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!session) return null;
  const account = await accountById(db, session.account_id);
  if (!account || account.deletedAt !== null) return null;
  return { session: sessionFromDb(session), account };
}

export async function touchSession(db: Kysely<DB>, idHash: string, now: number, expiresAt: number) {
  await db
    .updateTable("sessions")
    .set({ last_seen: now, expires_at: expiresAt })
    .where("id_hash", "=", idHash)
    .execute();
}

export async function createSession(db: Kysely<DB>, session: SessionRow, replacing: string | null) {
  await db.transaction().execute(async (trx) => {
    if (replacing !== null) await trx.deleteFrom("sessions").where("id_hash", "=", replacing).execute();
    // sessions expired a while ago are swept as new ones are made
    await trx.deleteFrom("sessions").where("expires_at", "<", session.createdAt).execute();
    await trx.insertInto("sessions").values(sessionToDb(session)).execute();
  });
}

export async function deleteSession(db: Kysely<DB>, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

export async function deleteSessionsOf(db: Kysely<DB>, accountId: string): Promise<void> {
  await db.deleteFrom("sessions").where("account_id", "=", accountId).execute();
}

export async function passkey(db: Kysely<DB>, id: string): Promise<PasskeyRow | null> {
  const row = await db.selectFrom("passkeys").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? passkeyFromDb(row) : null;
}

export async function passkeysOf(db: Kysely<DB>, accountId: string): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom("passkeys")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .execute();
  return rows.map(passkeyFromDb);
}

export async function addPasskey(db: Kysely<DB>, row: PasskeyRow): Promise<boolean> {
  try {
    await db.insertInto("passkeys").values(passkeyToDb(row)).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function usePasskey(db: Kysely<DB>, id: string, counter: number, at: number): Promise<void> {
  await db.updateTable("passkeys").set({ counter, last_used_at: at }).where("id", "=", id).execute();
}

export async function deletePasskey(db: Kysely<DB>, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("passkeys")
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function saveDeviceLink(
  db: Kysely<DB>,
  tokenHash: string,
  accountId: string,
  createdAt: number,
  expiresAt: number,
): Promise<void> {
  await db.deleteFrom("device_links").where("expires_at", "<", createdAt).execute();
  await db
    .insertInto("device_links")
    .values({ token_hash: tokenHash, account_id: accountId, created_at: createdAt, expires_at: expiresAt })
    .execute();
}

export async function deviceLinkAccount(
  db: Kysely<DB>,
  tokenHash: string,
  now: number,
): Promise<string | null> {
  const row = await db
    .selectFrom("device_links")
    .select("account_id")
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.account_id ?? null;
}

export async function redeemDeviceLink(
  db: Kysely<DB>,
  tokenHash: string,
  now: number,
  passkey: PasskeyRow,
  session: SessionRow,
): Promise<boolean> {
  return withPasskeyAndSession(db, passkey, session, async (trx) => {
    const used = await trx
      .deleteFrom("device_links")
      .where("token_hash", "=", tokenHash)
      .where("account_id", "=", passkey.accountId)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(used.numDeletedRows) === 1;
  });
}

export async function claimSeats(db: Kysely<DB>, accountId: string, claims: SeatClaim[]): Promise<number> {
  let claimed = 0;
  await db.transaction().execute(async (trx) => {
    for (const claim of claims) {
      const result = await trx
        .updateTable("seats")
        .set({ account_id: accountId })
        .where("table_code", "=", claim.code)
        .where("token_hash", "=", claim.tokenHash)
        .where("kind", "=", "human")
        .where((eb) => eb.or([eb("account_id", "is", null), eb("account_id", "=", accountId)]))
        .executeTakeFirst();
      claimed += Number(result.numUpdatedRows);
    }
  });
  return claimed;
}

export async function exportAccount(db: Kysely<DB>, accountId: string): Promise<AccountExport | null> {
  const account = await accountById(db, accountId);
  if (!account) return null;
  const sessions = await db.selectFrom("sessions").selectAll().where("account_id", "=", accountId).execute();
  const seats = await db
    .selectFrom("seats")
    .innerJoin("tables", "tables.code", "seats.table_code")
    .select(["seats.table_code", "seats.seat", "seats.name", "seats.colour", "tables.status"])
    .where("seats.account_id", "=", accountId)
    .orderBy("tables.created_at")
    .execute();
  return {
    account,
    passkeys: await passkeysOf(db, accountId),
    sessions: sessions.map((s) => {
      const { idHash: _hidden, ...rest } = sessionFromDb(s);
      return rest;
    }),
    seats: seats.map((s) => ({
      table: s.table_code,
      seat: s.seat,
      name: s.name,
      colour: s.colour,
      status: s.status,
    })),
  };
}

export async function deleteAccount(db: Kysely<DB>, accountId: string, now: number, seatName: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("sessions").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("passkeys").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("device_links").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("webauthn_challenges").where("account_id", "=", accountId).execute();
    // ratings go with the person; the matches stay valid records with the seat renamed below
    await trx.deleteFrom("ratings").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("player_results").where("account_id", "=", accountId).execute();
    // their devices are called no more (push/): subscriptions, the seats they named, the away setting
    const devices = trx
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("account_id", "=", accountId);
    await trx.deleteFrom("push_seats").where("endpoint", "in", devices).execute();
    await trx.deleteFrom("push_subscriptions").where("account_id", "=", accountId).execute();
    await trx.deleteFrom("push_away").where("account_id", "=", accountId).execute();
    const account = await trx
      .selectFrom("accounts")
      .select(["name", "name_key"])
      .where("id", "=", accountId)
      .executeTakeFirst();
    // their lines in the chat of their tables carry their name too
    await sql`update chat set name = ${seatName} where exists (select 1 from seats where seats.table_code = chat.table_code and seats.account_id = ${accountId} and (seats.seat = chat.seat or chat.name = ${account?.name ?? ""}))`.execute(
      trx,
    );
    await trx.updateTable("seats").set({ name: seatName }).where("account_id", "=", accountId).execute();
    await trx
      .updateTable("accounts")
      .set({
        name: null,
        name_key: account?.name_key ? heldNameKey(account.name_key) : null,
        deleted_at: now,
        history_public: 0,
      })
      .where("id", "=", accountId)
      .execute();
  });
}

export async function releaseDeletedNames(db: Kysely<DB>, before: number): Promise<number> {
  const result = await db
    .updateTable("accounts")
    .set({ name_key: null })
    .where("deleted_at", "<", before)
    .where("name_key", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The accounts of a table's stored seats by seat token hash, so rewriting its seats keeps who claimed
 * them; and which of those accounts are deleted, so a table that still held their old names in memory
 * (another process's) cannot write them back.
 */
export async function seatOwners(db: Kysely<DB>, code: string): Promise<SeatOwners> {
  const rows = await db
    .selectFrom("seats as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .select(["s.token_hash", "s.account_id", "a.deleted_at"])
    .where("s.table_code", "=", code)
    .execute();
  const byToken = new Map<string, string>();
  const deleted = new Set<string>();
  for (const r of rows) {
    if (r.token_hash && r.account_id) byToken.set(r.token_hash, r.account_id);
    if (r.account_id && r.deleted_at !== null) deleted.add(r.account_id);
  }
  return { byToken, deleted };
}
