/** Limits every client and the server share. Counts of characters are of UTF-16 code units after trimming. */
export const LIMITS = {
  /** Display names: 1–24 characters after trimming. */
  nameMax: 24,
  /** Chat messages: 1–300 characters after trimming. */
  chatMax: 300,
  /** Any single socket message, serialised as JSON. Larger ones get `input/too_large`. */
  messageBytes: 4096,
  /** Any HTTP body. */
  bodyBytes: 4096,
  /** Rate limit per socket connection: a bucket of `burst` messages refilled at `perSecond`. */
  rate: { perSecond: 10, burst: 30 },
  /** Chat per seat, whatever the number of connections: a bucket of `burst` refilled at `perSecond`. */
  chatRate: { perSecond: 1, burst: 5 },
  /** Chat messages the server keeps per table (older ones are deleted) and sends on `hello`. */
  chatHistory: 50,
  /** Default caps (env `MAX_SPECTATORS_PER_TABLE`, `MAX_CONNECTIONS_PER_ADDRESS`). */
  spectatorsPerTable: 100,
  connectionsPerAddress: 100,
  /** Default budget of failed `hello`s (wrong token, unknown table) per address and minute (env `FAILED_HELLOS_PER_MINUTE`). */
  failedHellosPerMinute: 20,
  /** A seat whose player has had no connection for this long is played by a bot until they return. */
  graceSeconds: 45,
  /** Turn-based tables (open or in play) one player (an account, or a browser's seats) may sit at. */
  turnBasedTablesPerPlayer: 30,
  /** Seats a guest's browser sends for "your games" (POST /api/games), the newest first; fits `bodyBytes`. */
  yourGamesSeats: 40,
} as const;

/**
 * Custom decks (`POST /api/decks`). The per-image limits are the card processor's (`CUSTOM_LIMITS` in
 * @firmament/cards); the total is the server's, so one upload cannot tie up hundreds of megabytes.
 */
export const UPLOAD_LIMITS = {
  minImages: 8,
  maxImages: 100,
  /** Per image. */
  maxFileBytes: 5 * 1024 * 1024,
  maxMegapixels: 40,
  /** The whole request body of one upload (images and multipart framing). */
  maxTotalBytes: 150 * 1024 * 1024,
  /** The optional deck name. */
  nameMax: 40,
  /** Accepted file types, by content (the extension must agree). */
  types: ["image/png", "image/jpeg", "image/webp"],
} as const;

/** The times per move a turn-based table may have, in hours (1 hour, 12 hours, 1 day, 3 days). */
export const MOVE_HOURS = [1, 12, 24, 72] as const;
