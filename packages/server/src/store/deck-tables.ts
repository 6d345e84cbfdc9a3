import type { CardManifest } from "@firmament/cards/types";
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "./schema";
import type { DeckCardRow, DeckRow } from "./types";

/** Uploaded decks in the database: the `decks` and `deck_cards` tables, behind `Store`'s deck methods. */

/** Decks deleted per statement and transaction (bounded statements, locks and parameters). */
const DELETE_BATCH = 500;

export async function saveDeck(db: Kysely<DB>, deck: DeckRow, cards: DeckCardRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
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

export async function loadDeck(
  db: Kysely<DB>,
  id: string,
): Promise<{ deck: DeckRow; manifests: CardManifest[] } | null> {
  const row = await db.selectFrom("decks").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const cards = await db
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

export async function loadCardImage(
  db: Kysely<DB>,
  deckId: string,
  cardId: string,
  size: "full" | "thumb",
): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom("deck_cards")
    .select(size === "full" ? "image as bytes" : "thumb as bytes")
    .where("deck_id", "=", deckId)
    .where("card_id", "=", cardId)
    .executeTakeFirst();
  return row ? new Uint8Array(row.bytes) : null;
}

export async function deckBytes(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("decks")
    .select((eb) => eb.fn.sum<number | string | null>("bytes").as("bytes"))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Decks never used and created before `createdBefore`, or last used before `usedBefore` by no open table. */
function removableDecks(createdBefore: number, usedBefore: number) {
  return (eb: ExpressionBuilder<DB, "decks">) =>
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
}

/** Deletes one batch of removable decks; `more` when the batch was full (there may be others). */
async function deleteBatch(
  trx: Transaction<DB>,
  removable: ReturnType<typeof removableDecks>,
): Promise<{ ids: string[]; more: boolean }> {
  const candidates = await trx
    .selectFrom("decks")
    .select("id")
    .where(removable)
    .limit(DELETE_BATCH)
    .execute();
  if (candidates.length === 0) return { ids: [], more: false };
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
  return { ids, more: candidates.length === DELETE_BATCH };
}

export async function deleteUnusedDecks(
  db: Kysely<DB>,
  createdBefore: number,
  lastUsedBefore = Number.NEGATIVE_INFINITY,
): Promise<string[]> {
  const usedBefore = Number.isFinite(lastUsedBefore) ? lastUsedBefore : Number.MIN_SAFE_INTEGER;
  const removable = removableDecks(createdBefore, usedBefore);
  const removed: string[] = [];
  for (;;) {
    const batch = await db.transaction().execute((trx) => deleteBatch(trx, removable));
    removed.push(...batch.ids);
    if (!batch.more) return removed;
  }
}

export async function touchDeck(db: Kysely<DB>, id: string, at: number): Promise<boolean> {
  const marked = await db.updateTable("decks").set({ used_at: at }).where("id", "=", id).executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}
