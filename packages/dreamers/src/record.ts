import {
  type AuditReport,
  checkHeader,
  checkResult,
  fail,
  type GameRecord,
  type GameRecorder,
  line,
  ok,
  type RecordedStep,
  type RecordLine,
  type RecordRound,
  type Result,
  refusedOnAudit,
} from "@firmament/game-kit";
import { apply } from "./apply";
import { commit, secretText } from "./commitment";
import { DREAM_CARDS, dreamCard, NIGHTMARE_CARDS, SKULL_CARD } from "./decks";
import { evolve } from "./evolve";
import { createGame, turnStarted } from "./setup";
import {
  type DreamersEvent,
  type DreamersState,
  HAND_SIZE,
  type Identity,
  RULES_VERSION,
  type Seat,
} from "./types";

/**
 * Dreamers' record body (docs/records.md). A round: `round <n> starter <seat> [chooser <seat>]`,
 * `choose <seat> <identity>` when someone chooses, `commit <hash>`, and per turn
 * `turn <n> first <seat> nightmare <id>`, `play <seat> <card> [declaration]` (the first player's with
 * the declaration), `modify <seat> <card> <target>`, `pass <seat>`, `accuse <seat>`, `end <seat>`;
 * when the round ends `reveal <secret text>` and `points <seat 0> <seat 1>`; then `ready <seat>`.
 * Hands and the decks' order are never written (docs/rules.md (Dreamers)): only cards that were turned up. While a
 * round goes on, a card still face down is written `hidden` and a chosen identity is left out.
 */
export function recordRounds(
  initial: DreamersState,
  steps: readonly RecordedStep<DreamersEvent>[],
): RecordRound[] {
  const rounds: RecordRound[] = [];
  const faceDown = new Set<RecordLine>();
  const secretUntilReveal = new Set<RecordLine>();
  const start = (number: number, starter: Seat, chooser: Seat | null) =>
    rounds.push({
      round: number,
      head:
        chooser === null
          ? ["starter", String(starter)]
          : ["starter", String(starter), "chooser", String(chooser)],
      commitment: null,
      secret: null,
      lines: [],
    });
  const write = (event: DreamersEvent, first: boolean) => {
    const round = rounds.at(-1) as RecordRound;
    const push = (entry: RecordLine) => {
      round.lines.push(entry);
      return entry;
    };
    switch (event.type) {
      case "round_started":
        start(event.round, event.starter, event.chooser);
        break;
      case "identity_chosen":
        secretUntilReveal.add(push(line("choose", event.seat, event.identity)));
        break;
      case "identities_dealt":
        round.commitment = event.commitment;
        push(line("commit", event.commitment));
        break;
      case "turn_started":
        push(line("turn", event.turn, "first", event.first, "nightmare", event.nightmare));
        break;
      case "card_played": {
        const entry = event.declaration
          ? line("play", event.seat, event.card, event.declaration)
          : line("play", event.seat, event.card);
        faceDown.add(push(entry));
        break;
      }
      case "cards_turned":
        faceDown.clear();
        break;
      case "modifier_played":
        push(line("modify", event.seat, event.card, event.target));
        break;
      case "passed":
        push(line("pass", event.seat));
        break;
      case "accused":
        push(line("accuse", event.seat));
        break;
      case "turn_ended":
        // The first player ended the turn themself (not an accusation or the third gate).
        if (first) push(line("end", event.record.first));
        break;
      case "round_ended":
        round.secret = secretText(event.result.secret);
        push(line("reveal", round.secret));
        push(line("points", ...event.result.scoring.map((s) => s.points)));
        faceDown.clear();
        break;
      case "player_ready":
        push(line("ready", event.seat));
        break;
    }
  };
  const deal = initial.round;
  start(deal.number, deal.starter, deal.chooser);
  if (deal.commitment)
    write({ type: "identities_dealt", commitment: deal.commitment } as DreamersEvent, false);
  if (deal.nightmare)
    (rounds[0] as RecordRound).lines.push(
      line("turn", deal.turn, "first", deal.first, "nightmare", deal.nightmare),
    );
  for (const step of steps) for (const [index, event] of step.events.entries()) write(event, index === 0);
  const last = rounds.at(-1) as RecordRound;
  if (last.secret === null)
    last.lines = last.lines.map((entry) => {
      if (faceDown.has(entry)) return line("play", ...entry.args.map((a, i) => (i === 1 ? "hidden" : a)));
      if (secretUntilReveal.has(entry)) return line("choose", entry.args[0] as string);
      return entry;
    });
  return rounds;
}

