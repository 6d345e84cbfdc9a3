import type { Server } from "socket.io";
import { isViewRoom, rooms } from "../bus";
import type { Conn } from "../context";

/**
 * A connection held by another process, as the owner of its table sees it: room changes and pushes
 * go through socket.io's cluster adapter to the process that holds the socket. During a forwarded
 * command direct pushes are buffered and returned with the reply, so they arrive after its ack.
 */
export class RemoteConn implements Conn {
  readonly remote = true;
  code: string | null = null;
  seat: number | null = null;
  host = false;
  /** Declared in the connection's first `hello` (it folds events), as its own process recorded it. */
  fold = false;
  seenAt: number;
  buffer: Array<[string, unknown]> | null = null;
  /**
   * Set when this process forgets the connection because it was not reported for a while: its process
   * may be reporting it to the table's new owner, which put the socket in the table's rooms, so leaving
   * them from here could undo that (the socket would hear nothing more).
   */
  forgotten = false;

  constructor(
    private readonly io: Server,
    readonly id: string,
    readonly edge: string,
    now: number,
  ) {
    this.seenAt = now;
  }
  join(room: string) {
    this.io.in(this.id).socketsJoin(this.fold && isViewRoom(room) ? rooms.folding(room) : room);
  }
  leave(room: string) {
    if (this.forgotten) return;
    this.io.in(this.id).socketsLeave(isViewRoom(room) ? [room, rooms.folding(room)] : room);
  }
  emit(event: string, payload: unknown) {
    if (this.buffer) this.buffer.push([event, payload]);
    else this.io.to(this.id).emit(event, payload);
  }
}
