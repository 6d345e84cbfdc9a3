/** The plan of the deck-1.5.0 scene composer (see compose.ts); its scene's types are the dream deck's. */
import type { ScenePlan } from "../../gen/scene-types";
import type { HeroName } from "./heroes";

export type { Composition } from "../../gen/compose";
export {
  H,
  type IconBounds,
  type IconSource,
  type Land,
  type LandKind,
  type PlacedObject,
  type Surface,
  W,
} from "../../gen/scene-types";

export interface CardPlan extends ScenePlan {
  hero: HeroName;
  /** Props chosen by the deck planner (so it can cap repeats); the composer places them. */
  props: string[];
}
