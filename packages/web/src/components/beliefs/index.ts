export { argMax, BeliefBar, BeliefGroup, BeliefLegend, percentOf, useBeliefT } from "./Bar";
export { BELIEF_STRINGS, type BeliefStrings, ensureBeliefStrings } from "./strings";
export {
  type BeliefsState,
  type MatchBeliefsState,
  useMatchBeliefs,
  useRoundBeliefs,
} from "./useRoundBeliefs";
