import {
  type Colour,
  type DreamsView,
  type Guess,
  type PlacedStar,
  type RoundSecret,
  type Seat,
  scoreRound,
} from "@firmament/dreams";

/**
 * A sample round of Dreams for the landing and how-to-play pages: four real cards of the standard deck,
 * the constellation four players drew (the gods pointing at the elephant's balloons, the mortal
 * blending in) and its reveal, scored by the engine itself. Shown as a spectator sees it.
 */
export const SAMPLE_NAMES = ["Ada", "Bruno", "Chiara", "Dario"];
const COLOURS: Colour[] = ["red", "blue", "green", "yellow"];
/** Preferred cards (image 2 is the true dream); others of the deck stand in if these are gone. */
export const SAMPLE_CARDS = ["dream-005", "dream-017", "dream-007", "dream-008"] as const;
const VISION = 2;
const MORTAL: Seat = 2;

const at = (seat: Seat, kind: PlacedStar["kind"], x: number, y: number): PlacedStar => ({ seat, kind, x, y });

/** In placing order, from the dealer (Ada). Chiara is the mortal and guesses along. */
export const SAMPLE_STARS: PlacedStar[] = [
  at(0, "clear", 0.6, 0.19), // a balloon
  at(1, "gray", 0.56, 0.46), // the elephant
  at(2, "gray", 0.58, 0.3),
  at(3, "clear", 0.89, 0.72), // the penguin
  at(0, "black", 0.92, 0.22), // the parachute
  at(1, "clear", 0.44, 0.62), // the ladybird
  at(2, "clear", 0.66, 0.33),
  at(3, "gray", 0.5, 0.25), // a balloon
  at(0, "gray", 0.26, 0.28), // the dove
  at(1, "black", 0.3, 0.63), // the castle
  at(2, "black", 0.62, 0.4),
  at(3, "black", 0.43, 0.21), // a balloon
];

const GUESSES: Guess[] = [{ colour: "green" }, { colour: "yellow" }, { image: VISION }, { colour: "green" }];
const BEFORE = [4, 3, 5, 2];

/** The sample as a spectator's view of the reveal, with `cards` as the four pictures. */
export function sampleView(cards: [string, string, string, string]): DreamsView {
  const secret: RoundSecret = { round: 3, vision: VISION, mortal: MORTAL, salt: "" };
  const scoring = scoreRound(COLOURS, secret, GUESSES);
  return {
    game: "dreams",
    viewer: "spectator",
    colours: COLOURS,
    scores: BEFORE.map((score, seat) => score + (scoring[seat]?.points ?? 0)),
    phase: "reveal",
    round: 3,
    dealer: 0,
    turn: null,
    awaiting: [],
    cards,
    commitment: "",
    stars: SAMPLE_STARS,
    guessed: COLOURS.map(() => true),
    ready: COLOURS.map(() => true),
    pileSize: 60,
    me: null,
    result: { secret, guesses: GUESSES, scoring },
    winners: null,
  };
}

/** The preferred cards where the deck has them, else the deck's first others (in the deck's order). */
export function sampleCards(deck: readonly string[]): [string, string, string, string] {
  const spare = deck.filter((id) => !(SAMPLE_CARDS as readonly string[]).includes(id));
  const pick = SAMPLE_CARDS.map((id) => (deck.includes(id) ? id : (spare.shift() ?? id)));
  return pick as unknown as [string, string, string, string];
}
