/**
 * Message fan-out. The embedded implementation is socket.io's in-process rooms; with several processes
 * the same rooms span them through our cluster adapter over Redis pub/sub, so this code does not change.
 */
export interface Bus {
  /**
   * True when rooms span several processes (a cross-process adapter): a table's owner then learns of
   * the other processes' connections only from their reports (see `fanOut` in projections.ts).
   */
  readonly spansProcesses: boolean;
  /** The same fan-out to this process's connections only (no message to the other processes). */
  readonly local: Bus;
  /** To every connection of one seat. */
  toSeat(code: string, seat: number, event: string, payload: unknown): void;
  /** To every spectator of a table. */
  toSpectators(code: string, event: string, payload: unknown): void;
  /** To everyone at a table, seated or watching. */
  toTable(code: string, event: string, payload: unknown): void;
  /** One payload to the members of several rooms, encoded once for all of them. */
  toRooms(rooms: readonly string[], event: string, payload: unknown): void;
}

export const rooms = {
  table: (code: string) => `t:${code}`,
  seat: (code: string, seat: number) => `t:${code}:s${seat}`,
  spectators: (code: string) => `t:${code}:w`,
  /**
   * The room a connection that folds events (`hello` with `fold: true`) is put in instead of a seat's
   * or the spectators' room: it is sent the events of each action rather than the whole view.
   */
  folding: (viewRoom: string) => `${viewRoom}:f`,
};

/** Whether a room is one that gets `view` pushes (a seat's or the spectators'), which folding connections swap. */
export function isViewRoom(room: string): boolean {
  return /^t:[^:]+:(s\d+|w)$/.test(room);
}

/** The part of socket.io's Server the bus uses. */
export interface RoomEmitter {
  to(room: string | string[]): { emit(event: string, payload: unknown): unknown };
  /** socket.io's `Server.local`: the same rooms, this process only. */
  readonly local?: RoomEmitter;
}

export function roomBus(io: RoomEmitter, spansProcesses = false): Bus {
  const sends = {
    toSeat: (code: string, seat: number, event: string, payload: unknown) =>
      void io.to(rooms.seat(code, seat)).emit(event, payload),
    toSpectators: (code: string, event: string, payload: unknown) =>
      void io.to(rooms.spectators(code)).emit(event, payload),
    toTable: (code: string, event: string, payload: unknown) =>
      void io.to(rooms.table(code)).emit(event, payload),
    // socket.io encodes a packet once for every socket of a broadcast.
    toRooms: (list: readonly string[], event: string, payload: unknown) =>
      void io.to(list.slice()).emit(event, payload),
  };
  if (!spansProcesses || !io.local) {
    const bus: Bus = {
      spansProcesses: false,
      get local() {
        return bus;
      },
      ...sends,
    };
    return bus;
  }
  return { spansProcesses: true, local: roomBus(io.local, false), ...sends };
}
