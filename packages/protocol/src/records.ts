import type { GameKind } from "./games";

/** One seat of a past match, as its record names it. */
export interface MatchSeat {
  seat: number;
  name: string;
  colour: string | null;
  /** The bot's level for a bot seat, else null. */
  bot: string | null;
}

/** One match played at a table (`GET /api/tables/:code/matches`). */
export interface MatchSummary {
  match: number;
  game: GameKind;
  /** When it started, ISO 8601. */
  date: string;
  finished: boolean;
  seats: MatchSeat[];
  /** Final scores and winning seats; null while the match goes on. */
  result: { scores: number[]; winners: number[] } | null;
  /** Path of the match's text record (docs/records.md). */
  record: string;
  /** Path of the web client's replay page. */
  replay: string;
  /** Path of the replay frames (`ReplayResponse`). */
  frames: string;
}

export interface MatchHistoryResponse {
  code: string;
  /** Oldest first. */
  matches: MatchSummary[];
}

/** A round of a record, as `GET …/replay` sends it: the record's own lines, read. */
export interface ReplayRound {
  round: number;
  /** The `round` line's words after the number (the game's: `dealer 2`, `starter 0 chooser 1`). */
  head: string[];
  commitment: string | null;
  /** The revealed secret text; null until the round ended. */
  secret: string | null;
  /** Every line of the round, each a word and its arguments joined by single spaces. */
  lines: string[];
}

/** One step of a replay: the spectator's view after `version` actions (0: as dealt). */
export interface ReplayFrame {
  version: number;
  round: number;
  /** The game's spectator view (with the revealed history, as a spectator's `view` push holds it). */
  view: unknown;
}

/** `GET /api/tables/:code/matches/:match/replay`. */
export interface ReplayResponse extends Omit<MatchSummary, "frames"> {
  code: string;
  rounds: ReplayRound[];
  frames: ReplayFrame[];
}
