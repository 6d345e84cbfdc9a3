import { DREAMERS_TIMERS, dreamersFaceUrl, SEATS } from "@firmament/dreamers";
import type { GameRecord } from "../record";
import { listing } from "./listing";

/** Dreamers, for the web client (see games/record.ts). Only the listing is eager. */
export const dreamers: GameRecord<"dreamers"> = {
  kind: "dreamers",
  title: "Dreamers",
  seats: { min: SEATS, max: SEATS, preset: SEATS },
  timers: DREAMERS_TIMERS,
  listing,
  preview: ["identity-dreamer", "nightmare-15", "identity-master"].map(dreamersFaceUrl),
  strings: {
    en: () => import("./i18n/en").then((m) => m.en),
    de: () => import("./i18n/de").then((m) => m.de),
    fr: () => import("./i18n/fr").then((m) => m.fr),
    it: () => import("./i18n/it").then((m) => m.it),
  },
  play: () => import("./play").then((m) => m.play),
  HowToPlay: () => import("./HowToPlayDreamers"),
  ...(import.meta.env.DEV && { Harness: () => import("./dev/Harness") }),
};
