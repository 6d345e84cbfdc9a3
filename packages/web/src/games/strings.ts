import i18next from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnyGameRecord, GameLanguage } from "./record";
import { FIXTURE_GAMES, GAMES } from "./registry";

const LANGUAGES: readonly string[] = ["en", "de", "fr", "it"] satisfies GameLanguage[];
const loaded = new Set<string>();

function isLanguage(language: string): language is GameLanguage {
  return LANGUAGES.includes(language);
}

/**
 * Every game's listing (name, blurb, pitch, credit) in one language, keyed as `<kind>.listing`: the
 * platform adds it with its own catalogue of that language.
 */
export function listingsIn(language: string): Record<string, { listing: object }> {
  const lang = isLanguage(language) ? language : "en";
  return Object.fromEntries(
    [...GAMES, ...FIXTURE_GAMES].map((game) => [game.kind, { listing: game.listing[lang] }]),
  );
}

/** Adds a game's strings for `language` (and English, the fallback) to i18next, once. */
export async function loadGameStrings(game: AnyGameRecord, language: string): Promise<void> {
  const wanted = language === "en" || !isLanguage(language) ? ["en" as const] : (["en", language] as const);
  await Promise.all(
    wanted.map(async (lang) => {
      const key = `${game.kind}/${lang}`;
      if (loaded.has(key)) return;
      const catalogue = await game.strings[lang]();
      // Deep-merged beside (never over) the platform's keys and the game's listing.
      i18next.addResourceBundle(lang, "translation", { [game.kind]: catalogue }, true, true);
      loaded.add(key);
    }),
  );
}

function hasGameStrings(game: AnyGameRecord, language: string): boolean {
  return loaded.has(`${game.kind}/${isLanguage(language) ? language : "en"}`);
}

/**
 * Makes sure a game's strings are there in the reader's language, and re-renders once they are; until
 * then `t("<kind>.…")` falls back to English (loaded before any of the game's components render).
 */
export function useGameStrings(game: AnyGameRecord): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (hasGameStrings(game, language)) return;
    let live = true;
    void loadGameStrings(game, language)
      .catch(() => undefined)
      .then(() => {
        if (live) setVersion((v) => v + 1);
      });
    return () => {
      live = false;
    };
  }, [game, language]);
}

/** Loads a game's component together with its strings in the current language. */
export function withStrings<T>(game: AnyGameRecord, load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), loadGameStrings(game, i18next.language).catch(() => undefined)]).then(
    ([module]) => module,
  );
}
