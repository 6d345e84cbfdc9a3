import type { SeatRow, Store } from "../store/types";

/** A human seat holding the token whose hash is `tokenHash`, of `accountId` when signed in. */
export function humanSeat(seat: number, name: string, tokenHash: string, accountId?: string): SeatRow {
  return { seat, colour: null, name, kind: "human", level: null, tokenHash, ...(accountId && { accountId }) };
}

/** Stores a private two-seat Dreamers table playing its first match, hosted by seat 0: the push tests' table. */
export async function createPlayingTable(
  store: Store,
  code: string,
  createdAt: number,
  seats: SeatRow[],
  hostTokenHash = "x",
): Promise<void> {
  await store.createTable(
    {
      code,
      config: { game: "dreamers", seats: 2, visibility: "private", timer: "off" },
      hostTokenHash,
      status: "playing",
      match: 1,
      hostSeat: 0,
      createdAt,
    },
    seats,
  );
}
