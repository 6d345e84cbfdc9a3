import { guarded } from "@firmament/game-kit";
import { illegality, readAction, starsLeft, type Table } from "./rules";
import type { DreamsAction, EngineError, Guess, ImageNumber, Seat, StarKind } from "./types";
import type { DreamsView } from "./view";

/** What the viewer may do now. Star positions are continuous: test a spot with `checkAction`. */
export type LegalAction =
  | { type: "place_star"; seat: Seat; kinds: StarKind[] }
  | { type: "guess"; seat: Seat; guesses: Guess[] }
  | { type: "ready"; seat: Seat };

const IMAGES: ImageNumber[] = [1, 2, 3, 4];

/** The legality facts a view holds. Other seats' roles are unknown to it. */
export function tableOfView(view: DreamsView): Table {
  return {
    phase: view.phase,
    colours: view.colours,
    dealer: view.dealer,
    stars: view.stars,
    guessed: view.guessed,
    ready: view.ready,
    known: view.me ? { seat: view.me.seat, role: view.me.role } : null,
  };
}

export function legalActions(view: DreamsView): LegalAction[] {
  const me = view.me;
  if (!me) return [];
  const seat = me.seat;
  switch (view.phase) {
    case "placing":
      return view.turn === seat ? [{ type: "place_star", seat, kinds: starsLeft(view.stars, seat) }] : [];
    case "guessing": {
      if (view.guessed[seat]) return [];
      const guesses: Guess[] =
        me.role === "mortal"
          ? IMAGES.map((image) => ({ image }))
          : view.colours.filter((_, s) => s !== seat).map((colour) => ({ colour }));
      return [{ type: "guess", seat, guesses }];
    }
    case "reveal":
      return view.ready[seat] ? [] : [{ type: "ready", seat }];
    case "over":
      return [];
  }
}

/**
 * Why the viewer's action would be refused, or null if the engine will accept it. Uses the same rules
 * as `apply`, so a client or bot never re-implements legality. Never throws: an input that throws when
 * read (a getter, a Proxy, a revoked Proxy) is `action/malformed`.
 */
export function checkAction(view: DreamsView, input: unknown): EngineError | null {
  const checked = guarded<null>(() => {
    const problem = problemOf(view, input);
    return problem ? { ok: false, error: problem } : { ok: true, value: null };
  });
  return checked.ok ? null : checked.error;
}

function problemOf(view: DreamsView, input: unknown): EngineError | null {
  const parsed = readAction(input);
  if (!parsed.ok) return parsed.error;
  const action: DreamsAction = parsed.value;
  if (!view.me || view.me.seat !== action.seat)
    return { code: "action/not_your_seat", message: "You can only act for your own seat." };
  return illegality(tableOfView(view), action);
}
