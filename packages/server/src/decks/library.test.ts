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
    let now = 0;
    const library = new DeckLibrary(store, {} as Deck, { recheckMs: 1000, now: () => now });
    await library.custom(ID);
    now = 500;
    expect(await library.custom(ID)).not.toBeNull();
    expect(asked.loadCardImage).toBe(0);
    now = 1501;
    expect(await library.custom(ID)).not.toBeNull();
    expect(asked.loadCardImage).toBe(1);
    remove();
    now = 3000;
    expect(await library.custom(ID)).toBeNull();
    expect(await library.image(ID, "custom-1", "thumb")).toBeNull();
  });
});
