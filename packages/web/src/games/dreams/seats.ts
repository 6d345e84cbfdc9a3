import type { SeatInfo } from "@firmament/protocol";

/** Who sits at each seat of a Dreams table: the name to show, and the lobby's seat info. */
export interface Seats {
  nameOf: (seat: number) => string;
  infoOf: (seat: number) => SeatInfo | undefined;
}
