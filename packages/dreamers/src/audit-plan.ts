import { fail, ok, type RecordLine, type RecordRound, type Result } from "@firmament/game-kit";
import { DREAM_CARDS, dreamCard, NIGHTMARE_CARDS, SKULL_CARD } from "./decks";
import { HAND_SIZE, type Identity, type Seat } from "./types";

/** Reading a record's round for the audit: its deal, its decks and its moves. */

const DREAM_IDS = DREAM_CARDS.map((c) => c.id);
const NIGHTMARE_IDS = NIGHTMARE_CARDS.map((c) => c.id);

export interface RoundPlan {
  starter: Seat;
  chooser: Seat | null;
  identities: [Identity, Identity];
  unused: Identity;
  salt: string;
  dreamDeck: string[];
  nightmareDeck: string[];
}

/** What a round needs to be dealt: its head, its secret, and decks arranged to fit its plays. */
export function planRound(round: RecordRound): Result<RoundPlan> {
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

export function actionOf(entry: RecordLine): Result<unknown> {
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
