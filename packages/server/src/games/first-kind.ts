/**
 * The kind of every match stored before tables hosted more than one game: the store's migration to
 * game kinds gave them this one. Never changes, whatever games are hosted later.
 */
export const FIRST_GAME_KIND = "dreams";
