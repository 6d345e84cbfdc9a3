import type { RegionKeys } from "../../components/shortcuts";

/** Dreamers' table regions a single key jumps to, in the order the help lists them. */
export const REGIONS = ["hand", "table", "players", "score", "turns", "chat"] as const;
export type Region = (typeof REGIONS)[number];

/** The key of each region (a letter of its English name; the help shows them in every language). */
export const REGION_KEYS: RegionKeys<Region> = {
  hand: "h",
  table: "t",
  players: "p",
  score: "s",
  turns: "r",
  chat: "c",
};
