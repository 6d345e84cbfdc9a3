/**
 * "Your games": every table a player sits at (an account's seats, or a guest's by their seat tokens),
 * each as public as its table page: the game, the seats, round, scores, whose move and its deadline.
 */
import type { Seat } from "@firmament/game-kit";
import type { TableEnv } from "./context";
import type { LiveTable } from "./live-table";
import { fail, type Outcome } from "./outcome";
import { deadline } from "./projections";
import type { Colour, YourGame } from "./protocol";
import { hashToken } from "./tokens";

/** Whose game is asked for: an account's seat at the table, or the seat of a token. */
export type YourSeat = { accountId: string; seat: Seat } | { token: string };

const notYours = () => fail("table/not_yours", "You have no seat at that table.", 404);

/** The seat `who` has at the table, or null. */
function seatOf(table: LiveTable, who: YourSeat): Seat | null {
  if ("token" in who) {
    const hash = hashToken(who.token);
    return table.seats.find((s) => s.kind === "human" && s.tokenHash === hash)?.seat ?? null;
  }
  const row = table.seats[who.seat];
  return row?.kind === "human" && row.accountId === who.accountId ? row.seat : null;
}

/** The table as it appears in its player's "your games". */
export function yourGameAt(env: TableEnv, table: LiveTable, who: YourSeat): Outcome<YourGame> {
  const seat = seatOf(table, who);
  if (seat === null) return notYours();
  const match = table.match;
  const progress = match?.progress() ?? null;
  const playing = table.row.status === "playing";
  const publicView = match ? table.game.rules.view(match.state, "spectator") : null;
  return {
    ok: true,
    value: {
      code: table.code,
      game: table.row.config.game,
      pace: table.row.config.pace ?? { kind: "live" },
      status: table.row.status,
      seat,
      seats: table.seats.map((s) => ({
        seat: s.seat,
        name: s.name,
        colour: s.colour as Colour | null,
        kind: s.kind,
      })),
      round: progress?.round ?? null,
      scores: publicView !== null && table.game.scores ? table.game.scores(publicView) : null,
      yourMove: playing && (progress?.awaiting.includes(seat) ?? false),
      deadline: playing ? deadline(env, table) : null,
    },
  };
}

/** Your move first; then by time left, soonest first (no deadline last); then by table code. */
export function byUrgency(a: YourGame, b: YourGame): number {
  if (a.yourMove !== b.yourMove) return a.yourMove ? -1 : 1;
  const left = (g: YourGame) => g.deadline ?? Number.POSITIVE_INFINITY;
  if (left(a) !== left(b)) return left(a) < left(b) ? -1 : 1;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}
