import { tableOfView } from "./legal";
import { awaiting, starsLeft, turnOf } from "./rules";
import type { RoundResult, Seat } from "./types";
import type { DreamsView, MySeat, PublicEvent } from "./view";

/**
 * Folds one event, as the view's viewer sees it (`viewEvent`), into that viewer's view: the view of
 * the state the event led to. A client that holds its view sends nothing back and needs no whole view
 * after each action. Pure; never changes the view it is given.
 */
export function fold(view: DreamsView, event: PublicEvent): DreamsView {
  switch (event.type) {
    case "round_started": {
      const players = view.colours.length;
      const me = view.me === null ? null : newRound(view.me.seat, event);
      return settle({
        ...view,
        phase: "placing",
        round: event.round,
        dealer: event.dealer,
        cards: [...event.cards],
        commitment: event.commitment,
        stars: [],
        guessed: new Array<boolean>(players).fill(false),
        ready: new Array<boolean>(players).fill(false),
        pileSize: event.pileSize,
        me,
        result: null,
      });
    }
    case "star_placed": {
      const stars = view.stars.concat({ seat: event.seat, kind: event.kind, x: event.x, y: event.y });
      const me =
        view.me !== null && view.me.seat === event.seat
          ? { ...view.me, starsLeft: starsLeft(stars, event.seat) }
          : view.me;
      const phase = stars.length === view.colours.length * 3 ? "guessing" : "placing";
      return settle({ ...view, phase, stars, me });
    }
    case "guess_made": {
      const guessed = view.guessed.slice();
      guessed[event.seat] = true;
      const me =
        view.me !== null && view.me.seat === event.seat && event.guess
          ? { ...view.me, guess: { ...event.guess } }
          : view.me;
      return settle({ ...view, guessed, me });
    }
    case "round_revealed":
      return settle({
        ...view,
        phase: "reveal",
        scores: event.scores.slice(),
        result: copyResult(event.result),
      });
    case "player_ready": {
      const ready = view.ready.slice();
      ready[event.seat] = true;
      return settle({ ...view, ready });
    }
    case "game_ended":
      return settle({ ...view, phase: "over", scores: event.scores.slice(), winners: event.winners.slice() });
  }
}

function newRound(seat: Seat, event: Extract<PublicEvent, { type: "round_started" }>): MySeat {
  const base = { seat, starsLeft: starsLeft([], seat), guess: null };
  return event.role === "god" && event.vision !== undefined
    ? { ...base, role: "god", vision: event.vision }
    : { ...base, role: "mortal" };
}

/** Folds events in order. */
export function foldAll(view: DreamsView, events: readonly PublicEvent[]): DreamsView {
  let current = view;
  for (const event of events) current = fold(current, event);
  return current;
}

/** The fields every view derives from the others by the rules' one turn rule. */
function settle(view: DreamsView): DreamsView {
  const table = tableOfView(view);
  return { ...view, awaiting: awaiting(table), turn: turnOf(table) };
}

function copyResult(result: RoundResult): RoundResult {
  return {
    secret: { ...result.secret },
    guesses: result.guesses.map((g) => ({ ...g })),
    scoring: result.scoring.map((s) => ({ ...s, reasons: s.reasons.slice() })),
  };
}
