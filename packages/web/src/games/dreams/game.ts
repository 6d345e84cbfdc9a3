import { DREAMS_TIMERS, MAX_PLAYERS, MIN_PLAYERS } from "@firmament/dreams";
import { cardImage } from "../../deck";
import type { GameRecord } from "../record";
import { DeckOptions } from "./DeckOptions";
import { listing } from "./listing";

/** Dreams, for the web client (see games/record.ts). Only the listing and the deck's form are eager. */
export const dreams: GameRecord<"dreams"> = {
  kind: "dreams",
  title: "Dreams",
  seats: { min: MIN_PLAYERS, max: MAX_PLAYERS, preset: 4 },
  timers: DREAMS_TIMERS,
  listing,
  strings: {
    en: () => import("./i18n/en").then((m) => m.en),
    de: () => import("./i18n/de").then((m) => m.de),
    fr: () => import("./i18n/fr").then((m) => m.fr),
    it: () => import("./i18n/it").then((m) => m.it),
  },
  CreateOptions: DeckOptions,
  preview: ["dream3-039", "dream3-072", "dream3-156"].map((id) => cardImage("standard", id)),
  play: () => import("./play").then((m) => m.play),
  HowToPlay: () => import("./HowToPlayDreams"),
  Showcase: () => import("./Showcase"),
  ...(import.meta.env.DEV && { Harness: () => import("./dev/Harness") }),
};
