import type { Seat } from "@firmament/game-kit";
import { attachedCode, type Conn, type ServiceContext, type TableEnv } from "./context";
import { fail, type Outcome } from "./outcome";
import { chatLine } from "./projections";
import { type ChatLine, LIMITS, type SimpleAck } from "./protocol";
import type { ChatRow, SeatRow } from "./store/types";
import { RateLimiter } from "./validate";

/**
 * A seated player's chat line, run on its table. `requestId`: the cluster request that carries it
 * (forwarded, or run by the process that forwards it), so that a repeat is not said twice.
 */
export async function chat(
  ctx: ServiceContext,
  conn: Conn,
  text: string,
  requestId?: string,
): Promise<SimpleAck> {
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, (table) => table.chat(conn, text, requestId));
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

/** A table's chat: its newest lines, rate-limited per seat. Part of its `LiveTable`, which alone holds one. */
export class TableChat {
  private readonly lines: ChatRow[];
  private seq: number;
  /** Per seat, so a player cannot flood the table by opening more connections. */
  private readonly limits = new Map<Seat, RateLimiter>();

  constructor(
    private readonly env: TableEnv,
    private readonly code: string,
    stored: ChatRow[],
  ) {
    this.lines = stored;
    this.seq = stored.at(-1)?.id ?? 0;
  }

  /** The lines a connection gets when it attaches. */
  recent(): ChatLine[] {
    return this.lines.map(chatLine);
  }

  /**
   * A deleted account's lines show `name`, as the store has renamed them: those of its seats, and those
   * signed with its account name.
   */
  renamed(seats: ReadonlySet<Seat>, accountName: string, name: string): void {
    for (const [index, line] of this.lines.entries())
      if ((line.seat !== null && seats.has(line.seat)) || line.name === accountName)
        this.lines[index] = { ...line, name };
  }

  /**
   * Stores a seat's line (unless the seat is over its rate) and returns it; null if the line of
   * `requestId` was said already (a repeat: here, or stored by the table's previous owner).
   */
  async say(
    seat: Seat,
    row: SeatRow | undefined,
    text: string,
    requestId?: string,
  ): Promise<Outcome<ChatLine | null>> {
    const { clock, store } = this.env;
    if (requestId !== undefined && this.lines.some((line) => line.requestId === requestId))
      return { ok: true, value: null };
    let limiter = this.limits.get(seat);
    if (!limiter) {
      limiter = new RateLimiter(LIMITS.chatRate.perSecond, LIMITS.chatRate.burst, () => clock.now());
      this.limits.set(seat, limiter);
    }
    if (!limiter.take()) return fail("rate/limited", "Too many chat messages; slow down.");
    const colour = row?.colour ?? null;
    const line: ChatRow = {
      id: this.seq + 1,
      seat,
      name: row?.name ?? "",
      colour,
      text,
      at: clock.now(),
      ...(requestId !== undefined && { requestId }),
    };
    if (!(await store.addChat(this.code, line, LIMITS.chatHistory))) return { ok: true, value: null };
    this.seq = line.id;
    this.lines.push(line);
    if (this.lines.length > LIMITS.chatHistory) this.lines.shift();
    return { ok: true, value: chatLine(line) };
  }
}
