/** One object of the standard deck's catalogue (`catalog.ts`): its names and where it lives. */
export type Habitat = "sky" | "ground" | "water" | "far" | "fore";

export interface CatalogEntry {
  /** Fluent Emoji Flat icon name, or "shape:<name>" for a shape drawn in code. */
  icon: string;
  en: [string, string];
  de: [string, string];
  fr: [string, string];
  it: [string, string];
  /** Which way the icon looks as drawn; undefined for things without a face. */
  facing?: "left" | "right";
  habitat: Habitat[];
}

/** Names are a singular with its article and a plural. */
type Names = [string, string];

/** An entry as the catalogue files write it: icon, names in each language, habitat, facing. */
export const catalogEntry = (
  icon: string,
  en: Names,
  de: Names,
  fr: Names,
  it: Names,
  habitat: Habitat[] = [],
  facing?: "left" | "right",
): CatalogEntry => (facing ? { icon, en, de, fr, it, habitat, facing } : { icon, en, de, fr, it, habitat });
