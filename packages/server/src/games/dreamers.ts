import { dreamers, dreamersRecorder } from "@firmament/dreamers";
import { dreamersActionSchema } from "@firmament/protocol/schemas";
import { dreamersBeliefs } from "./dreamers-beliefs";
import { createDreamersSeatBot } from "./dreamers-bot";
import { dreamersTutorialFits, searchSeed } from "./tutorial-seeds";
import type { ServerGame } from "./types";

/** Dreamers on the server: two seats, no deck; its setup needs nothing but the seed. */
export const dreamersGame: ServerGame = {
  kind: "dreamers",
  rules: dreamers,
  title: "Dreamers",
  usesDeck: false,
  actionSchema: dreamersActionSchema,
  readyPhases: new Set(["round_over"]),
  beliefs: dreamersBeliefs,
  setupFor: () => ({}),
  recorder: dreamersRecorder,
  // Dreamers is played with its own cards, always the same
  deckTag: () => "dreamers-standard",
  tutorial: { seats: 2, seed: (_setup, fresh) => searchSeed(fresh, dreamersTutorialFits) },
  bot: createDreamersSeatBot,
};
