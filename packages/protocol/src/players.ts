import type { GameKind } from "./games";

/**
 * Players' profiles and leaderboards (GET /api/players/:name, GET /api/leaderboards/:game). A rating is
 * shown as one figure: 1000 + 40 × (μ − 3σ), rounded — the conservative estimate, so a new player
 * (μ 25, σ 25/3) shows 1000 and climbs as the rating grows surer.
 */
export interface PlayerRating {
  /** The figure shown. */
  rating: number;
  mu: number;
  sigma: number;
  /** Rated games played. */
  games: number;
  /** Fewer than `RATING_RULES.provisionalGames` rated games: shown with a mark. */
  provisional: boolean;
}

/** One point of a rating's history: after the rated match that finished at `at`. */
export interface RatingPoint {
  at: number;
  rating: number;
}

/** A player's record in one game. */
export interface PlayerGameStats {
  game: GameKind;
  played: number;
  won: number;
  /** Null before the first rated game. */
  rating: PlayerRating | null;
  /** Oldest first, the most recent 100 rated games; empty when the history is hidden. */
  history: RatingPoint[];
}

/** One finished match of a player. */
export interface PlayerMatch {
  code: string;
  match: number;
  game: GameKind;
  finishedAt: number;
  /** 1-based; equal places were ties. */
  place: number;
  players: number;
  won: boolean;
  rated: boolean;
  /** A bot finished the match for the absent player; it counted as their loss. */
  abandoned: boolean;
  /** The rating after this match (rated matches only). */
  ratingAfter: number | null;
}

/** A table the player sits at now (their own profile only). */
export interface PlayerTable {
  code: string;
  game: GameKind;
  status: "lobby" | "playing";
}

export interface PlayerProfile {
  name: string;
  createdAt: number;
  /** Whether others see the game history (the recent matches and the rating's line). */
  historyPublic: boolean;
  /** The viewer is this player (signed in as them). */
  own: boolean;
  games: PlayerGameStats[];
  /** Newest first, at most 20; null when the player hides their history from the viewer. */
  recent: PlayerMatch[] | null;
  /** Own profile only; null otherwise. */
  tables: PlayerTable[] | null;
}

export interface LeaderboardEntry {
  place: number;
  name: string;
  rating: number;
  /** Rated games of this game, ever. */
  games: number;
}

export interface LeaderboardResponse {
  game: GameKind;
  entries: LeaderboardEntry[];
}

/** The rules of ratings, as the server applies them (docs/rules.md "Ratings"). */
export const RATING_RULES = {
  /** Rated games before a rating loses its provisional mark. */
  provisionalGames: 10,
  /** A leaderboard lists players with this many rated games in the last `leaderboardDays`. */
  leaderboardGames: 10,
  leaderboardDays: 90,
  leaderboardSize: 100,
} as const;
