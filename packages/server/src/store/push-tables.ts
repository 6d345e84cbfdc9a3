import type { Kysely, Selectable } from "kysely";
import type { PushSaveRefusal, PushSubscriptionRow, VapidKeys } from "./push-types";
import { type DB, isUniqueViolation } from "./schema";

/** Web Push in the database: `push_keys`, `push_subscriptions`, `push_seats`, `push_away`, `push_calls`. */

const VAPID_ROW = "vapid";

export async function vapidKeys(db: Kysely<DB>, candidate: VapidKeys, now: number): Promise<VapidKeys> {
  try {
    await db
      .insertInto("push_keys")
      .values({
        id: VAPID_ROW,
        public_key: candidate.publicKey,
        private_key: candidate.privateKey,
        created_at: now,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await db
    .selectFrom("push_keys")
    .select(["public_key", "private_key"])
    .where("id", "=", VAPID_ROW)
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

function subscriptionFromDb(r: Selectable<DB["push_subscriptions"]>): PushSubscriptionRow {
  return {
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    device: r.device,
    accountId: r.account_id,
    lang: r.lang,
    live: Number(r.live) === 1,
    createdAt: Number(r.created_at),
  };
}

class Refused extends Error {
  constructor(readonly refusal: PushSaveRefusal) {
    super(refusal);
  }
}

export async function savePushSubscription(
  db: Kysely<DB>,
  row: PushSubscriptionRow,
  seats: ReadonlyArray<{ code: string; tokenHash: string }>,
  limits: { perDevice: number; perAccount: number },
): Promise<PushSaveRefusal | null> {
  try {
    await db.transaction().execute(async (trx) => {
      const others = trx.selectFrom("push_subscriptions").where("endpoint", "<>", row.endpoint);
      const onDevice = await others
        .select((e) => e.fn.countAll<number>().as("n"))
        .where("device", "=", row.device)
        .executeTakeFirstOrThrow();
      if (Number(onDevice.n) >= limits.perDevice) throw new Refused("push/too_many_for_device");
      if (row.accountId !== null) {
        const ofAccount = await others
          .select((e) => e.fn.countAll<number>().as("n"))
          .where("account_id", "=", row.accountId)
          .executeTakeFirstOrThrow();
        if (Number(ofAccount.n) >= limits.perAccount) throw new Refused("push/too_many_for_account");
      }
      const values = {
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        device: row.device,
        account_id: row.accountId,
        lang: row.lang,
        live: row.live ? 1 : 0,
        created_at: row.createdAt,
      };
      const { endpoint: _, created_at: __, ...changes } = values;
      await trx
        .insertInto("push_subscriptions")
        .values(values)
        .onConflict((c) => c.column("endpoint").doUpdateSet(changes))
        .execute();
      for (const seat of seats)
        await trx
          .insertInto("push_seats")
          .values({ endpoint: row.endpoint, table_code: seat.code, token_hash: seat.tokenHash })
          .onConflict((c) => c.doNothing())
          .execute();
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

export async function deletePushSubscription(db: Kysely<DB>, endpoint: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("push_seats").where("endpoint", "=", endpoint).execute();
    const gone = await trx
      .deleteFrom("push_subscriptions")
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  });
}

export async function seatTokenKnown(db: Kysely<DB>, code: string, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom("seats")
    .select("seat")
    .where("table_code", "=", code)
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function pushTargets(
  db: Kysely<DB>,
  code: string,
  seat: number,
): Promise<PushSubscriptionRow[]> {
  const seatRow = await db
    .selectFrom("seats")
    .select(["token_hash", "account_id"])
    .where("table_code", "=", code)
    .where("seat", "=", seat)
    .executeTakeFirst();
  if (!seatRow) return [];
  const accountId = seatRow.account_id ?? null;
  // an away account's seat calls nobody, not even a device that subscribed for it as a guest
  if (accountId !== null && (await pushAway(db, accountId))) return [];
  const found = new Map<string, PushSubscriptionRow>();
  if (accountId !== null) {
    const rows = await db
      .selectFrom("push_subscriptions")
      .selectAll()
      .where("account_id", "=", accountId)
      .execute();
    for (const r of rows) found.set(r.endpoint, subscriptionFromDb(r));
  }
  if (seatRow.token_hash !== null) {
    const rows = await db
      .selectFrom("push_subscriptions")
      .innerJoin("push_seats", "push_seats.endpoint", "push_subscriptions.endpoint")
      .selectAll("push_subscriptions")
      .where("push_seats.table_code", "=", code)
      .where("push_seats.token_hash", "=", seatRow.token_hash)
      .execute();
    for (const r of rows) found.set(r.endpoint, subscriptionFromDb(r));
  }
  return [...found.values()];
}

export async function pushTableFacts(
  db: Kysely<DB>,
  code: string,
): Promise<{ game: string; seats: Array<{ seat: number; name: string | null }> } | null> {
  const table = await db.selectFrom("tables").select("config").where("code", "=", code).executeTakeFirst();
  if (!table) return null;
  const seats = await db
    .selectFrom("seats")
    .select(["seat", "name", "kind"])
    .where("table_code", "=", code)
    .orderBy("seat")
    .execute();
  return {
    game: (JSON.parse(table.config) as { game: string }).game,
    seats: seats.filter((s) => s.kind !== "empty").map((s) => ({ seat: Number(s.seat), name: s.name })),
  };
}

export async function claimPushCall(
  db: Kysely<DB>,
  code: string,
  seat: number,
  kind: string,
  turn: number,
  now: number,
  resumed: boolean,
): Promise<boolean> {
  try {
    await db
      .insertInto("push_calls")
      .values({ table_code: code, seat, kind, turn, at: now, sent: 0 })
      .execute();
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (!resumed) return false;
  const taken = await db
    .updateTable("push_calls")
    .set({ at: now })
    .where("table_code", "=", code)
    .where("seat", "=", seat)
    .where("kind", "=", kind)
    .where("turn", "=", turn)
    .where("sent", "=", 0)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

export async function markPushCallSent(
  db: Kysely<DB>,
  code: string,
  seat: number,
  kind: string,
  turn: number,
): Promise<void> {
  await db
    .updateTable("push_calls")
    .set({ sent: 1 })
    .where("table_code", "=", code)
    .where("seat", "=", seat)
    .where("kind", "=", kind)
    .where("turn", "=", turn)
    .execute();
}

export async function forgetPushCalls(db: Kysely<DB>, before: number): Promise<number> {
  const gone = await db.deleteFrom("push_calls").where("at", "<", before).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

export async function setPushAway(
  db: Kysely<DB>,
  accountId: string,
  away: boolean,
  now: number,
): Promise<void> {
  if (away)
    await db
      .insertInto("push_away")
      .values({ account_id: accountId, since: now })
      .onConflict((c) => c.column("account_id").doNothing())
      .execute();
  else await db.deleteFrom("push_away").where("account_id", "=", accountId).execute();
}

export async function pushAway(db: Kysely<DB>, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom("push_away")
    .select("account_id")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row !== undefined;
}
