/** Records of test games. */
import type { Seat } from "../contract";
import type { GameRecord, RecordRound } from "../record";

/**
 * A test game's record: table ABCDEF on a fixed date unless `header` says otherwise, finished with the
 * last state's scores and winners once it has winners.
 */
export function testRecord(
  header: Pick<GameRecord, "game" | "match" | "seats" | "tags"> & Partial<Pick<GameRecord, "rules" | "date">>,
  rounds: RecordRound[],
  last: { scores: readonly number[]; winners: readonly Seat[] | null },
): GameRecord {
  return {
    rules: 1,
    table: "ABCDEF",
    date: "2026-11-26T10:00:00.000Z",
    ...header,
    finished: last.winners !== null,
    rounds,
    result: last.winners ? { scores: last.scores.slice(), winners: last.winners.slice() } : null,
  };
}
