import { type DreamsEvent, dreams, dreamsRecorder, revealedSecret } from "@firmament/dreams";
import { deckChoiceSchema } from "@firmament/protocol/schemas";
import { z } from "zod";
import { dreamsBeliefs } from "./dreams-beliefs";
import { createSeatBot } from "./dreams-bot";
import { dreamsTutorialFits, searchSeed } from "./tutorial-seeds";
import type { ServerGame } from "./types";

/** Dreams on the server: a deck of pictures, bots that read the cards' detail maps. */
export const dreamsGame: ServerGame = {
  kind: "dreams",
  rules: dreams,
  title: "Dreams",
  usesDeck: true,
  tableOptions: {
    seats: z.number().int().min(dreams.seats.min).max(dreams.seats.max),
    deck: deckChoiceSchema,
  },
  vocabularyCodes: new Set([
    "star/unknown_kind",
    "star/not_finite",
    "guess/unknown_colour",
    "guess/image_out_of_range",
  ]),
  readyPhases: new Set(["reveal"]),
  scores: (view) => [...(view as { scores: number[] }).scores],
  // Dreams' state keeps only the current round: the table keeps every revealed round's secret.
  history: {
    entry: (event) => {
      const e = event as DreamsEvent;
      return e.type === "round_revealed" ? revealedSecret(e.result.secret) : null;
    },
    addTo: (view, entries) => ({ ...(view as object), revealed: entries.slice() }),
  },
  beliefs: dreamsBeliefs,
  setupFor: ({ colours, deck }) => ({ colours, deck: deck ? deck.ids.slice() : [] }),
  recorder: dreamsRecorder,
  deckTag: (deck) => {
    if (!deck) return "unknown";
    return deck.kind === "standard" ? `standard@${deck.version}` : `custom:${deck.id}`;
  },
  // three seats: the shortest rounds, so each lesson comes soon
  tutorial: {
    seats: 3,
    seed: (setup, fresh) => searchSeed(fresh, (seed) => dreamsTutorialFits(setup, seed)),
  },
  bot(level, seed, deck, onFailure) {
    return createSeatBot(
      level,
      seed,
      (id) => {
        const map = deck?.detail.get(id);
        if (!map) throw new Error(`no detail map for card ${id} in deck ${deck?.id}`);
        return map;
      },
      onFailure,
    );
  },
};
