import type { Colour } from "@firmament/protocol";
import { PLAYER_STYLES, type PlayerStyle } from "../colours";

const SHAPES: Record<PlayerStyle["symbol"], string> = {
  triangle: "M10 2 L18.5 17 L1.5 17 Z",
  circle: "M10 2.5 A7.5 7.5 0 1 1 9.99 2.5 Z",
  square: "M3 3 H17 V17 H3 Z",
  diamond: "M10 1.5 L18.5 10 L10 18.5 L1.5 10 Z",
  hexagon: "M10 1.5 L17.5 5.75 L17.5 14.25 L10 18.5 L2.5 14.25 L2.5 5.75 Z",
  cross: "M7.5 2 H12.5 V7.5 H18 V12.5 H12.5 V18 H7.5 V12.5 H2 V7.5 H7.5 Z",
};

/** A player's colour drawn as its symbol in its hue (decorative: names carry the meaning). */
export function PlayerMark({ colour, size = 16 }: { colour: Colour; size?: number }) {
  const style = PLAYER_STYLES[colour];
  return (
    <svg
      className="player-mark"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <path d={SHAPES[style.symbol]} fill={style.hue} stroke="#0b1026" strokeWidth="1.2" />
    </svg>
  );
}

/** Gods-track crescent in the player's hue, with their symbol inside. */
export function Crescent({ colour, size = 22 }: { colour: Colour; size?: number }) {
  const style = PLAYER_STYLES[colour];
  return (
    <svg
      className="crescent"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M15 2 A10 10 0 1 0 22 17 A8 8 0 1 1 15 2 Z"
        fill={style.hue}
        stroke="#0b1026"
        strokeWidth="1"
      />
      <g transform="translate(12.5 9) scale(0.42)">
        <path d={SHAPES[style.symbol]} fill={style.hue} stroke="#0b1026" strokeWidth="2" />
      </g>
    </svg>
  );
}
