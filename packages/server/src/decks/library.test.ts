import { describe, expect, it } from "vitest";
import type { Deck } from "../deck";
import type { Store } from "../store/types";
import { DeckLibrary } from "./library";

const ID = "A".repeat(24);
const manifest = (i: number) => ({
  id: `custom-${i}`,
  objects: [],
  detail: { salience: [], brightness: [] },
  alt: { en: `${i}`, de: `${i}`, fr: `${i}`, it: `${i}` },
});

/** A store holding one deck until `remove()`; counts how often it is asked. */
function fakeStore() {
  let stored = true;
  const asked = { loadDeck: 0, loadCardImage: 0 };
  const store = {
    async loadDeck(id: string) {
      asked.loadDeck++;
      if (!stored || id !== ID) return null;
      return {
        deck: { id: ID, name: "Mine", cards: 8, bytes: 10, createdAt: 1 },
        manifests: Array.from({ length: 8 }, (_, i) => manifest(i + 1)),
      };
    },
    async loadCardImage(id: string) {
      asked.loadCardImage++;
      return stored && id === ID ? new Uint8Array([1, 2, 3]) : null;
    },
  } as unknown as Store;
  return { store, asked, remove: () => (stored = false) };
}

describe("DeckLibrary and removed decks", () => {
  it("stops serving a deck from memory once it is forgotten (removed by this process's sweep)", async () => {
    const { store, remove } = fakeStore();
    const library = new DeckLibrary(store, {} as Deck);
    expect((await library.custom(ID))?.ids).toHaveLength(8);
    expect(await library.image(ID, "custom-1", "full")).toEqual(new Uint8Array([1, 2, 3]));
    remove();
    library.forget([ID]);
    expect(await library.custom(ID)).toBeNull();
    expect(await library.image(ID, "custom-1", "full")).toBeNull();
  });

  it("asks the store again after recheckMs, so a deck removed by another process stops being served", async () => {
    const { store, asked, remove } = fakeStore();
    // a clock reading 0 would mean "no time" to lru-cache: this one starts later
    let now = 10_000;
    const library = new DeckLibrary(store, {} as Deck, { recheckMs: 1000, now: () => now });
    await library.custom(ID);
    now = 10_500;
    expect(await library.custom(ID)).not.toBeNull();
    expect(asked.loadCardImage).toBe(0);
    now = 11_501;
    expect(await library.custom(ID)).not.toBeNull();
    expect(asked.loadCardImage).toBe(1);
    remove();
    now = 13_000;
    expect(await library.custom(ID)).toBeNull();
    expect(await library.image(ID, "custom-1", "thumb")).toBeNull();
  });
});

describe("DeckLibrary's caches", () => {
  /** A store holding any deck asked for, each card's image `size` bytes long. */
  function manyDecks(size: number) {
    const asked = { loadDeck: 0, loadCardImage: 0 };
    const store = {
      async loadDeck(id: string) {
        asked.loadDeck++;
        return {
          deck: { id, name: id, cards: 8, bytes: 10, createdAt: 1 },
          manifests: Array.from({ length: 8 }, (_, i) => manifest(i + 1)),
        };
      },
      async loadCardImage() {
        asked.loadCardImage++;
        return new Uint8Array(size);
      },
    } as unknown as Store;
    return { store, asked, ids: ["B", "C", "D"].map((c) => c.repeat(24)) };
  }

  it("loads a deck once however many ask at the same time, and keeps the maxDecks used last", async () => {
    const { store, asked, ids } = manyDecks(3);
    const library = new DeckLibrary(store, {} as Deck, { maxDecks: 2 });
    const [first, second] = await Promise.all([library.custom(ID), library.custom(ID)]);
    expect(first).toBe(second);
    expect(asked.loadDeck).toBe(1);
    const [a, b, c] = ids as [string, string, string];
    await library.custom(a);
    await library.custom(b);
    await library.custom(a); // a used last: b is the one dropped for c
    await library.custom(c);
    expect(asked.loadDeck).toBe(4);
    await library.custom(a);
    expect(asked.loadDeck).toBe(4);
    await library.custom(b);
    expect(asked.loadDeck).toBe(5);
  });

  it("keeps card images up to imageCacheBytes, and never one over an eighth of it", async () => {
    const { store, asked } = manyDecks(100);
    const library = new DeckLibrary(store, {} as Deck, { imageCacheBytes: 300 });
    await library.image(ID, "custom-1", "full");
    await library.image(ID, "custom-1", "full");
    // 100 bytes is over 300 / 8: read from the store each time
    expect(asked.loadCardImage).toBe(2);
    const small = manyDecks(30);
    const bounded = new DeckLibrary(small.store, {} as Deck, { imageCacheBytes: 300 });
    for (let card = 1; card <= 8; card++) await bounded.image(ID, `custom-${card}`, "thumb");
    for (let card = 1; card <= 8; card++) await bounded.image(ID, `custom-${card}`, "thumb");
    expect(small.asked.loadCardImage).toBe(8);
    for (let card = 1; card <= 11; card++) await bounded.image(ID, `custom-${card}`, "full");
    // 11 new images of 30 bytes: the 10 used last fit in 300 bytes, the first full one was dropped
    await bounded.image(ID, "custom-1", "full");
    expect(small.asked.loadCardImage).toBe(8 + 11 + 1);
  });
});
