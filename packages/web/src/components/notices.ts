import type { Seat } from "@firmament/game-kit";
import type { NoticePush } from "@firmament/protocol";

/** A `notice` push as the table page keeps it: `id` changes with every one received. */
export type ReceivedNotice = NoticePush & { id: number };

/** The notice's text for this viewer, or null for a code this client does not know. */
export function noticeText(
  notice: NoticePush,
  mySeat: Seat | null,
  nameOf: (seat: Seat) => string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  switch (notice.code) {
    case "turn/played_for_you":
      return notice.seat === mySeat
        ? t("notice.playedForYou")
        : t("notice.playedForThem", { name: nameOf(notice.seat) });
    default:
      return null;
  }
}
