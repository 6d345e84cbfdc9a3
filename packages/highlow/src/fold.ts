import { awaiting, rangesOf } from "./rules";
import type { HighLowPublicEvent, HighLowView } from "./types";

/**
 * Folds one event, as the view's viewer sees it (`viewEvent`), into that viewer's view: the view of the
 * state the event led to, once all the events of an action are folded. Pure; never changes the view.
 */
export function fold(view: HighLowView, event: HighLowPublicEvent): HighLowView {
  switch (event.type) {
    case "number_chosen": {
      const chosen: [boolean, boolean] = [view.chosen[0], view.chosen[1]];
      chosen[event.seat] = true;
      const mine = event.seat === view.viewer && event.number !== undefined ? event.number : view.mine;
      return settle({ ...view, chosen, mine });
    }
    case "numbers_committed":
      return settle({ ...view, phase: "guessing", commitment: event.commitment });
    case "guessed": {
      const guess = { seat: event.seat, number: event.number, answer: event.answer };
      return settle({ ...view, guesses: [...view.guesses, guess] });
    }
    case "game_ended":
      return settle({
        ...view,
        phase: "over",
        secret: { numbers: [event.secret.numbers[0], event.secret.numbers[1]], salt: event.secret.salt },
        scores: [event.scores[0], event.scores[1]],
        winners: event.winners.slice(),
      });
  }
}

/** Folds events in order. */
export function foldAll(view: HighLowView, events: readonly HighLowPublicEvent[]): HighLowView {
  return events.reduce(fold, view);
}

/** The fields a view derives from its others: whom the game awaits and where each guess may lie. */
function settle(view: HighLowView): HighLowView {
  return { ...view, awaiting: awaiting(view), ranges: rangesOf(view.guesses) };
}
