import type { CardManifest } from "@firmament/cards/types";
import { LRUCache } from "lru-cache";
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
  /** Custom decks by id; an entry older than `recheckMs` is stale, and fetching it asks the store again. */
  private readonly decks: LRUCache<string, Deck>;
  /** Card images by `deck/card/size`, bounded by their bytes. */
  private readonly images: LRUCache<string, Uint8Array>;

  /** Every edition of the standard deck, the current one first. */
  private readonly standards: readonly Deck[];

  /** `standard` is the standard deck's current edition, which new tables are dealt from. */
  constructor(
    private readonly store: Store,
    readonly standard: Deck,
    options: LibraryOptions = {},
  ) {
    this.standards = [standard, ...(options.olderEditions ?? [])];
    const { now } = options;
    // a clock of the caller's is read as it is (lru-cache would otherwise keep one reading for 1 ms)
    const clock = now ? { perf: { now }, ttlResolution: 0 } : {};
    this.decks = new LRUCache<string, Deck>({
      max: options.maxDecks ?? 16,
      ttl: options.recheckMs ?? 5 * 60_000,
      ...clock,
      fetchMethod: (id, stale) => (stale ? this.stillStored(stale) : this.load(id)),
    });
    const imageCacheBytes = options.imageCacheBytes ?? 32 * 1024 * 1024;
    this.images = new LRUCache<string, Uint8Array>({
      maxSize: imageCacheBytes,
      maxEntrySize: Math.floor(imageCacheBytes / 8),
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
      fetchMethod: async (key) => {
        const [deckId = "", cardId = "", size] = key.split("/");
        return (
          (await this.store.loadCardImage(deckId, cardId, size === "thumb" ? "thumb" : "full")) ?? undefined
        );
      },
    });
  }

  /** Stops serving these decks from memory (they were removed from the store). */
  forget(ids: Iterable<string>): void {
    const prefixes = [...ids].map((id) => `${id}/`);
    for (const id of ids) this.decks.delete(id);
    const images = [...this.images.keys()].filter((key) => prefixes.some((p) => key.startsWith(p)));
    for (const key of images) this.images.delete(key);
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

  /** A custom deck, loaded once however many ask at the same time; null if it is not (or no longer) stored. */
  async custom(id: string): Promise<Deck | null> {
    const deck = await this.decks.fetch(id);
    if (deck) return deck;
    // a stale deck found removed is put back by the cache while its check was under way: drop it now
    this.forget([id]);
    return null;
  }

  private async load(id: string): Promise<Deck | undefined> {
    const found = await this.store.loadDeck(id);
    return found ? this.build(found.deck, found.manifests) : undefined;
  }

  /** One small row tells whether a deck cached for a while is still stored (another process may remove it). */
  private async stillStored(deck: Deck): Promise<Deck | undefined> {
    const first = deck.ids[0];
    const still = first !== undefined && (await this.store.loadCardImage(deck.id, first, "thumb")) !== null;
    return still ? deck : undefined;
  }

  /** Builds the in-memory deck from its stored row and manifests and caches it. */
  remember(row: DeckRow, manifests: CardManifest[]): Deck {
    const deck = this.build(row, manifests);
    this.decks.set(row.id, deck);
    return deck;
  }

  private build(row: DeckRow, manifests: CardManifest[]): Deck {
    return {
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
  }

  /** A custom card's image, from memory when it was asked for recently. */
  async image(deckId: string, cardId: string, size: "full" | "thumb"): Promise<Uint8Array | null> {
    if (!(await this.custom(deckId))) return null;
    return (await this.images.fetch(`${deckId}/${cardId}/${size}`)) ?? null;
  }
}
