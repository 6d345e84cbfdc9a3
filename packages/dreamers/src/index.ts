export * from "./decks";
export * from "./types";
export type * from "./view-types";
