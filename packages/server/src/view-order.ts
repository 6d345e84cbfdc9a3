/**
 * Views in order, per connection: a client is never sent a `view` older than one it was already sent,
 * nor an `events` push it already has (docs/protocol.md, "Views in order"). Around a hand-over the
 * pushes of a table can reach a socket along two paths — from its old owner and its new one, one of them
 * through Redis, or from a process that had not yet learnt it lost the table — and could arrive out of
 * order; every push to a socket passes here, on the process that holds the socket, and one older than
 * what the socket was sent is dropped (the newer one already told the client more).
 */

/** What a socket was last sent of the table it asked for last: a push's match and version. */
interface Sent {
  code: string;
  match: number;
  version: number;
}

/**
 * A `hello` for `code` on this socket: pushes are ordered against what it was sent of that table. A
 * socket is told only of the table it said `hello` to (the pushes of the hello's table may arrive
 * before its answer: they are ordered already), so one naming another table starts afresh.
 */
export function orderPushesFor(socket: { data: unknown }, code: string): void {
  const data = socket.data as { sent?: Sent };
  const table = code.toUpperCase();
  if (data.sent?.code !== table) data.sent = { code: table, match: 0, version: -1 };
}

/**
 * Whether `payload` may be sent to the socket now (and, if so, notes it as sent). Only `view` and
 * `events` pushes are ordered.
 */
export function admitPush(socket: { data: unknown }, event: string, payload: unknown): boolean {
  if (event !== "view" && event !== "events") return true;
  const push = payload as { match?: number; game?: number; version?: number } | null;
  const match = push?.match ?? push?.game;
  const version = push?.version;
  const data = socket.data as { sent?: Sent };
  const last = data.sent;
  if (typeof match !== "number" || typeof version !== "number" || !last) return true;
  const older = match < last.match || (match === last.match && version < last.version);
  const known = event === "events" && match === last.match && version === last.version;
  if (older || known) return false;
  last.match = match;
  last.version = version;
  return true;
}
