/**
 * What the platform gives every game's table, whatever the game: the seat colours players pick from
 * and the turn-timer settings a table is created with. A game reads them; it does not define them.
 */

/** The colours a seat can have, one per seat; so no table has more seats than there are colours. */
export const COLOURS = ["red", "blue", "green", "yellow", "purple", "white"] as const;
export type Colour = (typeof COLOURS)[number];

/** A table's turn timers: none, or one of two paces whose seconds each game sets per phase. */
export const TIMER_SETTINGS = ["off", "relaxed", "fast"] as const;
export type TimerSetting = (typeof TIMER_SETTINGS)[number];

/**
 * A game's turn timers: for each pace, the seconds a seat has to act in each of the game's phases
 * (`Progress.phase`); a bot acts for it when time runs out. A phase not listed has no timer.
 */
export type TurnTimers = Readonly<Record<Exclude<TimerSetting, "off">, Readonly<Record<string, number>>>>;
