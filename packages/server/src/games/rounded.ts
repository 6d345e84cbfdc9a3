/** A probability to three decimals, for the wire. */
export const rounded = (p: number): number => Math.round(p * 1000) / 1000;
