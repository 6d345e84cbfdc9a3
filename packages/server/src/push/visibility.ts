/**
 * Which seats have their table on screen, as their sockets report it (`visibility` messages): a call is
 * pointless while a player is looking. Kept per process, for the connections this process holds.
 */
export class SeatVisibility {
  /** Per connection: the seat (`code:seat`) it last reported for. */
  private readonly seatOf = new Map<string, string>();
  /** Per seat: its connections whose page shows the table now. */
  private readonly showing = new Map<string, Set<string>>();
  /** Per seat: when one of its pages last stopped showing the table. */
  private readonly lastSeen = new Map<string, number>();

  report(conn: string, code: string, seat: number, visible: boolean, now: number): void {
    this.drop(conn, now);
    const key = `${code}:${seat}`;
    this.seatOf.set(conn, key);
    if (!visible) return;
    const set = this.showing.get(key) ?? new Set<string>();
    set.add(conn);
    this.showing.set(key, set);
  }

  /** The connection closed (or left its seat): its page counts as hidden from now. */
  drop(conn: string, now: number): void {
    const key = this.seatOf.get(conn);
    if (key === undefined) return;
    this.seatOf.delete(conn);
    const set = this.showing.get(key);
    if (!set?.delete(conn)) return;
    this.lastSeen.set(key, now);
    if (set.size === 0) this.showing.delete(key);
  }

  /** Whether any page of that seat shows its table now. */
  visible(code: string, seat: number): boolean {
    return this.showing.has(`${code}:${seat}`);
  }

  /** Whether a page of that seat has shown its table at or after `since` (or does now). */
  seenSince(code: string, seat: number, since: number): boolean {
    return this.visible(code, seat) || (this.lastSeen.get(`${code}:${seat}`) ?? -Infinity) >= since;
  }

  /** Forgets seats not seen for `ms` (memory stays bounded by recent seats). */
  prune(now: number, ms: number): void {
    for (const [key, at] of this.lastSeen) if (now - at > ms) this.lastSeen.delete(key);
  }
}
