/** The scene of the deck-1.5.0 composer (see compose.ts): the dream deck's, as that composer placed things. */
import { type Box, Scene as DeckScene, type PlacedObject } from "../../gen/scene";
import type { CardPlan } from "./types";

export { f1, f2, replaceIds } from "../../gen/scene";

/** The scene under construction; hero recipes add to it. */
export class Scene extends DeckScene<CardPlan> {
  /** Every placed object keeps its whole drawn box clear: this composer knew no sparse, soft or jointed things. */
  protected override blocking(o: PlacedObject): Box[] {
    return [o];
  }
}
