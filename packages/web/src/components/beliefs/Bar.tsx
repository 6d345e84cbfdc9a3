import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./beliefs.css";
import { ensureBeliefStrings } from "./strings";

/** A probability as a whole percentage. */
export const percentOf = (p: number): number => Math.round(Math.max(0, Math.min(1, p)) * 100);

/**
 * One small vertical bar: a native `meter` (0–100 %) with its own accessible name for screen readers,
 * drawn as a bar with a short tick under it for the eye (hidden from screen readers).
 */
export function BeliefBar({
  value,
  label,
  tick,
  strongest = false,
}: {
  value: number;
  label: string;
  tick: ReactNode;
  strongest?: boolean;
}) {
  const { t } = useBeliefT();
  const percent = percentOf(value);
  const text = t("beliefs.percent", { percent });
  return (
    <span className={`belief-bar${strongest ? " strongest" : ""}`} title={`${label}: ${text}`}>
      <meter
        className="visually-hidden"
        min={0}
        max={100}
        value={percent}
        aria-label={label}
        aria-valuetext={text}
      >
        {text}
      </meter>
      <span className="belief-value" aria-hidden="true">
        {percent}
      </span>
      <span className="belief-track" aria-hidden="true">
        <span className="belief-fill" style={{ height: `${percent}%` }} />
      </span>
      <span className="belief-tick" aria-hidden="true">
        {tick}
      </span>
    </span>
  );
}

/**
 * What the bars mean, under the sentence above them: the scale (an empty bar is 0 %, a full one 100 %,
 * the number is the percentage), and the colours — `best` says what the yellow bar is in this game.
 */
export function BeliefLegend({ best }: { best: string }) {
  const { t } = useBeliefT();
  return (
    <ul className="belief-legend">
      <li>
        <span className="belief-scale" aria-hidden="true">
          <span>0</span>
          <span className="belief-track" />
          <span className="belief-track">
            <span className="belief-fill" style={{ height: "100%" }} />
          </span>
          <span>100</span>
        </span>
        {t("beliefs.legendScale")}
      </li>
      <li>
        <span className="belief-swatch" aria-hidden="true" />
        {t("beliefs.legendOther")}
      </li>
      <li>
        <span className="belief-swatch strongest" aria-hidden="true" />
        {best}
      </li>
    </ul>
  );
}

/** A labelled row of bars (a group whose name says what the bars measure). */
export function BeliefGroup({
  label,
  title,
  children,
}: {
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="belief-group" aria-label={label}>
      <legend className="belief-group-title" aria-hidden="true">
        {title}
      </legend>
      <span className="belief-bars">{children}</span>
    </fieldset>
  );
}

/** `useTranslation`, with the belief strings added first. */
export function useBeliefT() {
  ensureBeliefStrings();
  return useTranslation();
}

/** The index of the largest value (the bot's answer). */
export function argMax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] as number) > (values[best] as number)) best = i;
  return best;
}
