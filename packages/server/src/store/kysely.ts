import type { CardManifest } from "@firmament/cards/types";
import type { GameKind, TableConfig, TableStatus } from "@firmament/protocol";
import { type ExpressionBuilder, type Generated, type Kysely, sql, type Transaction } from "kysely";
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
  UNKNOWN_DECK,
  VersionConflict,
} from "./types";

/** Decks deleted per statement and transaction (bounded statements, locks and parameters). */
const DELETE_BATCH = 500;

export interface DB {
  tables: {
    code: string;
    config: string;
    host_token_hash: string;
    visibility: string;
    status: string;
    match: number;
    host_seat: number | null;
    created_at: number;
  };
  seats: {
    table_code: string;
    seat: number;
    colour: string | null;
    name: string | null;
    kind: string;
    level: string | null;
    token_hash: string | null;
  };
  games: {
    table_code: string;
    match: number;
    kind: string;
    seed: string;
    colours: string;
    deck: string;
    setup: string;
    rules: number;
    started_at: number;
    finished_at: number | null;
  };
  actions: { table_code: string; match: number; version: number; action: string; at: number };
  chat: {
    table_code: string;
    id: number;
    seat: number | null;
    name: string;
    colour: string | null;
    text: string;
    at: Generated<number>;
  };
  decks: {
    id: string;
    name: string;
    cards: number;
    bytes: number;
    created_at: number;
    used_at: number | null;
  };
  table_owners: { table_code: string; owner: string; epoch: number; expires_at: number };
  deck_cards: {
    deck_id: string;
    idx: number;
    card_id: string;
    manifest: string;
    image: Uint8Array;
    thumb: Uint8Array;
  };
}

/** One row of `actions`, as written. */
export type ActionValues = DB["actions"];

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "23505" ||
    /UNIQUE constraint/.test(e?.message ?? "")
  );
}

function seatToDb(code: string, s: SeatRow): DB["seats"] {
  return {
    table_code: code,
    seat: s.seat,
    colour: s.colour,
    name: s.name,
    kind: s.kind,
    level: s.level,
    token_hash: s.tokenHash,
  };
}

function seatFromDb(s: DB["seats"]): SeatRow {
  return {
    seat: s.seat,
    colour: s.colour,
    name: s.name,
    kind: s.kind as SeatRow["kind"],
    level: s.level as SeatRow["level"],
    tokenHash: s.token_hash,
  };
}