const DREAM_IDS = DREAM_CARDS.map((c) => c.id);
const NIGHTMARE_IDS = NIGHTMARE_CARDS.map((c) => c.id);

interface RoundPlan {
  starter: Seat;
  chooser: Seat | null;
  identities: [Identity, Identity];
  unused: Identity;
  salt: string;
  dreamDeck: string[];
  nightmareDeck: string[];
}

/**
 * Checks a Dreamers record from its public and revealed facts only. The decks' order and the hands stay
 * secret forever, so each revealed round is dealt from decks arranged to fit the record: every card a
 * player turned up comes to their hand in the order they played it, the other cards fill the rest. The
 * rules then play every move through `apply`: each card must be in hand when played, each modifier
 * must make the sum, each accusation must be a Dreamer's with the skull, and the rules — not the record
 * — decide gates, turns, the round's end and its scores.
 */
export function auditRecord(record: GameRecord): Result<AuditReport> {
  const header = checkHeader(record, "dreamers", RULES_VERSION);
  if (!header.ok) return header;
  if (record.seats.length !== 2) return fail("record/bad_seats", "A Dreamers record has two seats.");
  const report: AuditReport = { rounds: [], scores: [0, 0], winners: null, actions: 0, unchecked: [] };
  const blank = createGame({}, "0".repeat(64));
  if (!blank.ok) return blank;
  let state: DreamersState = blank.value;
  for (const [index, round] of record.rounds.entries()) {
    if (round.secret === null) {
      if (index !== record.rounds.length - 1 || record.finished)
        return fail(
          "record/unrevealed",
          `Round ${round.round} is not revealed, but another round follows it.`,
        );
      report.unchecked.push(round.round);
      break;
    }
    const plan = planRound(round);
    if (!plan.ok) return plan;
    if (index === 0) {
      if (plan.value.chooser !== null)
        return fail("record/bad_round", "Nobody chooses their identity in round 1.");
      state = dealRound(state, round.round, plan.value);
    }
    const next = record.rounds[index + 1];
    const nextPlan = next?.secret ? planRound(next) : null;
    if (nextPlan && !nextPlan.ok) return nextPlan;
    const played = playRound(state, round, plan.value, nextPlan?.value ?? null, next !== undefined, report);
    if (!played.ok) return played;
    state = played.value;
  }
  report.scores = state.scores.slice();
  report.winners = state.winners ? state.winners.slice() : null;
  return checkResult(record, report);
}

/** Starts a round as the rules would, with the decks and identities the record calls for. */
function dealRound(state: DreamersState, round: number, plan: RoundPlan): DreamersState {
  const { starter, chooser, dreamDeck, nightmareDeck } = plan;
  let next = evolve(state, {
    type: "round_started",
    round,
    starter,
    chooser,
    dreamDeck,
    nightmareDeck,
    rng: state.rng,
  });
  if (chooser !== null) return next;
  next = evolve(next, identities(round, plan, next));
  return evolve(next, turnStarted(next));
}

function identities(round: number, plan: RoundPlan, state: DreamersState): DreamersEvent {
  const secret = { round, identities: plan.identities, unused: plan.unused, salt: plan.salt };
  const { identities: dealt, unused, salt } = secret;
  return {
    type: "identities_dealt",
    identities: dealt,
    unused,
    salt,
    commitment: commit(secret),
    rng: state.rng,
  };
}

