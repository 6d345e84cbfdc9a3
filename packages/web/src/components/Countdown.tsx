import { useTranslation } from "react-i18next";
import { durationText } from "./duration";
import { secondsLeft, useNow } from "./turnClock";

/**
 * Seconds left on the turn timer, marked urgent in the last ten. `deadline` is on this client's clock
 * (see `useTurnDeadline`); `limitMs`, the turn's length, caps what is shown. Every countdown on the page
 * ticks with one shared clock, so two of them never disagree.
 */
export function Countdown({ deadline, limitMs }: { deadline: number; limitMs?: number | null }) {
  const { t } = useTranslation();
  const seconds = secondsLeft(deadline, useNow(), limitMs);
  // a turn-based table's hours and days read as such, not as seconds
  const text =
    seconds >= 3600
      ? t("game.timeLeftLong", { time: durationText(seconds * 1000, t) })
      : t("game.timeLeft", { seconds });
  return <span className={`countdown${seconds <= 10 ? " urgent" : ""}`}>{text}</span>;
}
