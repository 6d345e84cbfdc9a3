import { sha256Hex } from "./commitment";
import { fail, ok, type Result } from "./result";

/**
 * A game record: a versioned text, the same in form for every game (docs/records.md). Header tag pairs
 * (`[Name "value"]`) then a body of rounds; each round is a `round` line, then lines of one word and
 * its arguments in the order things happened: the round's `commit`, what was dealt in public, every
 * action as far as it may be public, and the `reveal` of the round's secret once it ended.
 */
export const RECORD_VERSION = 1;
/** A record larger than this is refused unread. */
export const MAX_RECORD_CHARS = 2_000_000;

export interface RecordLine {
  word: string;
  args: string[];
}

export interface RecordRound {
  round: number;
  /** The arguments of the `round` line after its number (the game's, e.g. `dealer 2`). */
  head: string[];
  /** SHA-256 (hex) published when the round's secret was dealt; null before that. */
  commitment: string | null;
  /** The revealed secret text (its hash is the commitment); null while the round goes on. */
  secret: string | null;
  /** Every other line of the round, in order; `commit` and `reveal` keep their place as lines too. */
  lines: RecordLine[];
}

export interface RecordSeat {
  seat: number;
  name: string;
  colour: string | null;
  /** The bot's level for a bot seat. */
  bot: string | null;
}

export interface GameRecord {
  game: string;
  rules: number;
  table: string;
  match: number;
  /** ISO 8601, when the match started. */
  date: string;
  finished: boolean;
  seats: RecordSeat[];
  /** Extra tags in their order (e.g. `Deck`, `Cards`), by name. */
  tags: Record<string, string>;
  rounds: RecordRound[];
  /** Final scores and winners, for a finished game. */
  result: { scores: number[]; winners: number[] } | null;
}

/** What a game's auditor found: every round's points and the totals after it, and the final result. */
export interface AuditReport {
  rounds: Array<{ round: number; points: number[]; scores: number[] }>;
  scores: number[];
  winners: number[] | null;
  /** Actions applied through the game's rules. */
  actions: number;
  /** Rounds not checked because their secret is not revealed yet (an unfinished game's last round). */
  unchecked: number[];
}

/** One accepted action and the events it led to, as the rules returned them. */
export interface RecordedStep<Event> {
  action: unknown;
  events: readonly Event[];
}

/**
 * How a game writes and checks records. `rounds` sees the whole game but writes only what is public
 * now (docs/rules.md "Who may know what"): a round's secret and its private moves once the round ended,
 * never the seed, the generator or a deck's order. `audit` rebuilds every revealed round from the
 * record alone and plays it through the game's own rules, checking commitments and scores.
 */
export interface GameRecorder<State, Event> {
  readonly kind: string;
  readonly rulesVersion: number;
  rounds(initial: State, steps: readonly RecordedStep<Event>[]): RecordRound[];
  audit(record: GameRecord): Result<AuditReport>;
}

