import type { Generated } from "kysely";

/** The tables of the database, as kysely sees them (`migrations.ts` makes them). */
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
    /** A turn-based table's time per move; null on a live one (migration 0010). */
    move_ms?: number | null;
    /** When a turn-based table in play next needs a process: its reminder or deadline (migration 0013). */
    due_at?: number | null;
  };
  turn_clocks: { table_code: string; match: number; record: string };
  seats: {
    table_code: string;
    seat: number;
    colour: string | null;
    name: string | null;
    kind: string;
    level: string | null;
    token_hash: string | null;
    account_id?: string | null;
    request_id?: string | null;
  };
  accounts: {
    id: string;
    name: string | null;
    name_key: string | null;
    history_public: Generated<number>;
    created_at: number;
    deleted_at: number | null;
  };
  passkeys: {
    id: string;
    account_id: string;
    public_key: string;
    counter: number;
    transports: string;
    device: string;
    created_at: number;
    last_used_at: number | null;
  };
  sessions: {
    id_hash: string;
    account_id: string;
    created_at: number;
    expires_at: number;
    last_seen: number;
  };
  device_links: { token_hash: string; account_id: string; created_at: number; expires_at: number };
  webauthn_challenges: {
    id: string;
    challenge: string;
    purpose: string;
    account_id: string | null;
    name: string | null;
    link_hash: string | null;
    expires_at: number;
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
    /** JSON list of the seats a bot finished for their absent player; null if none (migration 0009). */
    abandoned?: string | null;
  };
  rating_updates: { table_code: string; match: number; kind: string; rated: number; at: number };
  ratings: {
    account_id: string;
    kind: string;
    mu: number;
    sigma: number;
    ordinal: number;
    games: number;
    last_rated_at: number;
  };
  player_results: {
    table_code: string;
    match: number;
    seat: number;
    account_id: string;
    kind: string;
    finished_at: number;
    place: number;
    players: number;
    won: number;
    score: number;
    abandoned: number;
    rated: number;
    mu: number | null;
    sigma: number | null;
  };
  actions: {
    table_code: string;
    match: number;
    version: number;
    action: string;
    at: number;
    request_id: string | null;
  };
  chat: {
    table_code: string;
    id: number;
    seat: number | null;
    name: string;
    colour: string | null;
    text: string;
    at: Generated<number>;
    request_id: string | null;
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
  push_keys: { id: string; public_key: string; private_key: string; created_at: number };
  push_subscriptions: {
    endpoint: string;
    p256dh: string;
    auth: string;
    device: string;
    account_id: string | null;
    lang: string;
    live: number;
    created_at: number;
  };
  push_seats: { endpoint: string; table_code: string; token_hash: string };
  push_away: { account_id: string; since: number };
  push_calls: { table_code: string; seat: number; kind: string; turn: number; at: number; sent: number };
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