function playRound(
  start: DreamersState,
  round: RecordRound,
  plan: RoundPlan,
  nextPlan: RoundPlan | null,
  hasNext: boolean,
  report: AuditReport,
): Result<DreamersState> {
  let state = start;
  for (const entry of round.lines) {
    const where = `round ${round.round}, “${[entry.word, ...entry.args].join(" ")}”`;
    switch (entry.word) {
      case "commit":
        if (state.round.commitment !== entry.args[0])
          return fail(
            "record/bad_commitment",
            `Round ${round.round}: the commitment does not match the deal.`,
          );
        continue;
      case "turn": {
        const [turn, , first, , nightmare] = entry.args;
        const r = state.round;
        if (String(r.turn) !== turn || String(r.first) !== first || r.nightmare !== nightmare)
          return fail(
            "record/turn_mismatch",
            `${cap(where)}: by the rules turn ${r.turn} starts with seat ${r.first} first and ${r.nightmare}.`,
          );
        continue;
      }
      case "reveal":
        if (!state.round.result || secretText(state.round.result.secret) !== round.secret)
          return fail("record/bad_reveal", `Round ${round.round} is revealed before the rules end it.`);
        continue;
      case "points": {
        const points = state.round.result?.scoring.map((s) => s.points) ?? [];
        if (entry.args.join(" ") !== points.join(" "))
          return fail(
            "record/score_mismatch",
            `Round ${round.round} scores ${entry.args.join(" ")} in the record, ${points.join(" ")} by the rules.`,
          );
        report.rounds.push({ round: round.round, points, scores: state.scores.slice() });
        continue;
      }
    }
    const action = actionOf(entry);
    if (!action.ok) return fail(action.error.code, `${cap(where)}: ${action.error.message}`);
    const applied = apply(state, action.value);
    if (!applied.ok)
      return refusedOnAudit(round.round, `“${[entry.word, ...entry.args].join(" ")}”`, applied.error);
    report.actions++;
    // Deals come from the generator, which stays on the server: they are taken from the record instead.
    let current = state;
    for (const event of applied.value.events) {
      if (event.type === "round_started") {
        if (!nextPlan && hasNext) {
          // The next round is still being played: it is not checked, so the rules' own deal will do.
          current = evolve(current, event);
          continue;
        }
        if (!nextPlan)
          return fail(
            "record/missing_round",
            `Round ${round.round + 1} was dealt but is not revealed in the record.`,
          );
        if (event.starter !== nextPlan.starter || event.chooser !== nextPlan.chooser)
          return fail(
            "record/bad_round",
            `Round ${event.round} starts with seat ${event.starter}${event.chooser === null ? "" : ` and seat ${event.chooser} choosing`} by the rules.`,
          );
        current = evolve(current, {
          ...event,
          dreamDeck: nextPlan.dreamDeck,
          nightmareDeck: nextPlan.nightmareDeck,
        });
      } else if (event.type === "identities_dealt") {
        const chosen =
          state.phase === "choosing" ? (action.value as { seat: Seat; identity: Identity }) : null;
        const plan_ = current.round.number === round.round ? plan : nextPlan;
        if (!plan_) {
          current = evolve(current, event);
          continue;
        }
        if (chosen && plan_.identities[chosen.seat] !== chosen.identity)
          return fail(
            "record/bad_secret",
            `Round ${current.round.number}: seat ${chosen.seat} chose ${chosen.identity}, the secret says otherwise.`,
          );
        current = evolve(current, identities(current.round.number, plan_, current));
      } else if (event.type === "turn_started") current = evolve(current, turnStarted(current));
      else current = evolve(current, event);
    }
    state = current;
  }
  return ok(state);
}

const cap = (text: string) => text[0]?.toUpperCase() + text.slice(1);

/** What a round needs to be dealt: its head, its secret, and decks arranged to fit its plays. */
function planRound(round: RecordRound): Result<RoundPlan> {
  const head = round.head;
  const starter = Number(head[1]);
  const chooser = head[2] === "chooser" ? Number(head[3]) : null;
  if (
    head[0] !== "starter" ||
    (starter !== 0 && starter !== 1) ||
    (chooser !== null && chooser !== 0 && chooser !== 1) ||
    head.length !== (chooser === null ? 2 : 4)
  )
    return fail(
      "record/bad_round",
      `Round ${round.round} must start “round ${round.round} starter <seat> [chooser <seat>]”.`,
    );
  const secret =
    /^dreamers\|(\d+)\|(dreamer|master)\|(dreamer|master)\|(dreamer|master)\|([0-9a-f]{32})$/.exec(
      round.secret ?? "",
    );
  if (
    !secret ||
    Number(secret[1]) !== round.round ||
    [secret[2], secret[3], secret[4]].filter((i) => i === "master").length !== 1
  )
    return fail(
      "record/bad_secret",
      `Round ${round.round}'s secret is not “dreamers|${round.round}|<identity>|<identity>|<unused>|<salt>”.`,
    );
  const decks = arrangeDecks(round);
  if (!decks.ok) return decks;
  return ok({
    starter: starter as Seat,
    chooser: chooser as Seat | null,
    identities: [secret[2] as Identity, secret[3] as Identity],
    unused: secret[4] as Identity,
    salt: secret[5] as string,
    ...decks.value,
  });
}

