import type { DreamersPublicEvent, DreamersView } from "@firmament/dreamers";
import type { DreamsTableView, PublicEvent } from "@firmament/dreams";
import type { ViewPush } from "../src/protocol";

/** Each game's `view` push as these tests read it; the protocol's own is any game's. */
export type PushOf<K extends "dreams" | "dreamers"> = {
  dreams: ViewPush<DreamsTableView, PublicEvent>;
  dreamers: ViewPush<DreamersView, DreamersPublicEvent>;
}[K];
