import { DREAMERS_FACES_VERSION, dreamersFacePath } from "@firmament/cards";
import { dreamers, dreamersRecorder } from "@firmament/dreamers";
import { z } from "zod";
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
  // always both seats: `seats` may be left out
  tableOptions: { seats: z.literal(dreamers.seats.max).default(dreamers.seats.max) },
  faces: { version: DREAMERS_FACES_VERSION, path: facePath },
  vocabularyCodes: new Set(["identity/unknown", "declaration/unknown", "modify/unknown_target"]),
  readyPhases: new Set(["round_over"]),
  scores: (view) => [...(view as { scores: number[] }).scores],
  beliefs: dreamersBeliefs,
  setupFor: () => ({}),
  recorder: dreamersRecorder,
  // Dreamers is played with its own cards, always the same
  deckTag: () => "dreamers-standard",
  tutorial: { seats: 2, seed: (_setup, fresh) => searchSeed(fresh, dreamersTutorialFits) },
  bot: createDreamersSeatBot,
};

/** The file of a card face, or null if `id` names none. */
function facePath(id: string): string | null {
  try {
    return dreamersFacePath(id);
  } catch {
    return null;
  }
}
