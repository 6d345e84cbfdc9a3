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
