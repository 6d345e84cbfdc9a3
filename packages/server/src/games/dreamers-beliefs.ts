import { explainTurns } from "@firmament/bots/dreamers";
import type { DreamersRoundBeliefs, DreamersView } from "@firmament/dreamers";
import { rounded } from "./rounded";

/**
 * The oracle Dreamer's belief, per seat and turn, that the other was the Master, from the spectator's
 * view of the round's last state (public plays only). Null until the round has ended.
 */
export function dreamersBeliefs(input: unknown): DreamersRoundBeliefs | null {
  const view = input as DreamersView;
  if (view.viewer !== "spectator" || view.me !== null || view.result === null) return null;
  const beliefs = explainTurns(view);
  return {
    game: "dreamers",
    round: view.round,
    seats: [beliefs.seats[0].map(rounded), beliefs.seats[1].map(rounded)],
  };
}
