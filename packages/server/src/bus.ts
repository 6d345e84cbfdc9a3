import type { Socket } from "socket.io";
import { type EncodedPush, encodePush, sendEncoded } from "./frames";
import { admitPush } from "./view-order";

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
  /**
   * One payload to the members of several rooms, encoded once for all of them. `json`, when given, is
   * `JSON.stringify(payload)` already made by the caller.
   */
  toRooms(rooms: readonly string[], event: string, payload: unknown, json?: string): void;
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

interface Broadcast {
  emit(event: string, payload: unknown): unknown;
  except(rooms: string[]): { emit(event: string, payload: unknown): unknown };
}

interface Rooms {
  to(room: string | string[]): Broadcast;
}

/** The part of socket.io's Server the bus uses. */
export interface RoomEmitter extends Rooms {
  /** socket.io's `Server.local`: the same rooms, this process only. */
  readonly local?: Rooms;
  /** The default namespace: this process's rooms (room → socket ids) and sockets. */
  readonly sockets: {
    readonly adapter: { readonly rooms: ReadonlyMap<string, ReadonlySet<string>> };
    readonly sockets: ReadonlyMap<string, Socket>;
  };
}

/**
 * The fan-out over socket.io's rooms. Within this process a payload is encoded once and its frame
 * written to each member socket directly (`frames.ts`); across processes (`spansProcesses`) it goes
 * through socket.io's cluster adapter, and `local` stays on this process.
 */
export function roomBus(io: RoomEmitter, spansProcesses = false): Bus {
  const local = localBus(io);
  if (!spansProcesses || !io.local) return local;
  // This process's sockets are written at once, in order, by the local bus; the adapter carries the
  // push to the other processes only (it would write the local ones after its publish returned, so a
  // push made through it could reach them after a later one made locally: views out of order).
  const toRooms = (list: readonly string[], event: string, payload: unknown, json?: string) => {
    local.toRooms(list, event, payload, json);
    const here: string[] = [];
    for (const room of list) for (const id of io.sockets.adapter.rooms.get(room) ?? []) here.push(id);
    void io.to(list.slice()).except(here).emit(event, payload);
  };
  return {
    spansProcesses: true,
    local,
    toSeat: (code, seat, event, payload) => toRooms([rooms.seat(code, seat)], event, payload),
    toSpectators: (code, event, payload) => toRooms([rooms.spectators(code)], event, payload),
    toTable: (code, event, payload) => toRooms([rooms.table(code)], event, payload),
    toRooms,
  };
}

/** This process's sockets in `list` (each once), written the payload encoded once. */
function localBus(io: RoomEmitter): Bus {
  const namespace = io.sockets;
  const send = (list: readonly string[], event: string, payload: unknown, json?: string) => {
    let push: EncodedPush | null = null;
    const sent = list.length > 1 ? new Set<string>() : null;
    for (const room of list) {
      const members = namespace.adapter.rooms.get(room);
      if (!members) continue;
      for (const id of members) {
        if (sent) {
          if (sent.has(id)) continue;
          sent.add(id);
        }
        const socket = namespace.sockets.get(id);
        if (!socket || !admitPush(socket, event, payload)) continue;
        push ??= encodePush(event, json ?? JSON.stringify(payload));
        sendEncoded(socket, push);
      }
    }
  };
  const bus: Bus = {
    spansProcesses: false,
    get local() {
      return bus;
    },
    toSeat: (code, seat, event, payload) => send([rooms.seat(code, seat)], event, payload),
    toSpectators: (code, event, payload) => send([rooms.spectators(code)], event, payload),
    toTable: (code, event, payload) => send([rooms.table(code)], event, payload),
    toRooms: send,
  };
  return bus;
}
