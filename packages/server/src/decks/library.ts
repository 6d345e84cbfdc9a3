import type { CardManifest } from "@firmament/cards/types";
import type { Deck } from "../deck";
import type { DeckChoice } from "../protocol";
import type { DeckRow, Store } from "../store/types";

export interface LibraryOptions {
  /** The standard deck's older editions, for tables still playing a match dealt from one. */
  olderEditions?: readonly Deck[];
  /** Custom decks whose manifests stay in memory (a 100-card deck's detail maps take about 1.4 MB). */
  maxDecks?: number;
  /** Bytes of custom card images kept in memory for serving. */
  imageCacheBytes?: number;
  /** How long a cached deck is served before the store is asked whether it still exists. Default 5 min. */
  recheckMs?: number;
  now?: () => number;
}

/**
 * Every deck this process can deal from: the standard deck, and custom decks loaded from the store on
 * demand (so any server process, and a restarted one, can serve a deck uploaded elsewhere). Custom decks
 * never change once stored, but they can be removed: this process's sweep calls `forget`, and a deck
 * cached longer than `recheckMs` is looked up again (another process may have removed it).
 */
export class DeckLibrary {
  private readonly decks = new Map<string, { deck: Deck; checkedAt: number }>();
  private readonly loading = new Map<string, Promise<Deck | null>>();
  private readonly images = new Map<string, Uint8Array>();
  private imageBytes = 0;
  private readonly maxDecks: number;
  private readonly imageCacheBytes: number;
  private readonly recheckMs: number;
  private readonly now: () => number;

  /** Every edition of the standard deck, the current one first. */
  private readonly standards: readonly Deck[];

  /** `standard` is the standard deck's current edition, which new tables are dealt from. */
  constructor(
    private readonly store: Store,
    readonly standard: Deck,
    options: LibraryOptions = {},
  ) {
    this.standards = [standard, ...(options.olderEditions ?? [])];
    this.maxDecks = options.maxDecks ?? 16;
    this.imageCacheBytes = options.imageCacheBytes ?? 32 * 1024 * 1024;
    this.recheckMs = options.recheckMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Stops serving these decks from memory (they were removed from the store). */
  forget(ids: Iterable<string>): void {
    for (const id of ids) {
      this.decks.delete(id);
      for (const [key, bytes] of this.images)
        if (key.startsWith(`${id}/`)) {
          this.images.delete(key);
          this.imageBytes -= bytes.length;
        }
    }
  }

  /** The edition of the standard deck that holds this card (a match's cards tell its edition), or null. */
  standardHolding(cardId: string): Deck | null {
    return this.standards.find((deck) => deck.ids.includes(cardId)) ?? null;
  }

  /** A standard card's image, whatever its edition; null if no edition has it. */
  standardImage(cardId: string): Promise<Uint8Array | null> {
    return this.standardHolding(cardId)?.image(cardId) ?? Promise.resolve(null);
  }

  /** The deck a table plays with, or null if that custom deck does not exist. */
  get(choice: DeckChoice): Promise<Deck | null> {
    return choice === "standard" ? Promise.resolve(this.standard) : this.custom(choice.custom);
  }

  async custom(id: string): Promise<Deck | null> {
    const cached = this.decks.get(id);
    if (cached) {
      if (this.now() - cached.checkedAt > this.recheckMs) {
        // one small row tells whether the deck is still stored
        const first = cached.deck.ids[0];
        const still = first !== undefined && (await this.store.loadCardImage(id, first, "thumb")) !== null;
        if (!still) {
          this.forget([id]);
          return null;
        }
        cached.checkedAt = this.now();
      }
      this.decks.delete(id);
      this.decks.set(id, cached);
      return cached.deck;
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
    this.decks.set(row.id, { deck, checkedAt: this.now() });
    while (this.decks.size > this.maxDecks) this.decks.delete(this.decks.keys().next().value as string);
    return deck;
  }

  /** A custom card's image, from memory when it was asked for recently. */
  async image(deckId: string, cardId: string, size: "full" | "thumb"): Promise<Uint8Array | null> {
    if (!(await this.custom(deckId))) return null;
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
