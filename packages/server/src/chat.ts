import { attachedCode, type Conn, type ServiceContext } from "./context";
import { fail } from "./outcome";
import { chatLine, fanOut } from "./projections";
import { LIMITS, type SimpleAck } from "./protocol";
import type { ChatRow } from "./store/types";
import { RateLimiter } from "./validate";

/** A seated player's chat line: rate-limited per seat, stored, then sent to the whole table. */
export async function chat(ctx: ServiceContext, conn: Conn, text: string): Promise<SimpleAck> {
  const at = attachedCode(conn);
  if (!at.ok) return at;
  const result = await ctx.tables.run(at.value.code, async (live) => {
    const seat = conn.seat;
    if (seat === null) return fail("auth/not_seated", "Spectators cannot chat.");
    let limiter = live.chatLimits.get(seat);
    if (!limiter) {
      limiter = new RateLimiter(LIMITS.chatRate.perSecond, LIMITS.chatRate.burst, () => ctx.clock.now());
      live.chatLimits.set(seat, limiter);
    }
    if (!limiter.take()) return fail("rate/limited", "Too many chat messages; slow down.");
    const row = live.seats[seat];
    const line: ChatRow = {
      id: live.chatSeq + 1,
      seat,
      name: row?.name ?? "",
      colour: row?.colour ?? null,
      text,
      at: ctx.clock.now(),
    };
    await ctx.store.addChat(live.row.code, line, LIMITS.chatHistory);
    live.chatSeq = line.id;
    live.chat.push(line);
    if (live.chat.length > LIMITS.chatHistory) live.chat.shift();
    fanOut(ctx, live).toTable(live.row.code, "chat", chatLine(line));
    return { ok: true as const, value: null };
  });
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}
