import { illegality, parseAction, type Table } from "./rules";
import type { DreamersAction, Identity, RuleError, Target } from "./types";
import type { DreamersLegalAction, DreamersView } from "./view-types";

const IDENTITIES: readonly Identity[] = ["dreamer", "master"];
const TARGETS: readonly Target[] = ["first", "second"];

/** The legality facts a view holds: public ones and the viewer's own identity and hand. */
export function tableOfView(view: DreamersView): Table {
  const [first, second] = view.plays;
  const faceUp =
    first?.faceUp && first.card && second?.card ? ([first.card.value, second.card.value] as const) : null;
  return {
    phase: view.phase,
    first: view.first,
    chooser: view.chooser,
    nightmare: view.nightmare?.value ?? null,
    faceUp,
    ready: view.ready,
    known: view.me
      ? { seat: view.me.seat, identity: view.me.identity, hand: view.me.hand.map((card) => card.id) }
      : null,
  };
}

/**
 * What the viewer may do now, from their view alone: nothing for a spectator or a seat not awaited.
 * `modify` lists only the (card, target) pairs that make the sum exact; `accuse` appears only for a
 * Dreamer holding the skull as first player at the end of a turn. `pass` and `end_turn` are always
 * offered in their steps, so the other player learns nothing from the wait.
 */
export function legalActions(view: DreamersView): DreamersLegalAction[] {
  const me = view.me;
  if (!me || !view.awaiting.includes(me.seat)) return [];
  const seat = me.seat;
  const table = tableOfView(view);
  const hand = me.hand.map((card) => card.id);
  switch (view.phase) {
    case "choosing":
      return [{ type: "choose_identity", seat, identities: IDENTITIES.slice() }];
    case "first_play":
    case "second_play":
      return [{ type: "play_dream", seat, cards: hand, declare: seat === view.first }];
    case "modify_first":
    case "modify_second": {
      const options = hand.flatMap((card) =>
        TARGETS.filter((target) => illegality(table, { type: "modify", seat, card, target }) === null).map(
          (target) => ({ card, target }),
        ),
      );
      const pass: DreamersLegalAction = { type: "pass", seat };
      return options.length > 0 ? [{ type: "modify", seat, options }, pass] : [pass];
    }
    case "closing": {
      const actions: DreamersLegalAction[] = [];
      if (illegality(table, { type: "accuse", seat }) === null) actions.push({ type: "accuse", seat });
      actions.push({ type: "end_turn", seat });
      return actions;
    }
    case "round_over":
      return [{ type: "ready", seat }];
    case "over":
      return [];
  }
}

/**
 * Why the viewer's action would be refused, or null if `apply` would accept it. The same rule code as
 * `apply` (`illegality`), on the facts of the view, so clients and bots never re-implement legality.
 */
export function checkAction(view: DreamersView, input: unknown): RuleError | null {
  if (view.phase === "over") return { code: "action/game_over", message: "The game is over." };
  const parsed = parseAction(input);
  if (!parsed.ok) return parsed.error;
  const action: DreamersAction = parsed.value;
  if (!view.me || view.me.seat !== action.seat)
    return { code: "action/not_your_seat", message: "You can only act for your own seat." };
  return illegality(tableOfView(view), action);
}
