import { DreamersBeliefs } from "./dreamers/Beliefs";
import { DreamsBeliefs } from "./dreams/Beliefs";
import type { RoundBeliefs } from "./types";

/**
 * The bot's beliefs for one round of either game, for a replay page: `step` is the number of stars
 * (Dreams) or turns (Dreamers) played so far — the bars move as the replay steps; without it, the
 * beliefs at the round's end. Get `beliefs` from `useMatchBeliefs` (components/beliefs).
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
  /** The seats' colours (Dreams); unused by Dreamers. */
  colours: readonly string[];
  headingLevel?: 2 | 3;
}) {
  return beliefs.game === "dreams" ? (
    <DreamsBeliefs
      beliefs={beliefs}
      nameOf={nameOf}
      colours={colours}
      headingLevel={headingLevel}
      {...(step !== undefined && { step })}
    />
  ) : (
    <DreamersBeliefs
      beliefs={beliefs}
      nameOf={nameOf}
      headingLevel={headingLevel}
      {...(step !== undefined && { step })}
    />
  );
}
