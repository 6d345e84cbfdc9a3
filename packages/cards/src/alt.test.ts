import { describe, expect, it } from "vitest";
import { altTexts, customAlt, place } from "./alt";
import type { CardObject } from "./types";

const obj = (icon: string, x: number, y: number, w = 0.1, h = 0.1): CardObject => ({
  icon,
  label: icon,
  x,
  y,
  w,
  h,
  tone: "mid",
});

describe("alt texts", () => {
  it("names objects with their places in every locale, counting repeated ones", () => {
    const alt = altTexts("sea", [
      obj("fluent-emoji-flat:spouting-whale", 0.35, 0.1, 0.3, 0.15),
      obj("shape:lighthouse", 0.02, 0.4, 0.2, 0.35),
      obj("fluent-emoji-flat:red-paper-lantern", 0.7, 0.05),
      obj("fluent-emoji-flat:red-paper-lantern", 0.8, 0.15),
      obj("fluent-emoji-flat:duck", 0.8, 0.85),
    ]);
    expect(alt.en).toBe(
      "A night dream over the sea: a whale high in the middle, a lighthouse on the left, two paper lanterns high on the right and a duck low on the right.",
    );
    expect(alt.de).toBe(
      "Ein nächtlicher Traum über dem Meer: ein Wal oben in der Mitte, ein Leuchtturm links, zwei Lampions oben rechts und eine Ente unten rechts.",
    );
    expect(alt.fr).toBe(
      "Un rêve nocturne sur la mer : une baleine en haut au centre, un phare à gauche, deux lanternes en haut à droite et un canard en bas à droite.",
    );
    expect(alt.it).toBe(
      "Un sogno notturno sul mare: una balena in alto al centro, un faro a sinistra, due lanterne in alto a destra e un'anatra in basso a destra.",
    );
  });

  it("places by thirds of the card and writes generic texts for custom pictures", () => {
    expect(place(0.1, 0.1)).toEqual([0, 0]);
    expect(place(0.5, 0.5)).toEqual([1, 1]);
    expect(place(0.99, 0.99)).toEqual([2, 2]);
    expect(customAlt(3, 12).de).toBe("Eigenes Traumbild 3 von 12.");
  });
});
