import { type Kysely, type Migration, type MigrationProvider, PostgresAdapter, sql } from "kysely";
import { FIRST_GAME_KIND } from "../games/first-kind";

/** Schema migrations, in order. Plain SQL types that SQLite and PostgreSQL both accept. */
const migrations: Record<string, Migration> = {
  "0001_tables": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("tables")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("config", "text", (c) => c.notNull())
        .addColumn("host_token_hash", "text", (c) => c.notNull())
        .addColumn("visibility", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("game", "integer", (c) => c.notNull())
        .addColumn("host_seat", "integer")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("tables_listing")
        .on("tables")
        .columns(["visibility", "status", "created_at"])
        .execute();
      await db.schema
        .createTable("seats")
        .addColumn("table_code", "text", (c) => c.notNull().references("tables.code"))
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("colour", "text")
        .addColumn("name", "text")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("level", "text")
        .addColumn("token_hash", "text")
        .addPrimaryKeyConstraint("seats_pk", ["table_code", "seat"])
        .execute();
      await db.schema
        .createTable("games")
        .addColumn("table_code", "text", (c) => c.notNull().references("tables.code"))
        .addColumn("game", "integer", (c) => c.notNull())
        .addColumn("seed", "text", (c) => c.notNull())
        .addColumn("colours", "text", (c) => c.notNull())
        .addColumn("deck", "text", (c) => c.notNull())
        .addColumn("started_at", "bigint", (c) => c.notNull())
        .addColumn("finished_at", "bigint")
        .addPrimaryKeyConstraint("games_pk", ["table_code", "game"])
        .execute();
      await db.schema
        .createTable("actions")
        .addColumn("table_code", "text", (c) => c.notNull())
        .addColumn("game", "integer", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("actions_pk", ["table_code", "game", "version"])
        .execute();
      await db.schema
        .createTable("chat")
        .addColumn("table_code", "text", (c) => c.notNull())
        .addColumn("id", "integer", (c) => c.notNull())
        .addColumn("seat", "integer")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("colour", "text")
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("chat_pk", ["table_code", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["chat", "actions", "games", "seats", "tables"]) await db.schema.dropTable(t).execute();
      await sql`select 1`.execute(db);
    },
  },
  "0002_decks": {
    async up(db: Kysely<unknown>) {
      // Binary columns: BLOB in SQLite, BYTEA in PostgreSQL.
      const binary = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
      await db.schema
        .createTable("decks")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("cards", "integer", (c) => c.notNull())
        .addColumn("bytes", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("deck_cards")
        .addColumn("deck_id", "text", (c) => c.notNull().references("decks.id"))
        .addColumn("idx", "integer", (c) => c.notNull())
        .addColumn("card_id", "text", (c) => c.notNull())
        .addColumn("manifest", "text", (c) => c.notNull())
        .addColumn("image", binary, (c) => c.notNull())
        .addColumn("thumb", binary, (c) => c.notNull())
        .addPrimaryKeyConstraint("deck_cards_pk", ["deck_id", "idx"])
        .addUniqueConstraint("deck_cards_card", ["deck_id", "card_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["deck_cards", "decks"]) await db.schema.dropTable(t).execute();
    },
  },
  "0003_deck_use": {
    // When a table first used the deck; decks never used are removed after a while.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("decks").addColumn("used_at", "bigint").execute();
      await sql`update decks set used_at = created_at`.execute(db);
      await db.schema.createIndex("decks_unused").on("decks").columns(["used_at", "created_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("decks_unused").execute();
      await db.schema.alterTable("decks").dropColumn("used_at").execute();
    },
  },
  "0004_rules_version": {
    // The engine's RULES_VERSION a game was played under: replaying it under other rules would deal
    // other cards, vision and mortal. Games stored before this column existed were played under 1.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("games")
        .addColumn("rules", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("games").dropColumn("rules").execute();
    },
  },
  "0005_game_kinds": {
    // Tables host more than one game: each match records its game's kind and the setup its rules were
    // given, and "game" names only the kind — a table's match number is `match`. Matches stored before
    // were of the first game, whose setup was their colours and deck.
    async up(db: Kysely<unknown>) {
      for (const table of ["tables", "games", "actions"])
        await db.schema.alterTable(table).renameColumn("game", "match").execute();
      await db.schema
        .alterTable("games")
        .addColumn("kind", "text", (c) => c.notNull().defaultTo(FIRST_GAME_KIND))
        .execute();
      await db.schema.alterTable("games").addColumn("setup", "text").execute();
      await sql`update games set setup = '{"colours":' || colours || ',"deck":' || deck || '}'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("games").dropColumn("setup").execute();
      await db.schema.alterTable("games").dropColumn("kind").execute();
      for (const table of ["tables", "games", "actions"])
        await db.schema.alterTable(table).renameColumn("match", "game").execute();
    },
  },
  "0006_table_owners": {
    // One authority per table when several server processes share the database: the process holding a
    // table's lease (until `expires_at`) is the only one that may write it, and `epoch` counts the
    // hand-overs so a writer that lost the lease is refused even if it does not know yet (fencing).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("table_owners")
        .addColumn("table_code", "text", (c) => c.primaryKey())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("epoch", "integer", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("table_owners_owner").on("table_owners").columns(["owner"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("table_owners").execute();
    },
  },
  "0007_accounts": {
    // Players who come back: an account is a chosen name (unique without regard to case, `name_key`)
    // and nothing else about the person; a seat taken while signed in belongs to it. A deleted account
    // keeps its row without a name until `deleted_at` + 30 days, so finished games stay valid records.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("accounts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text")
        .addColumn("name_key", "text", (c) => c.unique())
        .addColumn("history_public", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("deleted_at", "bigint")
        .execute();
      await db.schema.alterTable("seats").addColumn("account_id", "text").execute();
      await db.schema.createIndex("seats_account").on("seats").columns(["account_id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("seats_account").execute();
      await db.schema.alterTable("seats").dropColumn("account_id").execute();
      await db.schema.dropTable("accounts").execute();
    },
  },
  "0008_passkeys_sessions": {
    // Signing in with passkeys (docs/accounts.md): each passkey's public key, server-side sessions (only
    // the SHA-256 of the cookie's id is stored), one-time links that let a signed-in device add another,
    // and the challenge of each WebAuthn ceremony (single use, short-lived).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("passkeys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("public_key", "text", (c) => c.notNull())
        .addColumn("counter", "bigint", (c) => c.notNull())
        .addColumn("transports", "text", (c) => c.notNull())
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_used_at", "bigint")
        .execute();
      await db.schema.createIndex("passkeys_account").on("passkeys").columns(["account_id"]).execute();
      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("last_seen", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_account").on("sessions").columns(["account_id"]).execute();
      await db.schema
        .createTable("device_links")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("webauthn_challenges")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("challenge", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("account_id", "text")
        .addColumn("name", "text")
        .addColumn("link_hash", "text")
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["webauthn_challenges", "device_links", "sessions", "passkeys"])
        await db.schema.dropTable(t).execute();
    },
  },
  "0009_ratings": {
    // Ratings per account and game (`ratings`), every account's result of every finished match
    // (`player_results`: profiles, the rating's history), and `rating_updates`, one row per match whose
    // results were written — its key makes a match count once whatever restarts or processes race.
    // `games.abandoned`: the seats a bot finished for their absent player, stored with the finish.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("games").addColumn("abandoned", "text").execute();
      await db.schema.createIndex("games_finished").on("games").columns(["finished_at"]).execute();
      await db.schema
        .createTable("rating_updates")
        .addColumn("table_code", "text", (c) => c.notNull())
        .addColumn("match", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("rated", "integer", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("rating_updates_pk", ["table_code", "match"])
        .execute();
      await db.schema
        .createTable("ratings")
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("mu", "double precision", (c) => c.notNull())
        .addColumn("sigma", "double precision", (c) => c.notNull())
        .addColumn("ordinal", "double precision", (c) => c.notNull())
        .addColumn("games", "integer", (c) => c.notNull())
        .addColumn("last_rated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("ratings_pk", ["account_id", "kind"])
        .execute();
      await db.schema.createIndex("ratings_board").on("ratings").columns(["kind", "ordinal"]).execute();
      await createPlayerResults(db);
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["player_results", "ratings", "rating_updates"]) await db.schema.dropTable(t).execute();
      await db.schema.dropIndex("games_finished").execute();
      await db.schema.alterTable("games").dropColumn("abandoned").execute();
    },
  },
  "0010_turn_based": {
    // Turn-based tables: `move_ms`, a move's time (null on a live table), so lists and the per-player cap
    // find them without reading every config; `turn_clocks`, what a turn-based match's clock must
    // remember across restarts besides its actions' times (time asked for, reminders sent, timeouts).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("tables").addColumn("move_ms", "bigint").execute();
      await db.schema
        .createTable("turn_clocks")
        .addColumn("table_code", "text", (c) => c.primaryKey())
        .addColumn("match", "integer", (c) => c.notNull())
        .addColumn("record", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("turn_clocks").execute();
      await db.schema.alterTable("tables").dropColumn("move_ms").execute();
    },
  },
  "0011_push": {
    // Web Push (docs/deploy.md, "Calls when it is your move"): the server's VAPID key pair (one row,
    // the first process to start writes it), each device's subscription with the account or the guest
    // seats (`push_seats`, by the seat token's hash) it calls for, the accounts that are away, and one
    // row per call made (`push_calls`), whose key makes a turn call once whatever process sends it.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("push_keys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("public_key", "text", (c) => c.notNull())
        .addColumn("private_key", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await createPushSubscriptions(db);
      await db.schema
        .createTable("push_away")
        .addColumn("account_id", "text", (c) => c.primaryKey())
        .addColumn("since", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("push_calls")
        .addColumn("table_code", "text", (c) => c.notNull())
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("turn", "bigint", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("push_calls_pk", ["table_code", "seat", "kind", "turn"])
        .execute();
      await db.schema.createIndex("push_calls_at").on("push_calls").columns(["at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["push_calls", "push_away", "push_seats", "push_subscriptions", "push_keys"])
        await db.schema.dropTable(t).execute();
    },
  },
  "0012_profile_indexes": {
    // A profile reads indexes only: its played and won per game (`player_results_counts`), its
    // rating's line (the rated results' index now holds μ and σ too), and the tables its owner sits at
    // now, found among the few not over (`tables_active`) rather than among all of the owner's seats.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("player_results_counts")
        .on("player_results")
        .columns(["account_id", "kind", "won"])
        .execute();
      await db.schema.dropIndex("player_results_rated").execute();
      await createRatedResultsIndex(db, ["account_id", "kind", "finished_at", "mu", "sigma"]);
      await db.schema
        .createIndex("tables_active")
        .on("tables")
        .columns(["status", "created_at"])
        .where(sql<boolean>`status in ('lobby', 'playing')`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("tables_active").execute();
      await db.schema.dropIndex("player_results_rated").execute();
      await createRatedResultsIndex(db, ["account_id", "kind", "finished_at"]);
      await db.schema.dropIndex("player_results_counts").execute();
    },
  },
  "0013_due_at": {
    // A turn-based table in play keeps in `due_at` when it next needs a process (its move's reminder or
    // deadline), written with the change that sets it, so a table out of memory is found by one indexed
    // query (`due_at <= now`) instead of every table in play staying loaded.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("tables").addColumn("due_at", "bigint").execute();
      await db.schema.createIndex("tables_due_at").on("tables").column("due_at").execute();
      // a cluster's adoption finds live tables in play without reading the turn-based ones
      await db.schema
        .createIndex("tables_live_playing")
        .on("tables")
        .column("code")
        .where(sql.ref("status"), "=", "playing")
        .where(sql.ref("move_ms"), "is", null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("tables_live_playing").execute();
      await db.schema.dropIndex("tables_due_at").execute();
      await db.schema.alterTable("tables").dropColumn("due_at").execute();
    },
  },
  "0014_push_call_sent": {
    // A turn call is claimed (its row) before it is sent and marked `sent` after: a process that adopts
    // a table whose owner died between the two sends it again, rather than never.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("push_calls")
        .addColumn("sent", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("push_calls").dropColumn("sent").execute();
    },
  },
  "0015_request_ids": {
    // A chat line or a join forwarded in a cluster is stored with its request id, so that its repeat is
    // not applied again by a process that adopted the table after the first owner died before answering.
    // A table's seats are all in its owner's memory and looked up there; its chat keeps its last lines
    // only, and the index answers for those that are not.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("seats").addColumn("request_id", "text").execute();
      await db.schema.alterTable("chat").addColumn("request_id", "text").execute();
      await db.schema
        .createIndex("chat_request_id")
        .on("chat")
        .columns(["table_code", "request_id"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("chat_request_id").execute();
      await db.schema.alterTable("chat").dropColumn("request_id").execute();
      await db.schema.alterTable("seats").dropColumn("request_id").execute();
    },
  },
  "0016_action_request_ids": {
    // A game action forwarded in a cluster is stored with its request id, so that its repeat reaching the
    // table's next owner is answered as the first was instead of being applied again (an action sent
    // without its version may be allowed again by then). The owner looks the ids up in memory: the
    // current match's actions are all loaded with the table.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("actions").addColumn("request_id", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("actions").dropColumn("request_id").execute();
    },
  },
};

async function createPushSubscriptions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("endpoint", "text", (c) => c.primaryKey())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("account_id", "text")
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("live", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("push_subscriptions_account")
    .on("push_subscriptions")
    .columns(["account_id"])
    .execute();
  await db.schema
    .createIndex("push_subscriptions_device")
    .on("push_subscriptions")
    .columns(["device"])
    .execute();
  await db.schema
    .createTable("push_seats")
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("table_code", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("push_seats_pk", ["endpoint", "table_code", "token_hash"])
    .execute();
  await db.schema
    .createIndex("push_seats_table")
    .on("push_seats")
    .columns(["table_code", "token_hash"])
    .execute();
}

/** Rated results only: a rating's line, and a leaderboard's count of recent rated games per player. */
async function createRatedResultsIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema
    .createIndex("player_results_rated")
    .on("player_results")
    .columns(columns)
    .where(sql.ref("rated"), "=", 1)
    .execute();
}

async function createPlayerResults(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("player_results")
    .addColumn("table_code", "text", (c) => c.notNull())
    .addColumn("match", "integer", (c) => c.notNull())
    .addColumn("seat", "integer", (c) => c.notNull())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("finished_at", "bigint", (c) => c.notNull())
    .addColumn("place", "integer", (c) => c.notNull())
    .addColumn("players", "integer", (c) => c.notNull())
    .addColumn("won", "integer", (c) => c.notNull())
    .addColumn("score", "double precision", (c) => c.notNull())
    .addColumn("abandoned", "integer", (c) => c.notNull())
    .addColumn("rated", "integer", (c) => c.notNull())
    .addColumn("mu", "double precision")
    .addColumn("sigma", "double precision")
    .addPrimaryKeyConstraint("player_results_pk", ["table_code", "match", "seat"])
    .execute();
  await createRatedResultsIndex(db, ["account_id", "kind", "finished_at"]);
  await db.schema
    .createIndex("player_results_recent")
    .on("player_results")
    .columns(["account_id", "finished_at"])
    .execute();
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
