import type { StarKind } from "@firmament/dreams";

const STAR_PATH =
  "M12 1.5 L14.9 8.4 L22.3 9 L16.7 13.9 L18.4 21.2 L12 17.3 L5.6 21.2 L7.3 13.9 L1.7 9 L9.1 8.4 Z";

/** Clear: a bright hollow outline; gray: solid mid-gray; black: a dark silhouette with a dim rim. */
const STAR_PAINT: Record<
  StarKind,
  { fill: string; stroke: string; fillOpacity: number; strokeWidth: number }
> = {
  clear: { fill: "#dff1ff", stroke: "#ffffff", fillOpacity: 0.12, strokeWidth: 2 },
  gray: { fill: "#9ba4b8", stroke: "#dfe3ec", fillOpacity: 1, strokeWidth: 1.3 },
  black: { fill: "#000000", stroke: "#8f98b3", fillOpacity: 1, strokeWidth: 1.3 },
};

export function StarGlyph({
  kind,
  size = 24,
  className,
}: {
  kind: StarKind;
  size?: number;
  className?: string;
}) {
  const paint = STAR_PAINT[kind];
  return (
    <svg
      className={className ? `star-glyph ${className}` : "star-glyph"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={STAR_PATH}
        fill={paint.fill}
        fillOpacity={paint.fillOpacity}
        stroke={paint.stroke}
        strokeWidth={paint.strokeWidth}
        strokeLinejoin="round"
      />
    </svg>
  );
}
