import type { HighLowPublicEvent, HighLowView } from "@firmament/highlow";

declare module "../types" {
  /** High-Low's view and its events as a viewer sees them; it has no bot beliefs. */
  interface GameTypes {
    highlow: { view: HighLowView; event: HighLowPublicEvent; beliefs: never };
  }
}
