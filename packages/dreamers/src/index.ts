export * from "./decks";
