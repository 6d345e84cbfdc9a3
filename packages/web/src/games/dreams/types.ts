import type { DreamsRoundBeliefs, DreamsTableView, PublicEvent } from "@firmament/dreams";

declare module "../types" {
  /** Dreams' view as the server sends it, its events as a viewer sees them, and a round's beliefs. */
  interface GameTypes {
    dreams: { view: DreamsTableView; event: PublicEvent; beliefs: DreamsRoundBeliefs };
  }
}
