import { readFile } from "node:fs/promises";
import {
  type CardManifest,
  cardImagePath,
  type DetailMap,
  deckEditions,
  standardDeck,
} from "@firmament/cards";
import type { DeckResponse } from "./protocol";

/**
 * Every edition of the standard deck, the current one first. A table keeps the edition its match was
 * dealt from (its card ids tell which), so a game started before an upgrade ends with its own pictures.
 */
export function loadStandardDecks(onFallback?: (reason: string) => void, current?: number): Deck[] {
  const editions = deckEditions();
  const now = current ?? editions.find((e) => e.current)?.edition;
  const older = editions
    .filter((e) => e.edition !== now)
    .reverse()
    .map((e) => loadStandardDeck(onFallback, e.edition));
  return [loadStandardDeck(onFallback, now), ...older];
}

/** What the server needs of a deck: card ids for the engine, alt texts for clients, images, detail maps for bots. */
export interface Deck {
  kind: "standard" | "custom";
  /** `standard`, or the custom deck's id. */
  id: string;
  version: string;
  /** Custom decks: the name given at upload; "" for the standard deck. */
  name: string;
  createdAt: number | null;
  ids: string[];
  alt: Map<string, Record<string, string>>;
  /** Per card id: the detail map bots read (opaque to the server). */
  detail: Map<string, DetailMap>;
  /** The card's WebP image (`thumb`: the small preview, custom decks only), or null if the id is unknown. */
  image(id: string, size?: "full" | "thumb"): Promise<Uint8Array | null>;
}

/**
 * Where clients find a card's image. A standard card's URL carries the deck's version, so browsers may
 * keep it a year (a new deck is new URLs); a custom deck's never changes under its id.
 */
export function cardImageUrl(deck: Pick<Deck, "kind" | "id" | "version">, cardId: string): string {
  return deck.kind === "standard"
    ? `/cards/${cardId}.webp?v=${encodeURIComponent(deck.version)}`
    : `/api/decks/${deck.id}/cards/${cardId}`;
}

/** The deck as clients see it: ids, image URLs and alt texts (never the detail maps). */
export function deckResponse(deck: Deck): DeckResponse {
  return {
    id: deck.id,
    version: deck.version,
    ...(deck.kind === "custom" && { name: deck.name, createdAt: deck.createdAt ?? 0 }),
    cards: deck.ids.map((id) => ({
      id,
      image: cardImageUrl(deck, id),
      ...(deck.kind === "custom" && { thumb: `/api/decks/${deck.id}/thumbs/${id}` }),
      alt: deck.alt.get(id) ?? {},
    })),
  };
}

