import { parseRecord } from "@firmament/game-kit";
import { gameOf } from "./games";

/** Exit codes of `npm run record:check`. */
export const RECORD_CHECK_EXIT = { valid: 0, refused: 1, usage: 2 } as const;

/**
 * Checks one record's text: reads it (docs/records.md), then replays it through its game's rules,
 * checking every commitment, every move and every round's and the final scores. Returns the report's
 * lines and the exit code.
 */
export function checkRecordText(text: string): { code: number; lines: string[] } {
  const parsed = parseRecord(text);
  if (!parsed.ok) return refused(parsed.error);
  const record = parsed.value;
  const game = gameOf(record.game);
  if (!game) return refused({ code: "record/wrong_game", message: `No game here is called ${record.game}.` });
  const audit = game.recorder.audit(record);
  if (!audit.ok) return refused(audit.error);
  const seats = record.seats.map((s) => `${s.name}${s.bot ? ` (bot ${s.bot})` : ""}`);
  const lines = [
    `${record.game} (rules ${record.rules}), table ${record.table}, match ${record.match}, ${record.date}`,
    `Seats: ${seats.map((name, seat) => `${seat} ${name}`).join(", ")}`,
  ];
  for (const round of audit.value.rounds)
    lines.push(
      `Round ${round.round}: commitment verified; points ${round.points.join(" ")}; scores ${round.scores.join(" ")}`,
    );
  for (const round of audit.value.unchecked) lines.push(`Round ${round}: still being played, not checked`);
  lines.push(
    audit.value.winners
      ? `Final scores ${audit.value.scores.join(" ")}; winners ${audit.value.winners.map((s) => seats[s]).join(", ")}`
      : `Unfinished: scores so far ${audit.value.scores.join(" ")}`,
  );
  lines.push(`Valid: ${audit.value.actions} actions replayed through the rules.`);
  return { code: RECORD_CHECK_EXIT.valid, lines };
}

function refused(error: { code: string; message: string }) {
  return { code: RECORD_CHECK_EXIT.refused, lines: [`Invalid record: ${error.code}: ${error.message}`] };
}
