import type { Conn } from "./conn";

/**
 * Views in order, per connection: a client is never sent a `view` older than one it was already sent,
 * nor an `events` push it already has (docs/protocol.md, "Views in order"). Around a hand-over the
 * pushes of a table can reach a socket along two paths — from its old owner and its new one, one of them
 * through Redis, or from a process that had not yet learnt it lost the table — and could arrive out of
 * order; every push to a socket passes here, on the process that holds the socket, and one older than
 * what the socket was sent is dropped (the newer one already told the client more).
 */

/** What a socket was last sent of its table: a push's match and version. */
interface Sent {
  code: string | null;
  match: number;
  version: number;
}

/** The socket's data as the realtime layer keeps it: its `Conn` and what it was last sent. */
interface PushData {
  conn?: Conn;
  sent?: Sent;
}

/**
 * Whether `payload` may be sent to the socket now (and, if so, notes it as sent). Only `view` and
 * `events` pushes are ordered; a connection that moved to another table starts afresh.
 */
export function admitPush(socket: { data: unknown }, event: string, payload: unknown): boolean {
  if (event !== "view" && event !== "events") return true;
  const push = payload as { match?: number; game?: number; version?: number } | null;
  const match = push?.match ?? push?.game;
  const version = push?.version;
  if (typeof match !== "number" || typeof version !== "number") return true;
  const data = socket.data as PushData;
  const code = data.conn?.code ?? null;
  const last = data.sent;
  if (last && last.code === code) {
    const older = match < last.match || (match === last.match && version < last.version);
    const known = event === "events" && match === last.match && version === last.version;
    if (older || known) return false;
  }
  data.sent = { code, match, version };
  return true;
}
