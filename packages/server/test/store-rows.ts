/** Rows the store tests write: a three-seat Dreams table in its lobby, and empty seats. */
import type { SeatRow, TableRow } from "../src/store/types";

export function lobbyTable(code: string, visibility: "public" | "private", createdAt: number): TableRow {
  return {
    code,
    config: { game: "dreams", seats: 3, visibility, timer: "off", deck: "standard" },
    hostTokenHash: "h".repeat(64),
    status: "lobby",
    match: 0,
    hostSeat: null,
    createdAt,
  };
}

export function emptySeats(n: number): SeatRow[] {
  return Array.from({ length: n }, (_, seat) => ({
    seat,
    colour: null,
    name: null,
    kind: "empty",
    level: null,
    tokenHash: null,
  }));
}
