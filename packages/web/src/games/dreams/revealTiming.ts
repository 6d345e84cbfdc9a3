/** When each part of the reveal fades in (ms after it appears), and when all of it has been shown. */
export interface RevealSchedule {
  /** The true dream, then the mortal. */
  lines: [number, number];
  /** Each scoring row, in seat order. */
  rows: number[];
  /** When the last row has faded in, if all goes to plan; the screen waits for its animationend. */
  done: number;
}

export const REVEAL_FADE_MS = 500;
const LINES: [number, number] = [200, 900];
const FIRST_ROW = 1500;
const ROW_STEP = 300;

/** The reveal unfolds line by line; with reduced motion it is all there at once. */
export function revealSchedule(players: number, reducedMotion: boolean): RevealSchedule {
  if (reducedMotion) return { lines: [0, 0], rows: Array.from({ length: players }, () => 0), done: 0 };
  const rows = Array.from({ length: players }, (_, i) => FIRST_ROW + i * ROW_STEP);
  const last = Math.max(LINES[1], ...rows);
  return { lines: LINES, rows, done: last + REVEAL_FADE_MS };
}
