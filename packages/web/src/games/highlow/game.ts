import { SEATS } from "@firmament/highlow";
import type { GameRecord } from "../record";
import { listing } from "./listing";

/**
 * High-Low, the test fixture (packages/highlow), for the web client: offered only when the server lists
 * it (`GET /api/games`), never in the landing's introduction or the how-to-play menu. No turn timers.
 */
export const highlow: GameRecord<"highlow"> = {
  kind: "highlow",
  title: "High-Low",
  fixture: true,
  seats: { min: SEATS, max: SEATS, preset: SEATS },
  timers: { relaxed: {}, fast: {} },
  listing,
  strings: {
    en: () => import("./i18n/en").then((m) => m.en),
    de: () => import("./i18n/de").then((m) => m.de),
    fr: () => import("./i18n/fr").then((m) => m.fr),
    it: () => import("./i18n/it").then((m) => m.it),
  },
  play: () => import("./play").then((m) => m.play),
  HowToPlay: () => import("./HowToPlayHighLow"),
};
