import type { Seat } from "@firmament/game-kit";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { noticeText, type ReceivedNotice } from "./notices";

/** How long a notice stays on screen. */
export const NOTICE_MS = 6000;

/**
 * Shows the table's latest notice for a few seconds — "time ran out: a move was made for you" to the
 * seat's player, with the player's name to everyone else. Any game's screen can place it; it needs the
 * seat's display name from the game's own view.
 */
export function TableNotice({
  notice,
  mySeat,
  nameOf,
  live = true,
}: {
  notice: ReceivedNotice | null | undefined;
  mySeat: Seat | null;
  nameOf: (seat: Seat) => string;
  /** False inside an element that is a live region already (e.g. a game's prompt). */
  live?: boolean;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ReceivedNotice | null>(null);
  useEffect(() => {
    if (!notice) return;
    setShown(notice);
    const timer = window.setTimeout(() => setShown(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  const text = shown ? noticeText(shown, mySeat, nameOf, t) : null;
  // Always in the page, so screen readers announce the text when it appears.
  return (
    <span
      className={`table-notice${shown?.seat === mySeat ? " mine" : ""}`}
      {...(live ? { role: "status" } : {})}
    >
      {text}
    </span>
  );
}