const TOKEN = /^[^\s"\\[\]]+$/;
const HEX64 = /^[0-9a-f]{64}$/;
const SEAT_TAG = /^(Seat|Colour|Bot)(\d)$/;
const REQUIRED = ["Record", "Game", "Rules", "Table", "Match", "Date", "Status", "Seats"] as const;

/** Writes a record as text (docs/records.md); `parseRecord(writeRecord(r))` gives `r` back. */
export function writeRecord(record: GameRecord): string {
  const tags: Array<[string, string]> = [
    ["Record", String(RECORD_VERSION)],
    ["Game", record.game],
    ["Rules", String(record.rules)],
    ["Table", record.table],
    ["Match", String(record.match)],
    ["Date", record.date],
    ["Status", record.finished ? "finished" : "playing"],
    ["Seats", String(record.seats.length)],
  ];
  for (const seat of record.seats) {
    tags.push([`Seat${seat.seat}`, seat.name]);
    if (seat.colour !== null) tags.push([`Colour${seat.seat}`, seat.colour]);
    if (seat.bot !== null) tags.push([`Bot${seat.seat}`, seat.bot]);
  }
  for (const [name, value] of Object.entries(record.tags)) tags.push([name, value]);
  if (record.result) {
    tags.push(["Scores", record.result.scores.join(" ")]);
    tags.push(["Winners", record.result.winners.join(" ")]);
  }
  const lines = tags.map(([name, value]) => `[${name} "${quoted(value)}"]`);
  for (const round of record.rounds) {
    lines.push("");
    lines.push(["round", String(round.round), ...round.head].join(" "));
    for (const line of round.lines) lines.push([line.word, ...line.args].join(" "));
  }
  return `${lines.join("\n")}\n`;
}

/** A tag's value: `\` and `"` escaped; a line break (never in a valid name) becomes a space. */
const quoted = (value: string) =>
  value
    .replace(/[\r\n]+/g, " ")
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"');

/** A body line of one word and its arguments; throws on a token that would not read back. */
export function line(word: string, ...args: Array<string | number>): RecordLine {
  const tokens = args.map(String);
  for (const token of [word, ...tokens])
    if (!TOKEN.test(token)) throw new Error(`A record token cannot be ${JSON.stringify(token)}`);
  return { word, args: tokens };
}

/**
 * Reads a record's text. Refuses anything not exactly as docs/records.md describes, with a `record/…`
 * code and the line it stopped at; checks every revealed secret against its round's commitment.
 */
export function parseRecord(text: unknown): Result<GameRecord> {
  if (typeof text !== "string" || text.trim() === "") return fail("record/empty", "The record is empty.");
  if (text.length > MAX_RECORD_CHARS)
    return fail("record/too_large", `A record may hold at most ${MAX_RECORD_CHARS} characters.`);
  const rows = text.replace(/\r\n/g, "\n").split("\n");
  const tags = new Map<string, string>();
  let at = 0;
  for (; at < rows.length; at++) {
    const row = rows[at] as string;
    if (row.trim() === "") {
      if (tags.size > 0) break;
      continue;
    }
    const tag = /^\[([A-Za-z][A-Za-z0-9]*) "((?:[^"\\]|\\["\\])*)"\]$/.exec(row);
    if (!tag) return bad("record/bad_tag", at, 'a tag pair like [Name "value"] was expected');
    const [, name, raw] = tag as unknown as [string, string, string];
    if (tags.has(name)) return bad("record/duplicate_tag", at, `the tag ${name} appears twice`);
    tags.set(name, raw.replace(/\\(["\\])/g, "$1"));
  }
  const header = readHeader(tags);
  if (!header.ok) return header;
  const rounds = readBody(rows, at);
  if (!rounds.ok) return rounds;
  return ok({ ...header.value, rounds: rounds.value });
}

function bad<T>(code: string, index: number, what: string): Result<T> {
  return fail(code, `Line ${index + 1}: ${what}.`);
}

function readHeader(tags: Map<string, string>): Result<Omit<GameRecord, "rounds">> {
  for (const name of REQUIRED)
    if (!tags.has(name)) return fail("record/missing_tag", `The record has no ${name} tag.`);
  const get = (name: string) => tags.get(name) as string;
  if (get("Record") !== String(RECORD_VERSION))
    return fail(
      "record/version",
      `This is a version ${get("Record")} record; only version ${RECORD_VERSION} is read.`,
    );
  const rules = count(get("Rules"));
  const match = count(get("Match"));
  const seatCount = count(get("Seats"));
  if (rules === null || rules < 1) return fail("record/bad_tag", "Rules must be a positive whole number.");
  if (match === null || match < 1) return fail("record/bad_tag", "Match must be a positive whole number.");
  if (seatCount === null || seatCount < 1 || seatCount > 9)
    return fail("record/bad_seats", "Seats must be a number of seats from 1 to 9.");
  if (!TOKEN.test(get("Game"))) return fail("record/bad_tag", "Game must be one word.");
  if (Number.isNaN(Date.parse(get("Date")))) return fail("record/bad_tag", "Date must be an ISO 8601 date.");
  const status = get("Status");
  if (status !== "finished" && status !== "playing")
    return fail("record/bad_tag", 'Status must be "finished" or "playing".');
  const seats: RecordSeat[] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    const name = tags.get(`Seat${seat}`);
    if (name === undefined) return fail("record/bad_seats", `The record names no player for seat ${seat}.`);
    seats.push({
      seat,
      name,
      colour: tags.get(`Colour${seat}`) ?? null,
      bot: tags.get(`Bot${seat}`) ?? null,
    });
  }
  const extra: Record<string, string> = {};
  for (const [name, value] of tags) {
    const seatTag = SEAT_TAG.exec(name);
    if (seatTag && Number(seatTag[2]) >= seatCount)
      return fail("record/bad_seats", `${name} names a seat the game does not have.`);
    if (
      !seatTag &&
      !(REQUIRED as readonly string[]).includes(name) &&
      name !== "Scores" &&
      name !== "Winners"
    )
      extra[name] = value;
  }
  const finished = status === "finished";
  const result = readResult(tags, seatCount, finished);
  if (!result.ok) return result;
  return ok({
    game: get("Game"),
    rules,
    table: get("Table"),
    match,
    date: get("Date"),
    finished,
    seats,
    tags: extra,
    result: result.value,
  });
}

function readResult(
  tags: Map<string, string>,
  seats: number,
  finished: boolean,
): Result<GameRecord["result"]> {
  const scores = tags.get("Scores");
  const winners = tags.get("Winners");
  if (!finished) {
    if (scores !== undefined || winners !== undefined)
      return fail("record/bad_result", "An unfinished game has no Scores or Winners.");
    return ok(null);
  }
  if (scores === undefined || winners === undefined)
    return fail("record/bad_result", "A finished game needs Scores and Winners tags.");
  const points = scores.split(" ").map(integer);
  const seatsWon = winners.split(" ").map(count);
  if (points.length !== seats || points.some((p) => p === null))
    return fail("record/bad_result", `Scores must be ${seats} whole numbers, one per seat.`);
  if (seatsWon.some((s) => s === null || s >= seats))
    return fail("record/bad_result", "Winners must be seat numbers of the game.");
  return ok({ scores: points as number[], winners: seatsWon as number[] });
}

function readBody(rows: string[], start: number): Result<RecordRound[]> {
  const rounds: RecordRound[] = [];
  for (let at = start; at < rows.length; at++) {
    const row = rows[at] as string;
    if (row.trim() === "" || row.startsWith(";")) continue;
    const tokens = row.split(" ");
    if (!tokens.every((t) => TOKEN.test(t)))
      return bad("record/bad_line", at, "words separated by single spaces were expected");
    const [word, ...args] = tokens as [string, ...string[]];
    if (word === "round") {
      const number = count(args[0] ?? "");
      if (number !== rounds.length + 1)
        return bad("record/bad_round", at, `round ${rounds.length + 1} was expected`);
      rounds.push({ round: number, head: args.slice(1), commitment: null, secret: null, lines: [] });
      continue;
    }
    const round = rounds.at(-1);
    if (!round) return bad("record/outside_round", at, "every move belongs to a round: round 1 comes first");
    if (round.secret !== null && word !== "points" && word !== "ready")
      return bad("record/after_reveal", at, `round ${round.round} was already revealed`);
    if (word === "commit") {
      if (round.commitment !== null) return bad("record/bad_commitment", at, "a second commitment");
      if (args.length !== 1 || !HEX64.test(args[0] ?? ""))
        return bad("record/bad_commitment", at, "a commitment is 64 lower-case hex digits");
      round.commitment = args[0] as string;
    } else if (word === "reveal") {
      if (round.commitment === null) return bad("record/reveal_before_commit", at, "no commitment to reveal");
      if (args.length !== 1) return bad("record/bad_line", at, "a reveal holds one secret text");
      if (sha256Hex(args[0] as string) !== round.commitment)
        return bad(
          "record/commitment_mismatch",
          at,
          `the secret of round ${round.round} does not hash to its commitment`,
        );
      round.secret = args[0] as string;
    }
    round.lines.push({ word, args });
  }
  return ok(rounds);
}

function count(text: string): number | null {
  return /^(0|[1-9][0-9]{0,8})$/.test(text) ? Number(text) : null;
}

function integer(text: string): number | null {
  return /^-?(0|[1-9][0-9]{0,8})$/.test(text) ? Number(text) : null;
}

/**
 * The checks every game's audit shares: the record is of this game and rules version, and a finished
 * record's Scores and Winners are what the game's own scoring gave (`report`).
 */
export function checkHeader(record: GameRecord, kind: string, rulesVersion: number): Result<true> {
  if (record.game !== kind)
    return fail("record/wrong_game", `This is a record of ${record.game}, not ${kind}.`);
  if (record.rules !== rulesVersion)
    return fail(
      "record/rules_version",
      `The record was played under rules version ${record.rules}; this engine plays version ${rulesVersion}.`,
    );
  return ok(true);
}

export function checkResult(record: GameRecord, report: AuditReport): Result<AuditReport> {
  if (record.finished !== (report.winners !== null))
    return fail(
      "record/bad_result",
      record.finished
        ? "The record says the game is finished, but its moves do not end it."
        : "The record's moves end the game, but its Status is not finished.",
    );
  if (record.result && report.winners) {
    const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
    if (!same(record.result.scores, report.scores) || !same(record.result.winners, report.winners))
      return fail(
        "record/score_mismatch",
        `The record gives scores ${record.result.scores.join(" ")} (winners ${record.result.winners.join(" ")}), the rules give ${report.scores.join(" ")} (winners ${report.winners.join(" ")}).`,
      );
  }
  return ok(report);
}

/** The end of an audit: the scores and winners the rules reached, checked against the record's result. */
export function finishAudit(
  record: GameRecord,
  report: AuditReport,
  state: { scores: readonly number[]; winners: readonly number[] | null },
): Result<AuditReport> {
  report.scores = state.scores.slice();
  report.winners = state.winners ? state.winners.slice() : null;
  return checkResult(record, report);
}

/**
 * A round without its secret, which only the last round of an unfinished game may be: noted in the
 * report as unchecked, or refused.
 */
export function unrevealedRound(record: GameRecord, round: RecordRound, report: AuditReport): Result<true> {
  if (round !== record.rounds.at(-1) || record.finished)
    return fail("record/unrevealed", `Round ${round.round} is not revealed, but another round follows it.`);
  report.unchecked.push(round.round);
  return ok(true);
}

/** A round's `points` line checked against the points the rules gave; the round is noted in the report. */
export function checkRoundPoints(
  round: number,
  entry: RecordLine,
  points: number[],
  scores: readonly number[],
  report: AuditReport,
): Result<true> {
  if (entry.args.join(" ") !== points.join(" "))
    return fail(
      "record/score_mismatch",
      `Round ${round} scores ${entry.args.join(" ")} in the record, ${points.join(" ")} by the rules.`,
    );
  report.rounds.push({ round, points, scores: scores.slice() });
  return ok(true);
}

/** A refusal of the game's rules while auditing, with the record's round and the rule's own code. */
export function refusedOnAudit<T>(
  round: number,
  what: string,
  error: { code: string; message: string },
): Result<T> {
  return fail("record/illegal_action", `Round ${round}, ${what}: ${error.message} (${error.code})`);
}