function matchFromDb(g: DB["games"]): MatchRow {
  return {
    match: g.match,
    kind: g.kind as GameKind,
    seed: g.seed,
    colours: JSON.parse(g.colours),
    deck: JSON.parse(g.deck),
    setup: JSON.parse(g.setup),
    rules: g.rules,
    startedAt: Number(g.started_at),
    finishedAt: g.finished_at === null ? null : Number(g.finished_at),
  };
}

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
      chat: chat.reverse().map((c) => ({
        id: c.id,
        seat: c.seat,
        name: c.name,
        colour: c.colour,
        text: c.text,
        at: Number(c.at),
      })),
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
      .select(["version", "action", "at"])
      .where("table_code", "=", code)
      .where("match", "=", match)
      .orderBy("version")
      .execute();
    return {
      match: matchFromDb(g),
      actions: actions.map((a) => ({ version: a.version, action: JSON.parse(a.action), at: Number(a.at) })),
    };
  }

  async listPublic(limit: number) {
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
      .where("status", "in", ["lobby", "playing"])
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

  async listPlaying(): Promise<string[]> {
    const rows = await this.db.selectFrom("tables").select("code").where("status", "=", "playing").execute();
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
      await trx.deleteFrom("seats").where("table_code", "=", code).execute();
      if (seats.length > 0)
        await trx
          .insertInto("seats")
          .values(seats.map((s) => seatToDb(code, s)))
          .execute();
    });
  }

  async startMatch(code: string, match: MatchRow, seats: SeatRow[], hostSeat: number | null): Promise<void> {
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
        .set({ status: "playing", match: match.match, host_seat: hostSeat })
        .where("code", "=", code)
        .execute();
      await trx.deleteFrom("seats").where("table_code", "=", code).execute();
      await trx
        .insertInto("seats")
        .values(seats.map((s) => seatToDb(code, s)))
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

  async appendAction(code: string, match: number, row: ActionRow, finishedAt: number | null): Promise<void> {
    const values = {
      table_code: code,
      match,
      version: row.version,
      action: JSON.stringify(row.action),
      at: row.at,
    };
    try {
      // Most actions are one row: one statement, committed on its own (one round trip instead of
      // BEGIN, INSERT and COMMIT). An action that ends the game updates two more rows with it.
      if (finishedAt === null) {
        await this.insertAction(code, values);
        return;
      }
      await this.db.transaction().execute(async (trx) => {
        await this.guard(trx, code);
        await trx.insertInto("actions").values(values).execute();
        if (finishedAt === null) return;
        await trx
          .updateTable("games")
          .set({ finished_at: finishedAt })
          .where("table_code", "=", code)
          .where("match", "=", match)
          .execute();
        await trx.updateTable("tables").set({ status: "over" }).where("code", "=", code).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new VersionConflict(code, match, row.version);
      throw error;
    }
  }

  async addChat(code: string, line: ChatRow, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.guard(trx, code);
      await trx
        .insertInto("chat")
        .values({
          table_code: code,
          id: line.id,
          seat: line.seat,
          name: line.name,
          colour: line.colour,
          text: line.text,
          at: line.at,
        })
        .execute();
      await trx
        .deleteFrom("chat")
        .where("table_code", "=", code)
        .where("id", "<=", line.id - keep)
        .execute();
    });
  }

  async saveDeck(deck: DeckRow, cards: DeckCardRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("decks")
        .values({
          id: deck.id,
          name: deck.name,
          cards: deck.cards,
          bytes: deck.bytes,
          created_at: deck.createdAt,
          used_at: null,
        })
        .execute();
      // a few rows per statement: 100 cards of up to ~100 KB each stay well under any parameter limit
      for (let i = 0; i < cards.length; i += 10)
        await trx
          .insertInto("deck_cards")
          .values(
            cards.slice(i, i + 10).map((c) => ({
              deck_id: deck.id,
              idx: c.index,
              card_id: c.manifest.id,
              manifest: JSON.stringify(c.manifest),
              image: c.image,
              thumb: c.thumb,
            })),
          )
          .execute();
    });
  }

  async loadDeck(id: string): Promise<{ deck: DeckRow; manifests: CardManifest[] } | null> {
    const row = await this.db.selectFrom("decks").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const cards = await this.db
      .selectFrom("deck_cards")
      .select("manifest")
      .where("deck_id", "=", id)
      .orderBy("idx")
      .execute();
    return {
      deck: {
        id: row.id,
        name: row.name,
        cards: row.cards,
        bytes: Number(row.bytes),
        createdAt: Number(row.created_at),
      },
      manifests: cards.map((c) => JSON.parse(c.manifest) as CardManifest),
    };
  }

  async loadCardImage(deckId: string, cardId: string, size: "full" | "thumb"): Promise<Uint8Array | null> {
    const row = await this.db
      .selectFrom("deck_cards")
      .select(size === "full" ? "image as bytes" : "thumb as bytes")
      .where("deck_id", "=", deckId)
      .where("card_id", "=", cardId)
      .executeTakeFirst();
    return row ? new Uint8Array(row.bytes) : null;
  }

  async deckBytes(): Promise<number> {
    const row = await this.db
      .selectFrom("decks")
      .select((eb) => eb.fn.sum<number | string | null>("bytes").as("bytes"))
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async deleteUnusedDecks(
    createdBefore: number,
    lastUsedBefore = Number.NEGATIVE_INFINITY,
  ): Promise<string[]> {
    const usedBefore = Number.isFinite(lastUsedBefore) ? lastUsedBefore : Number.MIN_SAFE_INTEGER;
    const removable = (eb: ExpressionBuilder<DB, "decks">) =>
      eb.or([
        eb.and([eb("used_at", "is", null), eb("created_at", "<", createdBefore)]),
        eb.and([
          eb("used_at", "<", usedBefore),
          // a table's config holds its deck's id as JSON text; `_` in an id matches any character, which
          // can only keep a deck longer
          eb.not(
            eb.exists(
              eb
                .selectFrom("tables")
                .select(sql<number>`1`.as("one"))
                .where("status", "<>", "over")
                .where("config", "like", sql<string>`'%' || ${eb.ref("decks.id")} || '%'`),
            ),
          ),
        ]),
      ]);
    const removed: string[] = [];
    for (;;) {
      const batch = await this.db.transaction().execute(async (trx) => {
        const candidates = await trx
          .selectFrom("decks")
          .select("id")
          .where(removable)
          .limit(DELETE_BATCH)
          .execute();
        if (candidates.length === 0) return [];
        // a no-op update takes the rows' locks (PostgreSQL) and checks again, so a table being created (or
        // a game started) with one of these decks either commits before (and the deck is kept) or finds it gone
        const doomed = await trx
          .updateTable("decks")
          .set((eb) => ({ created_at: eb.ref("created_at") }))
          .where(
            "id",
            "in",
            candidates.map((c) => c.id),
          )
          .where(removable)
          .returning("id")
          .execute();
        const ids = doomed.map((d) => d.id);
        if (ids.length > 0) {
          await trx.deleteFrom("deck_cards").where("deck_id", "in", ids).execute();
          await trx.deleteFrom("decks").where("id", "in", ids).execute();
        }
        return candidates.length < DELETE_BATCH ? ids : [...ids, null];
      });
      const more = batch.at(-1) === null;
      for (const id of batch) if (id !== null) removed.push(id);
      if (!more) return removed;
    }
  }

  async touchDeck(id: string, at: number): Promise<boolean> {
    const marked = await this.db
      .updateTable("decks")
      .set({ used_at: at })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(marked.numUpdatedRows) === 1;
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
