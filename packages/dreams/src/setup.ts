import { CounterRng, fail, isValidSeed, ok } from "@firmament/game-kit";
import { commit } from "./commitment";
import { evolve } from "./evolve";
import {
  COLOURS,
  type Colour,
  DRAW_PILE_SIZE,
  type DreamsEvent,
  type DreamsState,
  type GameConfig,
  type ImageNumber,
  MAX_PLAYERS,
  MIN_DECK_SIZE,
  MIN_PLAYERS,
  type Result,
  type Seat,
} from "./types";

/** Creates a game with round 1 dealt: a 72-card pile drawn from the deck, a random first dealer. */
export function createGame(config: GameConfig): Result<DreamsState> {
  const problem = checkConfig(config);
  if (problem) return problem;
  const rng = new CounterRng(config.seed, 0);
  const pile = rng.sample(config.deck, DRAW_PILE_SIZE);
  const players = config.colours.length;
  const dealer = rng.int(0, players - 1);
  const blank: DreamsState = {
    game: "dreams",
    version: 1,
    colours: [...config.colours],
    scores: config.colours.map(() => 0),
    phase: "placing",
    round: {
      number: 0,
      dealer,
      cards: ["", "", "", ""],
      vision: 1,
      mortal: 0,
      salt: "",
      commitment: "",
      stars: [],
      guesses: [],
      ready: [],
      result: null,
    },
    pile,
    discard: [],
    rng: rng.state(),
    winners: null,
  };
  return ok(evolve(blank, dealRound(blank, dealer)));
}

function checkConfig(config: GameConfig): Result<DreamsState> | null {
  if (typeof config !== "object" || config === null)
    return fail("setup/malformed", "The game needs a config.");
  const { colours, deck, seed } = config;
  if (!Array.isArray(colours) || colours.length < MIN_PLAYERS || colours.length > MAX_PLAYERS)
    return fail("setup/player_count", `Dreams needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`);
  if (!colours.every((c) => (COLOURS as readonly string[]).includes(c)))
    return fail("setup/unknown_colour", `Colours must be among ${COLOURS.join(", ")}.`);
  if (new Set(colours).size !== colours.length)
    return fail("setup/duplicate_colour", "Every player needs their own colour.");
  if (!Array.isArray(deck) || !deck.every((id) => typeof id === "string" && id.length > 0))
    return fail("setup/bad_deck", "The deck must be a list of card ids.");
  if (new Set(deck).size !== deck.length)
    return fail("setup/duplicate_card", "Card ids in a deck must be distinct.");
  if (deck.length < MIN_DECK_SIZE)
    return fail("setup/deck_too_small", `A deck needs at least ${MIN_DECK_SIZE} cards.`);
  if (!isValidSeed(seed))
    return fail("setup/bad_seed", "The seed must be 64 lowercase hex digits (256 bits).");
  return null;
}

/** The event that deals a round: 4 cards, the vision, the mortal, the salt and its commitment. */
export function dealRound(state: DreamsState, dealer: Seat): Extract<DreamsEvent, { type: "round_started" }> {
  const rng = CounterRng.from(state.rng);
  let pile = state.pile;
  let discard = state.round.number > 0 ? [...state.discard, ...state.round.cards] : state.discard;
  if (pile.length < 4) {
    pile = rng.shuffle([...pile, ...discard]);
    discard = [];
  }
  const cards: [string, string, string, string] = [
    pile[0] as string,
    pile[1] as string,
    pile[2] as string,
    pile[3] as string,
  ];
  const round = state.round.number + 1;
  rng.alignToBlock();
  const vision = rng.int(1, 4) as ImageNumber;
  const mortal = rng.int(0, state.colours.length - 1);
  const salt = rng.hex(16);
  return {
    type: "round_started",
    round,
    dealer,
    cards,
    vision,
    mortal,
    salt,
    commitment: commit({ round, vision, mortal, salt }),
    pile: pile.slice(4),
    discard,
    rng: rng.state(),
  };
}

export function isColour(value: unknown): value is Colour {
  return typeof value === "string" && (COLOURS as readonly string[]).includes(value);
}
