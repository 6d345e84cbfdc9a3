import i18next from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DreamersCatalogue, en } from "./en";

/** English is bundled with Dreamers' code; the other languages are fetched when they are needed. */
const LOADERS: Record<string, () => Promise<DreamersCatalogue>> = {
  de: () => import("./de").then((m) => m.de),
  fr: () => import("./fr").then((m) => m.fr),
  it: () => import("./it").then((m) => m.it),
};

const loaded = new Set<string>();

function add(language: string, catalogue: DreamersCatalogue): void {
  // Deep-merged into the shared namespace, beside (never over) the platform's own keys.
  i18next.addResourceBundle(language, "translation", { dreamers: catalogue }, true, true);
  loaded.add(language);
}

function has(language: string): boolean {
  return loaded.has(language) || !(language in LOADERS);
}

/** Adds Dreamers' strings for `language` (and English, the fallback) to i18next. */
export async function loadDreamersStrings(language: string): Promise<void> {
  if (!loaded.has("en")) add("en", en);
  const loader = LOADERS[language];
  if (!loader || loaded.has(language)) return;
  add(language, await loader());
}

/**
 * Makes sure Dreamers' strings are loaded for the current language, and re-renders once they are. Until
 * then `t("dreamers.…")` falls back to English, which is always there.
 */
export function useDreamersStrings(): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  if (!loaded.has("en")) add("en", en);
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (has(language)) return;
    let live = true;
    void loadDreamersStrings(language)
      .catch(() => undefined)
      .then(() => {
        if (live) setVersion((v) => v + 1);
      });
    return () => {
      live = false;
    };
  }, [language]);
}
