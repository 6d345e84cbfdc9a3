import type { ComponentType } from "react";
import type { BeliefsProps } from "./record";
import { usePlay } from "./registry";
import type { RoundBeliefs } from "./types";

/**
 * The bot's beliefs for one round of any game, for a replay page: `step` is how far into the round the
 * replay is, in the game's own steps (its record's `beliefStep`) — the bars move as the replay steps;
 * without it, the beliefs at the round's end. Get `beliefs` from `useMatchBeliefs` (components/beliefs).
 * Suspends until the game's code is loaded.
 */
export function BeliefsOfRound({
  beliefs,
  step,
  nameOf,
  colours,
  headingLevel = 3,
}: {
  beliefs: RoundBeliefs;
  step?: number;
  nameOf: (seat: number) => string;
  /** The seats' colours, by seat (for games that draw them). */
  colours: readonly string[];
  headingLevel?: 2 | 3;
}) {
  const { Beliefs } = usePlay(beliefs.game) as { Beliefs: ComponentType<BeliefsProps> };
  return (
    <Beliefs
      beliefs={beliefs}
      nameOf={nameOf}
      colours={colours}
      headingLevel={headingLevel}
      {...(step !== undefined && { step })}
    />
  );
}
