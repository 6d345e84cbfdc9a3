/**
 * Which seats have their table on screen, as their sockets report it (`visibility` messages): a call is
 * pointless while a player is looking. Kept per process, for the connections this process holds.
 */
export class SeatVisibility {
  /** Per connection: its table and seat, whether its page is visible, and when that last changed. */
  private readonly conns = new Map<string, { key: string; visible: boolean; since: number }>();
  /** Per seat (`code:seat`): when one of its pages was last visible. */
  private readonly lastSeen = new Map<string, number>();

  report(conn: string, code: string, seat: number, visible: boolean, now: number): void {
    const key = `${code}:${seat}`;
    const before = this.conns.get(conn);
    if (before?.visible) this.lastSeen.set(before.key, now);
    if (visible) this.lastSeen.set(key, now);
    this.conns.set(conn, { key, visible, since: now });
  }

  /** The connection closed (or left its seat): its page counts as hidden from now. */
  drop(conn: string, now: number): void {
    const before = this.conns.get(conn);
    if (before?.visible) this.lastSeen.set(before.key, now);
    this.conns.delete(conn);
  }

  /** Whether any page of that seat shows its table now. */
  visible(code: string, seat: number): boolean {
    const key = `${code}:${seat}`;
    for (const c of this.conns.values()) if (c.key === key && c.visible) return true;
    return false;
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
