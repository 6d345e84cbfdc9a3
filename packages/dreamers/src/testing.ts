import { mulberry32, pick, type Random, testSeed } from "@firmament/game-kit/testing";
import { SKULL_CARD } from "./decks";
import { faceUpValues, modifierOptions, nightmareValue, other } from "./rules";
import { DECLARATIONS, type DreamersAction, type DreamersState, type Seat } from "./types";

export { mulberry32, type Random, testSeed };

/**
 * A random legal action for the full state (for tests, simulation and benchmarks; bots play from views
 * instead), or null when the game is over. Not uniform over actions: a modifier that fits is played half
 * the time, and a Dreamer holding the skull accuses a quarter of the time, so that random games reach
 * every ending.
 */
export function randomLegalAction(state: DreamersState, random: Random): DreamersAction | null {
  const round = state.round;
  const first = round.first;
  switch (state.phase) {
    case "choosing":
      return {
        type: "choose_identity",
        seat: round.chooser as Seat,
        identity: random() < 0.5 ? "dreamer" : "master",
      };
    case "first_play":
      return {
        type: "play_dream",
        seat: first,
        card: pick(round.hands[first] as string[], random),
        declaration: pick(DECLARATIONS, random),
      };
    case "second_play": {
      const seat = other(first);
      return { type: "play_dream", seat, card: pick(round.hands[seat] as string[], random) };
    }
    case "modify_first":
    case "modify_second": {
      const seat = state.phase === "modify_first" ? first : other(first);
      const faceUp = faceUpValues(round) as [number, number];
      const options = modifierOptions(round.hands[seat] as string[], faceUp, nightmareValue(round) as number);
      if (options.length === 0 || random() < 0.5) return { type: "pass", seat };
      return { type: "modify", seat, ...pick(options, random) };
    }
    case "closing": {
      const canAccuse = round.identities?.[first] === "dreamer" && round.hands[first]?.includes(SKULL_CARD);
      return canAccuse && random() < 0.25
        ? { type: "accuse", seat: first }
        : { type: "end_turn", seat: first };
    }
    case "round_over":
      return { type: "ready", seat: round.ready.indexOf(false) };
    case "over":
      return null;
  }
}
