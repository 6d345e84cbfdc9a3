import type { Progress } from "@firmament/game-kit";
import { awaiting, publicTable, turnOf } from "./rules";
import type {
  Colour,
  DreamsEvent,
  DreamsState,
  Guess,
  ImageNumber,
  Phase,
  PlacedStar,
  RoundResult,
  Seat,
  StarKind,
  Viewer,
} from "./types";
import { STAR_KINDS } from "./types";

/** What one seat knows of its own part this round. */
export type MySeat = {
  seat: Seat;
  starsLeft: StarKind[];
  guess: Guess | null;
} & ({ role: "god"; vision: ImageNumber } | { role: "mortal" });

/**
 * Everything one viewer may know (docs/rules.md, "Who may know what"). This is the only shape in which
 * game information leaves the engine.
 */
export interface DreamsView {
  game: "dreams";
  viewer: Viewer;
  colours: Colour[];
  scores: number[];
  phase: Phase;
  round: number;
  dealer: Seat;
  /** Whose turn it is to place a star; null outside the placing phase. */
  turn: Seat | null;
  /** The seats the game waits for now (to place, to guess, to be ready); the game contract's turn rule. */
  awaiting: Seat[];
  cards: [string, string, string, string];
  /** SHA-256 of the round's secret, public from the round's start. */
  commitment: string;
  /** In placing order. */
  stars: PlacedStar[];
  /** Who has guessed, never what. */
  guessed: boolean[];
  ready: boolean[];
  /** Cards left in the draw pile (a count only; the order stays secret). */
  pileSize: number;
  /** The viewer's own seat; null for spectators. */
  me: MySeat | null;
  /** The round's secret, guesses and scoring, once revealed. */
  result: RoundResult | null;
  winners: Seat[] | null;
}

/** What `viewer` may know; a viewer that is not a seat of this game gets the spectator's view. */
/** Where the game stands; every view's `round`, `phase` and `awaiting` come from this one function. */
export function progress(state: DreamsState): Progress & { phase: Phase } {
  return { round: state.round.number, phase: state.phase, awaiting: awaiting(publicTable(state)) };
}

export function view(state: DreamsState, viewer: Viewer): DreamsView {
  const round = state.round;
  const revealed = round.result !== null;
  const seated = isSeat(state, viewer);
  return {
    game: "dreams",
    viewer: seated ? viewer : "spectator",
    colours: state.colours.slice(),
    scores: state.scores.slice(),
    ...progress(state),
    dealer: round.dealer,
    turn: turnOf(publicTable(state)),
    cards: [...round.cards],
    commitment: round.commitment,
    stars: round.stars.map((s) => ({ ...s })),
    guessed: round.guesses.map((g) => g !== null),
    ready: round.ready.slice(),
    pileSize: state.pile.length,
    me: seated ? mySeat(state, viewer) : null,
    result: revealed ? structuredCloneResult(round.result as RoundResult) : null,
    winners: state.winners ? state.winners.slice() : null,
  };
}

function isSeat(state: DreamsState, viewer: Viewer): viewer is Seat {
  return (
    typeof viewer === "number" && Number.isInteger(viewer) && viewer >= 0 && viewer < state.colours.length
  );
}

function mySeat(state: DreamsState, seat: Seat): MySeat {
  const round = state.round;
  const guess = round.guesses[seat] ?? null;
  const base = {
    seat,
    starsLeft: STAR_KINDS.filter((k) => !round.stars.some((s) => s.seat === seat && s.kind === k)),
    guess: guess ? { ...guess } : null,
  };
  return seat === round.mortal ? { ...base, role: "mortal" } : { ...base, role: "god", vision: round.vision };
}

function structuredCloneResult(result: RoundResult): RoundResult {
  return {
    secret: { ...result.secret },
    guesses: result.guesses.map((g) => ({ ...g })),
    scoring: result.scoring.map((s) => ({ ...s, reasons: s.reasons.slice() })),
  };
}

/** An event as a viewer may see it: the round's secret and others' guesses stay hidden until the reveal. */
export type PublicEvent =
  | {
      type: "round_started";
      round: number;
      dealer: Seat;
      cards: [string, string, string, string];
      commitment: string;
      /** Cards left in the draw pile after the deal. */
      pileSize: number;
      /** The viewer's own role this round; absent for a spectator. */
      role?: "god" | "mortal";
      /** The vision, to gods only. */
      vision?: ImageNumber;
    }
  | { type: "star_placed"; seat: Seat; kind: StarKind; x: number; y: number; order: number }
  | { type: "guess_made"; seat: Seat; guess?: Guess }
  | Extract<DreamsEvent, { type: "round_revealed" | "player_ready" | "game_ended" }>;

export function viewEvent(event: DreamsEvent, viewer: Viewer): PublicEvent {
  switch (event.type) {
    case "round_started": {
      const { round, dealer, cards, commitment } = event;
      const shown = {
        type: "round_started" as const,
        round,
        dealer,
        cards: [...cards] as typeof cards,
        commitment,
      };
      const pileSize = event.pile.length;
      if (typeof viewer !== "number" || viewer < 0) return { ...shown, pileSize };
      if (viewer === event.mortal) return { ...shown, pileSize, role: "mortal" };
      return { ...shown, pileSize, role: "god", vision: event.vision };
    }
    case "guess_made":
      return viewer === event.seat
        ? { type: "guess_made", seat: event.seat, guess: { ...event.guess } }
        : { type: "guess_made", seat: event.seat };
    // The frequent events are copied field by field: structuredClone cost more than the rest of the
    // server's work for an action once views were no longer sent whole.
    case "star_placed":
      return {
        type: "star_placed",
        seat: event.seat,
        kind: event.kind,
        x: event.x,
        y: event.y,
        order: event.order,
      };
    case "player_ready":
      return { type: "player_ready", seat: event.seat };
    case "round_revealed":
    case "game_ended":
      return structuredClone(event);
  }
}
