import type { CardManifest } from "@firmament/cards/types";
import type { Deck } from "../deck";
import type { DeckChoice } from "../protocol";
import type { DeckRow, Store } from "../store/types";

export interface LibraryOptions {
  /** Custom decks whose manifests stay in memory (a 100-card deck's detail maps take about 1.4 MB). */
  maxDecks?: number;
  /** Bytes of custom card images kept in memory for serving. */
  imageCacheBytes?: number;
}

/**
 * Every deck this process can deal from: the standard deck, and custom decks loaded from the store on
 * demand (so any server process, and a restarted one, can serve a deck uploaded elsewhere). Custom decks
 * never change once stored, so caching them needs no invalidation.
 */
export class DeckLibrary {
  private readonly decks = new Map<string, Deck>();
  private readonly loading = new Map<string, Promise<Deck | null>>();
  private readonly images = new Map<string, Uint8Array>();
  private imageBytes = 0;
  private readonly maxDecks: number;
  private readonly imageCacheBytes: number;

  constructor(
    private readonly store: Store,
    readonly standard: Deck,
    options: LibraryOptions = {},
  ) {
    this.maxDecks = options.maxDecks ?? 16;
    this.imageCacheBytes = options.imageCacheBytes ?? 32 * 1024 * 1024;
  }

  /** The deck a table plays with, or null if that custom deck does not exist. */
  get(choice: DeckChoice): Promise<Deck | null> {
    return choice === "standard" ? Promise.resolve(this.standard) : this.custom(choice.custom);
  }

  async custom(id: string): Promise<Deck | null> {
    const cached = this.decks.get(id);
    if (cached) {
      this.decks.delete(id);
      this.decks.set(id, cached);
      return cached;
    }
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.store
        .loadDeck(id)
        .then((found) => (found ? this.remember(found.deck, found.manifests) : null))
        .finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** Builds the in-memory deck from its stored row and manifests and caches it. */
  remember(row: DeckRow, manifests: CardManifest[]): Deck {
    const deck: Deck = {
      kind: "custom",
      id: row.id,
      version: "1",
      name: row.name,
      createdAt: row.createdAt,
      ids: manifests.map((m) => m.id),
      alt: new Map(manifests.map((m) => [m.id, m.alt])),
      detail: new Map(manifests.map((m) => [m.id, m.detail])),
      image: (cardId, size = "full") => this.image(row.id, cardId, size),
    };
    this.decks.set(row.id, deck);
    while (this.decks.size > this.maxDecks) this.decks.delete(this.decks.keys().next().value as string);
    return deck;
  }

  /** A custom card's image, from memory when it was asked for recently. */
  async image(deckId: string, cardId: string, size: "full" | "thumb"): Promise<Uint8Array | null> {
    const key = `${deckId}/${cardId}/${size}`;
    const hit = this.images.get(key);
    if (hit) {
      this.images.delete(key);
      this.images.set(key, hit);
      return hit;
    }
    const bytes = await this.store.loadCardImage(deckId, cardId, size);
    if (!bytes || bytes.length > this.imageCacheBytes / 8) return bytes;
    this.images.set(key, bytes);
    this.imageBytes += bytes.length;
    for (const [k, v] of this.images) {
      if (this.imageBytes <= this.imageCacheBytes) break;
      this.images.delete(k);
      this.imageBytes -= v.length;
    }
    return bytes;
  }
}
