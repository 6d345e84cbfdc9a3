/** What the games' belief-bar tests share: English strings for a game, a static render and its meters. */
import i18next from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { ensureBeliefStrings } from "../components/beliefs";
import { BeliefsOfRound } from "./beliefs";
import { gameOf, loadPlay } from "./registry";
import { loadGameStrings } from "./strings";
import type { GameKind } from "./types";

/** English i18n with the belief strings and `kind`'s own strings loaded. */
export async function loadBeliefStrings(kind: GameKind): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: { app: { title: "Firmament" } } } },
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
  });
  ensureBeliefStrings();
  await loadPlay(kind);
  await loadGameStrings(gameOf(kind), "en");
}

export const renderBeliefs = (props: Parameters<typeof BeliefsOfRound>[0]) =>
  renderToStaticMarkup(createElement(BeliefsOfRound, props));

/** The `<meter>` tags of rendered HTML, in order. */
export const meters = (html: string) => [...html.matchAll(/<meter [^>]*>/g)].map((m) => m[0]);
