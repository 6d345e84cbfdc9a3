import type { Colour } from "@firmament/protocol";

/**
 * How each engine colour is drawn: a hue from the Okabe–Ito palette (distinguishable with the common
 * colour-vision deficiencies) plus a symbol, so no player is told apart by hue alone. Every hue has at
 * least 4.5:1 contrast against the page background (WCAG AA for text), checked in colours.test.ts.
 */
export interface PlayerStyle {
  hue: string;
  symbol: "triangle" | "circle" | "square" | "diamond" | "hexagon" | "cross";
}

export const PLAYER_STYLES: Record<Colour, PlayerStyle> = {
  red: { hue: "#f0702a", symbol: "triangle" },
  blue: { hue: "#56b4e9", symbol: "circle" },
  green: { hue: "#1fb88a", symbol: "square" },
  yellow: { hue: "#f0e442", symbol: "diamond" },
  purple: { hue: "#d98cb8", symbol: "hexagon" },
  white: { hue: "#f4f4f4", symbol: "cross" },
};

/** The page background and the darkest panel colour the hues are drawn on. */
export const BACKGROUNDS = ["#0b1026", "#141a3a"] as const;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio between two #rrggbb colours, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