/**
 * Decks that deal the record's round: the Nightmares in the order they were revealed, and the Dream
 * cards so that each hand draws, draw by draw, the cards its player turns up next. A hand holds 3 and a
 * player uses at most 3 a turn, so a card always arrives before it is played.
 */
function arrangeDecks(round: RecordRound): Result<{ dreamDeck: string[]; nightmareDeck: string[] }> {
  const nightmares: string[] = [];
  const wanted: [string[], string[]] = [[], []];
  const turns: Array<{ first: Seat; used: [number, number] }> = [];
  for (const entry of round.lines) {
    const seat = entry.args[0] === "1" ? 1 : 0;
    const use = (card: string) => {
      wanted[seat].push(card);
      const turn = turns.at(-1);
      if (turn) turn.used[seat]++;
    };
    if (entry.word === "turn") {
      nightmares.push(entry.args[4] ?? "");
      turns.push({ first: Number(entry.args[2]) as Seat, used: [0, 0] });
    } else if (entry.word === "play" || entry.word === "modify") use(entry.args[1] ?? "");
    else if (entry.word === "accuse") use(SKULL_CARD);
  }
  const played = [...wanted[0], ...wanted[1]];
  if (played.some((id) => !dreamCard(id)) || new Set(played).size !== played.length)
    return fail("record/bad_cards", `Round ${round.round} plays an unknown Dream card or one card twice.`);
  if (nightmares.some((id) => !NIGHTMARE_IDS.includes(id)) || new Set(nightmares).size !== nightmares.length)
    return fail("record/bad_cards", `Round ${round.round} reveals an unknown Nightmare or one twice.`);
  const spare = DREAM_IDS.filter((id) => !played.includes(id));
  const queues: [string[], string[]] = [wanted[0].slice(), wanted[1].slice()];
  const deck: string[] = [];
  let before: [number, number] = [HAND_SIZE, HAND_SIZE];
  for (const turn of turns) {
    for (const seat of turn.first === 0 ? ([0, 1] as const) : ([1, 0] as const))
      for (let n = 0; n < before[seat]; n++) deck.push(queues[seat].shift() ?? spare.shift() ?? "");
    before = turn.used;
  }
  const dreamDeck = [...deck.filter((id) => id !== ""), ...queues[0], ...queues[1], ...spare];
  return ok({
    dreamDeck,
    nightmareDeck: [...nightmares, ...NIGHTMARE_IDS.filter((id) => !nightmares.includes(id))],
  });
}

function actionOf(entry: RecordLine): Result<unknown> {
  const [seatText, ...rest] = entry.args;
  if (seatText !== "0" && seatText !== "1")
    return fail("record/bad_move", `“${entry.word}” needs a seat, 0 or 1.`);
  const seat = Number(seatText);
  const only = (n: number) => rest.length === n;
  switch (entry.word) {
    case "choose":
      return only(1)
        ? ok({ type: "choose_identity", seat, identity: rest[0] })
        : bad("choose <seat> <identity>");
    case "play":
      if (rest[0] === "hidden") return fail("record/bad_move", "A card still face down in a revealed round.");
      if (only(1)) return ok({ type: "play_dream", seat, card: rest[0] });
      return only(2)
        ? ok({ type: "play_dream", seat, card: rest[0], declaration: rest[1] })
        : bad("play <seat> <card> [declaration]");
    case "modify":
      return only(2)
        ? ok({ type: "modify", seat, card: rest[0], target: rest[1] })
        : bad("modify <seat> <card> <target>");
    case "pass":
    case "accuse":
    case "ready":
      return only(0) ? ok({ type: entry.word, seat }) : bad(`${entry.word} <seat>`);
    case "end":
      return only(0) ? ok({ type: "end_turn", seat }) : bad("end <seat>");
    default:
      return fail("record/bad_move", `Dreamers has no move “${entry.word}”.`);
  }
}

const bad = (shape: string) => fail<never>("record/bad_move", `The move is “${shape}”.`);

/** Dreamers' records: how the server writes them and how anyone checks them. */
export const dreamersRecorder: GameRecorder<DreamersState, DreamersEvent> = {
  kind: "dreamers",
  rulesVersion: RULES_VERSION,
  rounds: recordRounds,
  audit: auditRecord,
};
