import { type SeatBelief as BotSeatBelief, explainStars } from "@firmament/bots";
import type { DreamsRoundBeliefs, DreamsView, SeatBelief } from "@firmament/dreams";
import type { Deck } from "../deck";
import { rounded } from "./rounded";

/**
 * The strongest bot's beliefs in every seat of a Dreams round, from the spectator's view of the round's
 * last state: the stars, and the vision once revealed. Null before the reveal (the vision is secret).
 */
export function dreamsBeliefs(input: unknown, deck: Deck | null): DreamsRoundBeliefs | null {
  const view = input as DreamsView;
  if (view.viewer !== "spectator" || view.me !== null || view.result === null) return null;
  const vision = view.result.secret.vision;
  const beliefs = explainStars(view, vision, (id) => {
    const map = deck?.detail.get(id);
    if (!map) throw new Error(`no detail map for card ${id} in deck ${deck?.id}`);
    return map;
  });
  const seat = (b: BotSeatBelief): SeatBelief => ({
    asMortal: b.asMortal.map(rounded),
    asGod: (b.asGod ?? []).map(rounded),
  });
  return {
    game: "dreams",
    round: view.round,
    vision,
    final: beliefs.final.map(seat),
    steps: beliefs.steps.map((step) => step.map(seat)),
  };
}
