type Translate = (key: string, options?: Record<string, unknown>) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span of time as a person reads it: days and hours, hours and minutes, minutes, or seconds. */
export function durationText(ms: number, t: Translate): string {
  const left = Math.max(0, ms);
  if (left >= DAY) return t("time.days", { d: Math.floor(left / DAY), h: Math.floor((left % DAY) / HOUR) });
  if (left >= HOUR)
    return t("time.hours", { h: Math.floor(left / HOUR), m: Math.floor((left % HOUR) / MINUTE) });
  if (left >= MINUTE) return t("time.minutes", { m: Math.ceil(left / MINUTE) });
  return t("time.seconds", { s: Math.ceil(left / 1000) });
}

/** A turn-based table's time per move as text ("1 day"), by its hours. */
export function moveTimeText(moveHours: number, t: Translate): string {
  return t(`pace.move${moveHours}`);
}
