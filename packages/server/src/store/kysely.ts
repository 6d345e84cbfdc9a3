import type { CardManifest } from "@firmament/cards/types";
import type { TableConfig, TableStatus } from "@firmament/protocol";
import type { Kysely, Transaction } from "kysely";
import * as accounts from "./account-tables";
import type {
  AccountExport,
  AccountRow,
  ChallengeRow,
  PasskeyRow,
  SeatClaim,
  SessionRow,
} from "./account-types";
import * as decks from "./deck-tables";
import * as players from "./player-queries";
import * as push from "./push-tables";
import type { PushSaveRefusal, PushSubscriptionRow, VapidKeys } from "./push-types";
import * as ratings from "./ratings-tables";
import { actionFromDb, chatFromDb, matchFromDb, seatFromDb, seatToDb } from "./rows";
import { type ActionValues, type DB, isUniqueViolation } from "./schema";
import * as turns from "./turn-tables";
import {
  type ActionRow,
  type ChatRow,
  type DeckCardRow,
  type DeckRow,
  type MatchRow,
  type SeatRow,
  type Store,
  type StoredTable,
  type TableRow,
  type TurnRecord,
  UNKNOWN_DECK,
  VersionConflict,
} from "./types";

/** The Store over kysely; written in portable SQL so a PostgreSQL dialect can use it too. */
export class KyselyStore implements Store {
  constructor(protected readonly db: Kysely<DB>) {}

  /**
   * Runs first in every transaction that writes a table's game, seats or chat; throws to refuse the
   * write. Nothing here; the cluster store checks that this process still holds the table's lease.
   */
  protected async guard(_trx: Transaction<DB>, _code: string): Promise<void> {}

  /** Whether `guard` checks anything: then every write, however small, runs in a transaction. */
  protected readonly guarded: boolean = false;

