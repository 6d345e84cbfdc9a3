/** Alt texts in every locale, built from a card's objects and where they sit. */
import { entry } from "./gen/catalog";
import type { CardObject, Locale } from "./types";

const PLACES: Record<Locale, string[][]> = {
  en: [
    ["high on the left", "high in the middle", "high on the right"],
    ["on the left", "in the centre", "on the right"],
    ["low on the left", "low in the middle", "low on the right"],
  ],
  de: [
    ["oben links", "oben in der Mitte", "oben rechts"],
    ["links", "in der Mitte", "rechts"],
    ["unten links", "unten in der Mitte", "unten rechts"],
  ],
  fr: [
    ["en haut à gauche", "en haut au centre", "en haut à droite"],
    ["à gauche", "au centre", "à droite"],
    ["en bas à gauche", "en bas au centre", "en bas à droite"],
  ],
  it: [
    ["in alto a sinistra", "in alto al centro", "in alto a destra"],
    ["a sinistra", "al centro", "a destra"],
    ["in basso a sinistra", "in basso al centro", "in basso a destra"],
  ],
};

const NUMBERS: Record<Locale, string[]> = {
  en: ["", "", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
  de: ["", "", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"],
  fr: ["", "", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"],
  it: ["", "", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"],
};

const INTRO: Record<Locale, Record<string, string>> = {
  en: {
    hills: "A night dream over hills",
    sea: "A night dream over the sea",
    dunes: "A night dream over dunes",
    mountains: "A night dream in the mountains",
    lake: "A night dream by a lake",
    custom: "A dream picture",
  },
  de: {
    hills: "Ein nächtlicher Traum über Hügeln",
    sea: "Ein nächtlicher Traum über dem Meer",
    dunes: "Ein nächtlicher Traum über Dünen",
    mountains: "Ein nächtlicher Traum in den Bergen",
    lake: "Ein nächtlicher Traum an einem See",
    custom: "Ein Traumbild",
  },
  fr: {
    hills: "Un rêve nocturne sur des collines",
    sea: "Un rêve nocturne sur la mer",
    dunes: "Un rêve nocturne sur des dunes",
    mountains: "Un rêve nocturne dans les montagnes",
    lake: "Un rêve nocturne au bord d'un lac",
    custom: "Une image de rêve",
  },
  it: {
    hills: "Un sogno notturno sulle colline",
    sea: "Un sogno notturno sul mare",
    dunes: "Un sogno notturno sulle dune",
    mountains: "Un sogno notturno in montagna",
    lake: "Un sogno notturno su un lago",
    custom: "Un'immagine di sogno",
  },
};

const AND: Record<Locale, string> = { en: "and", de: "und", fr: "et", it: "e" };
const COLON: Record<Locale, string> = { en: ": ", de: ": ", fr: " : ", it: ": " };

export function place(x: number, y: number): [number, number] {
  const col = Math.min(2, Math.max(0, Math.floor(x * 3)));
  const row = Math.min(2, Math.max(0, Math.floor(y * 3)));
  return [row, col];
}

/** Where a point of the card is, in words ("high on the left"). */
export function placeWords(loc: Locale, x: number, y: number): string {
  const [row, col] = place(x, y);
  return PLACES[loc][row]?.[col] ?? "";
}

/**
 * Builds one alt text per locale. `objects` should be in order of importance; groups of the same object
 * are counted ("three paper lanterns high in the middle"); at most `max` groups are named, after `lead`
 * (the card's scene in words, if given).
 */
export function altTexts(
  scene: string,
  objects: CardObject[],
  max = 7,
  lead?: Record<Locale, string>,
): Record<Locale, string> {
  const groups: { icon: string; items: CardObject[] }[] = [];
  for (const o of objects) {
    const key = o.icon.replace(/^fluent-emoji-flat:/, "");
    const g = groups.find((q) => q.icon === key);
    if (g) g.items.push(o);
    else groups.push({ icon: key, items: [o] });
  }
  const named = groups.slice(0, max);
  const out = {} as Record<Locale, string>;
  for (const loc of ["en", "de", "fr", "it"] as Locale[]) {
    const parts = named.map((g) => {
      const e = entry(g.icon);
      const [one, many] = e[loc];
      const n = g.items.length;
      const cx = g.items.reduce((s, o) => s + o.x + o.w / 2, 0) / n;
      const cy = g.items.reduce((s, o) => s + o.y + o.h / 2, 0) / n;
      const [row, col] = place(cx, cy);
      const where = PLACES[loc][row]?.[col] ?? "";
      const what = n === 1 ? one : `${NUMBERS[loc][Math.min(9, n)]} ${many}`;
      return `${what} ${where}`;
    });
    if (lead) parts.unshift(lead[loc]);
    const list =
      parts.length <= 1
        ? (parts[0] ?? "")
        : `${parts.slice(0, -1).join(", ")} ${AND[loc]} ${parts[parts.length - 1]}`;
    const intro = INTRO[loc][scene] ?? INTRO[loc].custom;
    out[loc] = list ? `${intro}${COLON[loc]}${list}.` : `${intro}.`;
  }
  return out;
}

/** Generic alt text for a picture of a custom deck (its objects are unknown). */
export function customAlt(n: number, of: number): Record<Locale, string> {
  return {
    en: `Custom dream picture ${n} of ${of}.`,
    de: `Eigenes Traumbild ${n} von ${of}.`,
    fr: `Image de rêve personnalisée ${n} sur ${of}.`,
    it: `Immagine di sogno personalizzata ${n} di ${of}.`,
  };
}
