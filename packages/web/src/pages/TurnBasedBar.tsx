import type { ProtocolError, TableInfo } from "@firmament/protocol";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { durationText, moveTimeText } from "../components/duration";
import { localDeadline, type TimedPush, useNow } from "../components/turnClock";
import { codeText } from "../errorText";

/**
 * A turn-based table's clock above its game: the time per move, the time left for the current move and
 * its deadline as a date, and — once per game, on your move — asking for more time (twice as long).
 */
export function TurnBasedBar({
  table,
  push,
  receivedAt,
  seat,
  awaiting,
  moreTime,
}: {
  table: TableInfo;
  push: TimedPush;
  receivedAt: number;
  seat: number | null;
  awaiting: readonly number[];
  moreTime: () => Promise<ProtocolError | null>;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pace = table.config.pace;
  if (pace?.kind !== "turnBased") return null;
  const deadline = localDeadline(push, receivedAt);
  const asked = seat !== null && (table.moreTime ?? []).includes(seat);
  const mine = seat !== null && awaiting.includes(seat);
  async function ask() {
    setBusy(true);
    const refused = await moreTime();
    setBusy(false);
    setError(refused ? codeText(refused.code, refused.message, t) : null);
  }
  return (
    <section className="panel turn-based-bar" aria-labelledby="turn-based-h">
      <h2 id="turn-based-h">{t("turnBased.heading", { time: moveTimeText(pace.moveHours, t) })}</h2>
      {deadline !== null && push.deadline !== null && (
        <p className="time-left" role="timer" aria-live="off">
          {t("turnBased.left", { time: durationText(deadline - now, t) })} ·{" "}
          {t("turnBased.deadline", {
            date: new Date(push.deadline).toLocaleString(i18n.language, {
              dateStyle: "medium",
              timeStyle: "short",
            }),
          })}
        </p>
      )}
      {mine && !asked && (
        <p>
          <button type="button" onClick={() => void ask()} disabled={busy} aria-describedby="more-time-hint">
            {t("turnBased.moreTime")}
          </button>{" "}
          <span id="more-time-hint" className="muted">
            {t("turnBased.moreTimeHint")}
          </span>
        </p>
      )}
      {asked && <p className="muted">{t("turnBased.moreTimeUsed")}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
