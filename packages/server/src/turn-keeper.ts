/**
 * A turn-based table's record of its match's clock (`TurnRecord`), held by its table alone: each
 * change is stored before the table acts on it or tells anyone, so a reminder, more time or a count of
 * timeouts survives a restart and happens once.
 */
import type { Seat } from "@firmament/game-kit";
import type { TableEnv } from "./context";
import type { TurnRecord } from "./store/types";
import { freshRecord, TIMEOUTS_TO_BOT } from "./turn-clock";

export class TurnKeeper {
  private current: TurnRecord;

  constructor(
    private readonly env: TableEnv,
    private readonly code: string,
    stored: TurnRecord | null,
    match: number,
  ) {
    this.current = stored ?? freshRecord(match);
  }

  get record(): Readonly<TurnRecord> {
    return this.current;
  }

  /** The seats the bot plays after moves in a row made for them (as stored). */
  botSeats(): Seat[] {
    return Object.entries(this.current.timeoutsInRow)
      .filter(([, count]) => count >= TIMEOUTS_TO_BOT)
      .map(([seat]) => Number(seat));
  }

  /** A new match: nothing asked, sent or timed out (nothing to store until something is). */
  newMatch(match: number): void {
    this.current = freshRecord(match);
  }

  /** The seat's player acted or came back: its moves made in a row for it start again from 0. */
  async playerBack(seat: Seat): Promise<void> {
    if (!this.current.timeoutsInRow[seat]) return;
    const timeoutsInRow = { ...this.current.timeoutsInRow };
    delete timeoutsInRow[seat];
    await this.save({ ...this.current, timeoutsInRow });
  }

  /** A move was made for the seat when its time ran out; true when the bot is now to play the seat. */
  async timedOut(seat: Seat): Promise<boolean> {
    const count = (this.current.timeoutsInRow[seat] ?? 0) + 1;
    await this.save({ ...this.current, timeoutsInRow: { ...this.current.timeoutsInRow, [seat]: count } });
    return count >= TIMEOUTS_TO_BOT;
  }

  /** The seat asked for more time: the turn that started at `turnStartedAt` has its time doubled. */
  async moreTime(seat: Seat, turnStartedAt: number): Promise<void> {
    await this.save({
      ...this.current,
      askedMoreTime: [...this.current.askedMoreTime, seat],
      extendedTurn: turnStartedAt,
    });
  }

  /** The reminder of the turn that started at `turnStartedAt` is about to be sent. */
  async reminding(turnStartedAt: number): Promise<void> {
    await this.save({ ...this.current, remindedTurn: turnStartedAt });
  }

  private async save(record: TurnRecord): Promise<void> {
    await this.env.store.saveTurnRecord(this.code, record);
    this.current = record;
  }
}
