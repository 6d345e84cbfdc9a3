import type { RegionKeys } from "../../components/shortcuts";

/** The table's regions a single key jumps to, in the order the help lists them. */
export const REGIONS = [
  "firmament",
  "images",
  "stars",
  "guess",
  "reveal",
  "marker",
  "players",
  "chat",
] as const;
export type Region = (typeof REGIONS)[number];

/** The key of each region (a letter of its English name; the help shows them in every language). */
export const REGION_KEYS: RegionKeys<Region> = {
  firmament: "f",
  images: "i",
  stars: "s",
  guess: "g",
  reveal: "r",
  marker: "m",
  players: "p",
  chat: "c",
};
