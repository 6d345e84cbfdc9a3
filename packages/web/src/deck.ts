import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "./api";

let cache: Promise<Map<string, Record<string, string>>> | null = null;

function loadAlts(): Promise<Map<string, Record<string, string>>> {
  if (!cache)
    cache = api
      .deck()
      .then((deck) => new Map(deck.cards.map((c) => [c.id, c.alt])))
      .catch(() => {
        cache = null;
        return new Map();
      });
  return cache;
}

/** Alt text for a card in the current language (from the deck manifest), with a neutral fallback. */
export function useCardAlt(): (id: string) => string {
  const { t, i18n } = useTranslation();
  const [alts, setAlts] = useState<Map<string, Record<string, string>>>(new Map());
  useEffect(() => {
    let live = true;
    void loadAlts().then((map) => live && setAlts(map));
    return () => {
      live = false;
    };
  }, []);
  return (id: string) => {
    const alt = alts.get(id);
    return alt?.[i18n.language] ?? alt?.en ?? t("app.loading");
  };
}