/** A neutral moon on a night sky, shown while the real deck is not available. */
const PLACEHOLDER_WEBP = Buffer.from(
  "UklGRrgDAABXRUJQVlA4IKwDAADwIgCdASrwAGgBPrVaq1AnJSQiodQ4KOAWiWdu4XYBDN/aojdcID0Y7azngNN5p4XibYDKB4D6U2aX5NBWtGaUY0up5yRBL00up5l4vTS6nmXi9NLqeZeL00up5l4vTS6nmXi9NLqeGEq/KTHji1wxktS6nmVOpe6qcnUIEjo+tp1S6nl7X7QposGxaApXugxpcS+pbpcG1snMppdTzKkK9UNgEQ9mpOlYUAVSPOb6nhhg4VWFIn+ZrJT56MNDkRAaTL+YI3Hby8XpQ6doB37NAIVfutcPBeNt2KUXppdrZKl7zLxeml1PMvF6aXU8y8XppdTzLxeml1PMvF6aXU8y8XppdTzLxeml1PMvF6aXU8y8XppdTzLxeml1PMvF5QAA/v8yjeB6xGpgwnXCN+whG/YQjfsIRv2BDgAgBwbUrd+AAC51HFo2kATs1ftuHYy1o0IPd8/85xPmPAxANXGpS5pfmRV6TpFj9DmcNTe/cafJtWPGGnRrE6Z/AfHREBNG4LEt93vknUndR0z//swm/orpz6wLb5Ny9hGwv41TF7gabHY1/mhRYU7NRgT7m3ohsaFiFinE0L7Yic/gLCRhKyrTqd/TIq8LCIrzFJJLeJcAGnWyfRPbRIwlBBlpE9LhjDNLp91Em4lCnHbCYVggAyHB7vJI8ksj87ziXZLtKgkF1rhKGG3T9vW/gSrK4YfpcDPgFz8t7HNSGIsavz57m1UiZ4+HJAOjVMhiuHhy4LHjVcac6ugmuXfGMEEjxmTkuv6VhRT0opelSb42l+koKHjBJ3/d8tqjuiFex4k+Ya5Af5DRoim78gKp/fiFa4i1kdNjtRHjqy1H/JXv/UmyT7dgtTxEwWBSCdCAZPHmRaeNCMLPg5W6nLjjd69mQ/vQwDtEbA7L2uHtzx1unInNkkn51CTiTYsqPg8PFIskXAGBESuLK31a63EEPdw5H56fLJf68MGSA6hGhwBUBx6TB+oM2tKAlO8jgSre334xhWp9p2qkeAj22MvEUxNpK2iLrBe6ck3l4931kufzVLIM8j4mQAZ73jQ5dfel8W0vZw7Rug2B9PD5uKGdzQUUxgJvRXSgKlYqyke1+uBo3YnnUYxTyuEhFs7QG2u+nn5e7saFn0X6QTIOWehXu3WyfdFTBbU1ZMw4Bq9WjNYwcAeHxL8cng/IyQN5bT1PtZF/evYHBCY7IeUD1Dc8g3j2O532W9VJjnRiHHWE55obwvku8AAAAAAAAAAAAAAA",
  "base64",
);

/**
 * The standard deck from @firmament/cards — the current edition unless `edition` is given; 96
 * placeholder cards if its generated files are missing.
 */
export function loadStandardDeck(onFallback?: (reason: string) => void, edition?: number): Deck {
  try {
    const deck = standardDeck(edition);
    return fromCards(deck, (id) => cardImagePath(id, deck.edition));
  } catch (error) {
    onFallback?.(`standard deck unavailable (${(error as Error).message}); using placeholder cards`);
    return placeholderDeck();
  }
}

function fromCards(
  deck: { version: string; cards: CardManifest[] },
  imagePath: (id: string) => string,
): Deck {
  const ids = deck.cards.map((c) => c.id);
  const known = new Set(ids);
  return {
    kind: "standard",
    id: "standard",
    version: deck.version,
    name: "",
    createdAt: null,
    ids,
    alt: new Map(deck.cards.map((c) => [c.id, c.alt])),
    detail: new Map(deck.cards.map((c) => [c.id, c.detail])),
    async image(id, size = "full") {
      if (!known.has(id) || size !== "full") return null;
      try {
        return await readFile(imagePath(id));
      } catch {
        return null;
      }
    },
  };
}

function placeholderDeck(): Deck {
  const ids = Array.from({ length: 96 }, (_, i) => `placeholder-${String(i + 1).padStart(2, "0")}`);
  const known = new Set(ids);
  return {
    kind: "standard",
    id: "standard",
    version: "placeholder-1",
    name: "",
    createdAt: null,
    ids,
    alt: new Map(
      ids.map((id, i) => [
        id,
        {
          en: `Placeholder card ${i + 1}`,
          de: `Platzhalterkarte ${i + 1}`,
          fr: `Carte provisoire ${i + 1}`,
          it: `Carta provvisoria ${i + 1}`,
        },
      ]),
    ),
    detail: new Map(),
    async image(id, size = "full") {
      return known.has(id) && size === "full" ? PLACEHOLDER_WEBP : null;
    },
  };
}
