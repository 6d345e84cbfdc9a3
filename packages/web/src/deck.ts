import type { DeckChoice, DeckResponse } from "@firmament/protocol";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "./api";

interface Loaded {
  name: string | null;
  alts: Map<string, Record<string, string>>;
}
const cache = new Map<string, Promise<Loaded>>();

const keyOf = (choice: DeckChoice) => (choice === "standard" ? "standard" : choice.custom);

function loadDeck(choice: DeckChoice): Promise<Loaded> {
  const key = keyOf(choice);
  let pending = cache.get(key);
  if (!pending) {
    pending = api
      .deck(choice)
      .then((deck: DeckResponse) => ({
        name: deck.name ?? null,
        alts: new Map(deck.cards.map((c) => [c.id, c.alt])),
      }))
      .catch(() => {
        cache.delete(key);
        return { name: null, alts: new Map() };
      });
    cache.set(key, pending);
  }
  return pending;
}

/** Set at build time; outside a vite build (unit tests) the unversioned URL, which the server also serves. */
const STANDARD_VERSION = typeof __STANDARD_DECK_VERSION__ === "string" ? __STANDARD_DECK_VERSION__ : "";

/**
 * Where a card's image is; the same rule as the server's deck manifest, so no manifest is needed first.
 * Standard cards carry the deck's version, so the browser keeps them for a year and a new deck is new URLs.
 */
export function cardImage(choice: DeckChoice, id: string): string {
  return choice === "standard"
    ? `/cards/${encodeURIComponent(id)}.webp${STANDARD_VERSION ? `?v=${encodeURIComponent(STANDARD_VERSION)}` : ""}`
    : `/api/decks/${encodeURIComponent(choice.custom)}/cards/${encodeURIComponent(id)}`;
}

export interface CardLookup {
  /** A custom deck's name as the host gave it (render as text), once loaded; null otherwise. */
  name: string | null;
  /** Alt text in the current language (from the deck manifest), with a neutral fallback. */
  altOf(id: string): string;
  /** URL of the card's image; only the cards on screen are ever loaded. */
  imageOf(id: string): string;
  /** The deck's card ids in its manifest's order, once loaded (empty until then). */
  ids: string[];
}

/** Alt texts and image URLs of the cards of a table's deck (the standard deck or a custom one). */
export function useDeck(choice: DeckChoice | null): CardLookup {
  const { t, i18n } = useTranslation();
  const [deck, setDeck] = useState<Loaded>({ name: null, alts: new Map() });
  const key = choice === null ? null : keyOf(choice);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the deck is identified by its key
  useEffect(() => {
    if (choice === null) return;
    let live = true;
    void loadDeck(choice).then((loaded) => live && setDeck(loaded));
    return () => {
      live = false;
    };
  }, [key]);
  return {
    name: deck.name,
    altOf(id) {
      const alt = deck.alts.get(id);
      return alt?.[i18n.language] ?? alt?.en ?? t("app.loading");
    },
    imageOf: (id) => cardImage(choice ?? "standard", id),
    ids: [...deck.alts.keys()],
  };
}
