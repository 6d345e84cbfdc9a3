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
  /** The table's due time as stored (`due_at`; undefined: not known, as on a live table). */
  private due: number | null | undefined;

  /** `dueWith`: the due time to store with a record for the match as it stands. */
  constructor(
    private readonly env: TableEnv,
    private readonly code: string,
    stored: { record: TurnRecord | null; dueAt: number | null | undefined },
    match: number,
    private readonly dueWith: (record: TurnRecord) => number | null | undefined,
  ) {
    this.current = stored.record ?? freshRecord(match);
    this.due = stored.dueAt;
  }

  /** The table's due time as last stored. */
  get storedDue(): number | null | undefined {
    return this.due;
  }

  /** The table stored a new due time with another change (an action, a match started). */
  dueStored(due: number | null | undefined): void {
    if (due !== undefined) this.due = due;
  }

  /** Stores the table's due time alone (it drifted from what the table will next do). */
  async saveDue(due: number | null): Promise<void> {
    await this.env.store.saveDueAt(this.code, due);
    this.due = due;
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

  /** A new match (its due time stored with it): nothing asked, sent or timed out (nothing to store until something is). */
  newMatch(match: number, due: number | null | undefined): void {
    this.current = freshRecord(match);
    this.dueStored(due);
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
    const due = this.dueWith(record);
    await this.env.store.saveTurnRecord(this.code, record, due);
    this.current = record;
    this.dueStored(due);
  }
}