  async createTable(table: TableRow, seats: SeatRow[]): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("tables")
          .values({
            code: table.code,
            config: JSON.stringify(table.config),
            host_token_hash: table.hostTokenHash,
            visibility: table.config.visibility,
            status: table.status,
            match: table.match,
            host_seat: table.hostSeat,
            created_at: table.createdAt,
            move_ms: table.config.pace?.kind === "turnBased" ? table.config.pace.moveHours * 3_600_000 : null,
          })
          .execute();
        await trx
          .insertInto("seats")
          .values(seats.map((s) => seatToDb(table.code, s)))
          .execute();
        if (table.config.deck && table.config.deck !== "standard") {
          // marks the deck as used (so it is kept) and makes sure it is still there, in one step
          const marked = await trx
            .updateTable("decks")
            .set({ used_at: table.createdAt })
            .where("id", "=", table.config.deck.custom)
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1)
            throw new Error(`${UNKNOWN_DECK}: deck ${table.config.deck.custom} is not stored`);
        }
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async loadTable(code: string, chatLimit: number): Promise<StoredTable | null> {
    const row = await this.db.selectFrom("tables").selectAll().where("code", "=", code).executeTakeFirst();
    if (!row) return null;
    const seats = await this.db
      .selectFrom("seats")
      .selectAll()
      .where("table_code", "=", code)
      .orderBy("seat")
      .execute();
    const chat = await this.db
      .selectFrom("chat")
      .selectAll()
      .where("table_code", "=", code)
      .orderBy("id", "desc")
      .limit(chatLimit)
      .execute();
    const table: TableRow = {
      code: row.code,
      config: JSON.parse(row.config) as TableConfig,
      hostTokenHash: row.host_token_hash,
      status: row.status as TableStatus,
      match: row.match,
      hostSeat: row.host_seat,
      createdAt: Number(row.created_at),
    };
    return {
      table,
      seats: seats.map(seatFromDb),
      current: table.match > 0 ? await this.loadMatch(code, table.match) : null,
      chat: chat.reverse().map(chatFromDb),
      turns: table.match > 0 ? await turns.loadTurnRecord(this.db, code, table.match) : null,
      dueAt: row.due_at == null ? null : Number(row.due_at),
    };
  }

  async loadMatch(code: string, match: number): Promise<{ match: MatchRow; actions: ActionRow[] } | null> {
    const g = await this.db
      .selectFrom("games")
      .selectAll()
      .where("table_code", "=", code)
      .where("match", "=", match)
      .executeTakeFirst();
    if (!g) return null;
    const actions = await this.db
      .selectFrom("actions")
      .select(["version", "action", "at", "request_id"])
      .where("table_code", "=", code)
      .where("match", "=", match)
      .orderBy("version")
      .execute();
    return {
      match: matchFromDb(g),
      actions: actions.map(actionFromDb),
    };
  }

  async listPublic(limit: number, turnBased = false) {
    const rows = await this.db
      .selectFrom("tables")
      .select((eb) => [
        "code",
        "config",
        "status",
        "created_at",
        eb
          .selectFrom("seats")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("seats.table_code", "=", "tables.code")
          .where("seats.kind", "!=", "empty")
          .as("seated"),
      ])
      .where("visibility", "=", "public")
      .where("status", "in", turnBased ? ["lobby"] : ["lobby", "playing"])
      .where("move_ms", turnBased ? "is not" : "is", null)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      code: r.code,
      config: JSON.parse(r.config) as TableConfig,
      status: r.status as TableStatus,
      createdAt: Number(r.created_at),
      seated: Number(r.seated ?? 0),
    }));
  }

  async saveTurnRecord(code: string, record: TurnRecord, dueAt?: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.guard(trx, code);
      await turns.saveTurnRecord(trx, code, record);
      if (dueAt !== undefined) await turns.setDueAt(trx, code, dueAt);
    });
  }

  async saveDueAt(code: string, dueAt: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.guard(trx, code);
      await turns.setDueAt(trx, code, dueAt);
    });
  }

  listDue(now: number, limit: number): Promise<Array<{ code: string; dueAt: number }>> {
    return turns.listDue(this.db, now, limit);
  }

  seatsOf(who: turns.Sitter, turnBasedOnly: boolean): Promise<Array<{ code: string; seat: number }>> {
    return turns.seatsOf(this.db, who, turnBasedOnly);
  }

  async listPlaying(): Promise<string[]> {
    const rows = await this.db
      .selectFrom("tables")
      .select("code")
      .where("status", "=", "playing")
      .where("move_ms", "is", null)
      .execute();
    return rows.map((r) => r.code);
  }

  async saveLobby(
    code: string,
    patch: Partial<Pick<TableRow, "status" | "hostSeat">>,
    seats: SeatRow[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.guard(trx, code);
      const set: Partial<DB["tables"]> = {};
      if (patch.status !== undefined) set.status = patch.status;
      if (patch.hostSeat !== undefined) set.host_seat = patch.hostSeat;
      if (Object.keys(set).length > 0)
        await trx.updateTable("tables").set(set).where("code", "=", code).execute();
      // seats claimed by an account since the table was loaded keep it: it goes with their token
      const owners = await accounts.seatOwners(trx, code);
      await trx.deleteFrom("seats").where("table_code", "=", code).execute();
      if (seats.length > 0)
        await trx
          .insertInto("seats")
          .values(seats.map((s) => seatToDb(code, s, owners)))
          .execute();
    });
  }

  async startMatch(
    code: string,
    match: MatchRow,
    seats: SeatRow[],
    hostSeat: number | null,
    dueAt: number | null = null,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.guard(trx, code);
      await trx
        .insertInto("games")
        .values({
          table_code: code,
          match: match.match,
          kind: match.kind,
          seed: match.seed,
          colours: JSON.stringify(match.colours),
          deck: JSON.stringify(match.deck),
          setup: JSON.stringify(match.setup),
          rules: match.rules,
          started_at: match.startedAt,
          finished_at: null,
        })
        .execute();
      await trx
        .updateTable("tables")
        .set({ status: "playing", match: match.match, host_seat: hostSeat, due_at: dueAt })
        .where("code", "=", code)
        .execute();
      const owners = await accounts.seatOwners(trx, code);
      await trx.deleteFrom("seats").where("table_code", "=", code).execute();
      await trx
        .insertInto("seats")
        .values(seats.map((s) => seatToDb(code, s, owners)))
        .execute();
    });
  }

  /** Appends one action's row as a single statement (committed on its own); guarded where `guard` checks. */
  protected async insertAction(code: string, values: ActionValues): Promise<void> {
    if (!this.guarded) {
      await this.db.insertInto("actions").values(values).execute();
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await this.guard(trx, code);
      await trx.insertInto("actions").values(values).execute();
    });
  }

  async appendAction(
    code: string,
    match: number,
    row: ActionRow,
    finishedAt: number | null,
    abandoned: readonly number[] = [],
    dueAt?: number | null,
  ): Promise<void> {
    const values = {
      table_code: code,
      match,
      version: row.version,
      action: JSON.stringify(row.action),
      at: row.at,
      request_id: row.requestId ?? null,
    };
    try {
      // Most actions are one row: one statement, committed on its own (one round trip instead of
      // BEGIN, INSERT and COMMIT). An action that ends the game updates two more rows with it.
      if (finishedAt === null && dueAt === undefined) {
        await this.insertAction(code, values);
        return;
      }
      await this.db.transaction().execute(async (trx) => {
        await this.guard(trx, code);
        await trx.insertInto("actions").values(values).execute();
        if (finishedAt === null) {
          await turns.setDueAt(trx, code, dueAt ?? null);
          return;
        }
        await trx
          .updateTable("games")
          .set({ finished_at: finishedAt, abandoned: abandonedToDb(abandoned) })
          .where("table_code", "=", code)
          .where("match", "=", match)
          .execute();
        await trx
          .updateTable("tables")
          .set({ status: "over", due_at: null })
          .where("code", "=", code)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new VersionConflict(code, match, row.version);
      throw error;
    }
  }

  async addChat(code: string, line: ChatRow, keep: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await this.guard(trx, code);
      const inserted = await trx
        .insertInto("chat")
        .values({
          table_code: code,
          id: line.id,
          seat: line.seat,
          name: line.name,
          colour: line.colour,
          text: line.text,
          at: line.at,
          request_id: line.requestId ?? null,
        })
        .onConflict((oc) => oc.columns(["table_code", "request_id"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .deleteFrom("chat")
        .where("table_code", "=", code)
        .where("id", "<=", line.id - keep)
        .execute();
      return true;
    });
  }

  saveDeck(deck: DeckRow, cards: DeckCardRow[]): Promise<void> {
    return decks.saveDeck(this.db, deck, cards);
  }

  loadDeck(id: string): Promise<{ deck: DeckRow; manifests: CardManifest[] } | null> {
    return decks.loadDeck(this.db, id);
  }

  loadCardImage(deckId: string, cardId: string, size: "full" | "thumb"): Promise<Uint8Array | null> {
    return decks.loadCardImage(this.db, deckId, cardId, size);
  }

  deckBytes(): Promise<number> {
    return decks.deckBytes(this.db);
  }

  deleteUnusedDecks(createdBefore: number, lastUsedBefore?: number): Promise<string[]> {
    return decks.deleteUnusedDecks(this.db, createdBefore, lastUsedBefore);
  }

  touchDeck(id: string, at: number): Promise<boolean> {
    return decks.touchDeck(this.db, id, at);
  }

  // Accounts (account-tables.ts)
  saveChallenge(row: ChallengeRow): Promise<void> {
    return accounts.saveChallenge(this.db, row);
  }
  takeChallenge(id: string, now: number): Promise<ChallengeRow | null> {
    return accounts.takeChallenge(this.db, id, now);
  }
  createAccount(account: AccountRow, passkey: PasskeyRow, session: SessionRow): Promise<boolean> {
    return accounts.createAccount(this.db, account, passkey, session);
  }
  nameKeyTaken(nameKey: string): Promise<boolean> {
    return accounts.nameKeyTaken(this.db, nameKey);
  }
  accountById(id: string): Promise<AccountRow | null> {
    return accounts.accountById(this.db, id);
  }
  sessionAccount(idHash: string, now: number) {
    return accounts.sessionAccount(this.db, idHash, now);
  }
  touchSession(idHash: string, now: number, expiresAt: number): Promise<void> {
    return accounts.touchSession(this.db, idHash, now, expiresAt);
  }
  createSession(session: SessionRow, replacing: string | null): Promise<void> {
    return accounts.createSession(this.db, session, replacing);
  }
  deleteSession(idHash: string): Promise<void> {
    return accounts.deleteSession(this.db, idHash);
  }
  deleteSessionsOf(accountId: string): Promise<void> {
    return accounts.deleteSessionsOf(this.db, accountId);
  }
  passkey(id: string): Promise<PasskeyRow | null> {
    return accounts.passkey(this.db, id);
  }
  passkeysOf(accountId: string): Promise<PasskeyRow[]> {
    return accounts.passkeysOf(this.db, accountId);
  }
  addPasskey(row: PasskeyRow): Promise<boolean> {
    return accounts.addPasskey(this.db, row);
  }
  usePasskey(id: string, counter: number, at: number): Promise<void> {
    return accounts.usePasskey(this.db, id, counter, at);
  }
  deletePasskey(accountId: string, id: string): Promise<boolean> {
    return accounts.deletePasskey(this.db, accountId, id);
  }
  saveDeviceLink(tokenHash: string, accountId: string, createdAt: number, expiresAt: number): Promise<void> {
    return accounts.saveDeviceLink(this.db, tokenHash, accountId, createdAt, expiresAt);
  }
  deviceLinkAccount(tokenHash: string, now: number): Promise<string | null> {
    return accounts.deviceLinkAccount(this.db, tokenHash, now);
  }
  redeemDeviceLink(
    tokenHash: string,
    now: number,
    passkey: PasskeyRow,
    session: SessionRow,
  ): Promise<boolean> {
    return accounts.redeemDeviceLink(this.db, tokenHash, now, passkey, session);
  }
  claimSeats(accountId: string, claims: SeatClaim[]): Promise<number> {
    return accounts.claimSeats(this.db, accountId, claims);
  }
  exportAccount(accountId: string): Promise<AccountExport | null> {
    return accounts.exportAccount(this.db, accountId);
  }
  deleteAccount(accountId: string, now: number, seatName: string): Promise<void> {
    return accounts.deleteAccount(this.db, accountId, now, seatName);
  }
  releaseDeletedNames(before: number): Promise<number> {
    return accounts.releaseDeletedNames(this.db, before);
  }

  // Ratings (ratings-tables.ts)
  settleMatch(settlement: ratings.Settlement): Promise<boolean> {
    return ratings.settleMatch(this.db, settlement);
  }

  pendingSettlements(since: number, limit: number): Promise<Array<{ code: string; match: number }>> {
    return ratings.pendingSettlements(this.db, since, limit);
  }

  addAccount(account: players.AccountRow): Promise<void> {
    return players.addAccount(this.db, account);
  }

  accountByName(name: string): Promise<players.AccountRow | null> {
    return players.accountByName(this.db, name);
  }

  playerProfile(accountId: string, ask: players.ProfileAsk): Promise<players.ProfileRows> {
    return players.playerProfile(this.db, accountId, ask);
  }

  leaderboard(
    kind: string,
    since: number,
    ask: { minGames: number; limit: number },
  ): Promise<players.LeaderRow[]> {
    return players.leaderboard(this.db, kind, since, ask);
  }

  // Web Push (push-tables.ts)
  vapidKeys(candidate: VapidKeys, now: number): Promise<VapidKeys> {
    return push.vapidKeys(this.db, candidate, now);
  }

  savePushSubscription(
    row: PushSubscriptionRow,
    seats: ReadonlyArray<{ code: string; tokenHash: string }>,
    limits: { perDevice: number; perAccount: number },
  ): Promise<PushSaveRefusal | null> {
    return push.savePushSubscription(this.db, row, seats, limits);
  }

  deletePushSubscription(endpoint: string): Promise<boolean> {
    return push.deletePushSubscription(this.db, endpoint);
  }

  seatTokenKnown(code: string, tokenHash: string): Promise<boolean> {
    return push.seatTokenKnown(this.db, code, tokenHash);
  }

  pushTargets(code: string, seat: number): Promise<PushSubscriptionRow[]> {
    return push.pushTargets(this.db, code, seat);
  }

  pushTableFacts(
    code: string,
  ): Promise<{ game: string; seats: Array<{ seat: number; name: string | null }> } | null> {
    return push.pushTableFacts(this.db, code);
  }

  claimPushCall(
    code: string,
    seat: number,
    kind: string,
    turn: number,
    now: number,
    resumed = false,
  ): Promise<boolean> {
    return push.claimPushCall(this.db, code, seat, kind, turn, now, resumed);
  }

  markPushCallSent(code: string, seat: number, kind: string, turn: number): Promise<void> {
    return push.markPushCallSent(this.db, code, seat, kind, turn);
  }

  forgetPushCalls(before: number): Promise<number> {
    return push.forgetPushCalls(this.db, before);
  }

  setPushAway(accountId: string, away: boolean, now: number): Promise<void> {
    return push.setPushAway(this.db, accountId, away, now);
  }

  pushAway(accountId: string): Promise<boolean> {
    return push.pushAway(this.db, accountId);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/** `games.abandoned`: null when no seat was abandoned, else their JSON list. */
export const abandonedToDb = (seats: readonly number[]): string | null =>
  seats.length > 0 ? JSON.stringify(seats) : null;
