import type { RatingPoint } from "@firmament/protocol";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/** The points of a polyline through `values`, scaled into the chart (higher values higher up). */
export function chartPoints(values: readonly number[], width = WIDTH, height = HEIGHT): string {
  if (values.length === 0) return "";
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = values.length > 1 ? (width - 2 * PAD) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? PAD + i * step : width / 2;
      const y = high === low ? height / 2 : PAD + ((high - v) / span) * (height - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

/** A rating's history as a line (drawn here, no chart library); `label` says it in words for screen readers. */
export function RatingChart({ history, label }: { history: readonly RatingPoint[]; label: string }) {
  const values = history.map((p) => p.rating);
  const points = chartPoints(values);
  const last = points.split(" ").at(-1)?.split(",") ?? [];
  return (
    <svg className="rating-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} className="rating-axis" />
      <polyline points={points} className="rating-line" fill="none" />
      {last.length === 2 && <circle cx={last[0]} cy={last[1]} r={4} className="rating-dot" />}
    </svg>
  );
}
