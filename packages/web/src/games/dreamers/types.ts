import type {
  DreamersAction,
  DreamersPublicEvent,
  DreamersRoundBeliefs,
  DreamersView,
} from "@firmament/dreamers";
import type { ClientActionOf } from "@firmament/protocol";

declare module "../types" {
  /** Dreamers' view, its events as a viewer sees them, and a round's beliefs. */
  interface GameTypes {
    dreamers: { view: DreamersView; event: DreamersPublicEvent; beliefs: DreamersRoundBeliefs };
  }
}

/** A Dreamers action as this client sends it. */
export type DreamersClientAction = ClientActionOf<DreamersAction>;
