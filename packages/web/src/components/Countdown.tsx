import { useTranslation } from "react-i18next";

/** Seconds left on the turn timer, marked urgent in the last ten. */
export function Countdown({ deadline }: { deadline: number }) {
  const { t } = useTranslation();
  const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  return (
    <span className={`countdown${seconds <= 10 ? " urgent" : ""}`}>{t("game.timeLeft", { seconds })}</span>
  );
}
