import type { Seat, Viewer } from "@firmament/game-kit";
import { type Bus, rooms } from "./bus";
import type { TableEnv } from "./context";
import type { LiveTable } from "./live-table";
import type { ChatLine, Colour, EventsPush, SeatInfo, TableInfo, ViewPush } from "./protocol";
import type { ChatRow } from "./store/types";
import { isTurnBased, turnBasedDeadline } from "./turn-clock";

/** What everyone may know about a table: config, seats, presence, status. */
export function tableInfo(table: LiveTable): TableInfo {
  const present = new Set<Seat>();
  let spectators = 0;
  for (const c of table.conns.values()) {
    if (c.seat === null) spectators++;
    else present.add(c.seat);
  }
  return {
    code: table.row.code,
    config: { ...table.row.config },
    status: table.row.status,
    seats: table.seats.map((s): SeatInfo => {
      const info: SeatInfo = {
        seat: s.seat,
        colour: s.colour as Colour | null,
        name: s.name,
        kind: s.kind,
        connected: s.kind === "bot" || present.has(s.seat),
        botPlaying: s.kind === "human" && table.isBotPlaying(s.seat),
      };
      if (s.kind === "bot" && s.level) info.level = s.level;
      return info;
    }),
    hostSeat: table.row.hostSeat,
    ...(isTurnBased(table.row.config) && { moreTime: [...table.turns.askedMoreTime] }),
    spectators,
    match: table.row.match,
    game: table.row.match,
    createdAt: table.row.createdAt,
  };
}

/** When the turn timer of whoever must act now runs out (epoch ms), or null without a timer. */
export function deadline(env: TableEnv, table: LiveTable): number | null {
  if (isTurnBased(table.row.config)) return turnBasedDeadline(env, table);
  const setting = table.row.config.timer;
  const timers = setting === "off" ? null : table.game.rules.timers?.[setting];
  const match = table.match;
  const progress = match?.progress();
  if (!timers || !match || !progress || progress.awaiting.length === 0) return null;
  const seconds = timers[progress.phase];
  if (seconds === undefined) return null;
  return match.turnStartedAt + seconds * 1000 * env.timerScale;
}

/** One viewer's `view` push: that seat's (or a spectator's) view and the events projected for it. */
export function viewPush(
  env: TableEnv,
  table: LiveTable,
  viewer: Viewer,
  events: readonly unknown[],
): ViewPush {
  const rules = table.game.rules;
  const match = table.match;
  const view = rules.view(match?.state ?? null, viewer);
  return {
    match: table.row.match,
    game: table.row.match,
    version: match?.version ?? 0,
    view: table.game.history ? table.game.history.addTo(view, match?.history ?? []) : view,
    events: events.map((e) => rules.viewEvent(e, viewer)),
    deadline: deadline(env, table),
    now: env.clock.now(),
  } as ViewPush;
}

export function chatLine(row: ChatRow): ChatLine {
  return {
    id: row.id,
    seat: row.seat,
    name: row.name,
    colour: row.colour as Colour | null,
    text: row.text,
    at: row.at,
  };
}

/**
 * Whether this process knows every connection of a table: always on one process; in a cluster once the
 * other processes have had time to report theirs since this process loaded the table.
 */
function knowsEveryConnection(env: TableEnv, table: LiveTable): boolean {
  return !env.bus.spansProcesses || env.clock.now() - table.loadedAt >= env.settleMs;
}

/**
 * The fan-out for a table's pushes: this process only when every connection of the table is here (in
 * a cluster whose balancer routes by table, the usual case), else through the other processes too.
 */
export function fanOut(env: TableEnv, table: LiveTable): Bus {
  if (!knowsEveryConnection(env, table)) return env.bus;
  for (const c of table.conns.values()) if (c.remote) return env.bus;
  return env.bus.local;
}

/** Tells everyone at the table its seats, presence and status. */
export function sendTable(env: TableEnv, table: LiveTable): void {
  fanOut(env, table).toTable(table.code, "table", tableInfo(table));
}

/**
 * Tells every human seat and the spectators what an action changed. Connections that fold (`hello`
 * with `fold: true`) get its events as their viewer sees them (`events` push), the others their whole
 * view (`view` push); the start of a match (no events) is a whole view for everyone. Each distinct
 * payload is encoded once: spectators share one, and folding seats that see the same events (a star
 * placed, a card turned) share one too. Bot seats have nobody to tell; without spectators no
 * spectator view is computed. The table's owner knows the connections other processes hold too (they
 * report them), except just after it loaded the table: then it sends every view.
 */
export function pushViews(env: TableEnv, table: LiveTable, events: readonly unknown[]): void {
  if (table.match === null) return;
  const code = table.row.code;
  const audience = knowsEveryConnection(env, table) ? listeners(table) : null;
  const bus = fanOut(env, table);
  const wants = (viewer: Viewer, folding: boolean) =>
    audience === null || audience.has(listenerKey(viewer, folding));
  const viewers: Viewer[] = [];
  for (let seat = 0; seat < table.seats.length; seat++)
    if (table.seats[seat]?.kind !== "bot") viewers.push(seat);
  viewers.push("spectator");
  const roomOf = (viewer: Viewer) =>
    viewer === "spectator" ? rooms.spectators(code) : rooms.seat(code, viewer);
  const whole = events.length === 0;
  for (const viewer of viewers)
    if (wants(viewer, false) || (whole && wants(viewer, true))) {
      const list = [roomOf(viewer)];
      if (whole && wants(viewer, true)) list.push(rooms.folding(roomOf(viewer)));
      bus.toRooms(list, "view", viewPush(env, table, viewer, events));
    }
  if (whole) return;
  const folding = viewers.filter((viewer) => wants(viewer, true));
  pushEvents(env, table, events, bus, new Map(folding.map((v) => [v, rooms.folding(roomOf(v))])));
}

/**
 * Sends the folding rooms of `viewers` (viewer → room) the action's events as each viewer sees them,
 * one `events` push per distinct list (its JSON, made once per viewer, is also the push's payload).
 */
function pushEvents(
  env: TableEnv,
  table: LiveTable,
  events: readonly unknown[],
  bus: Bus,
  viewers: ReadonlyMap<Viewer, string>,
): void {
  const match = table.match;
  if (match === null || viewers.size === 0) return;
  const groups = new Map<string, { events: unknown[]; rooms: string[] }>();
  for (const [viewer, room] of viewers) {
    const seen = events.map((e) => table.game.rules.viewEvent(e, viewer));
    const json = JSON.stringify(seen);
    const group = groups.get(json);
    if (group) group.rooms.push(room);
    else groups.set(json, { events: seen, rooms: [room] });
  }
  const head = { match: table.row.match, game: table.row.match, version: match.version };
  const tail = { deadline: deadline(env, table), now: env.clock.now() };
  const [headJson, tailJson] = [JSON.stringify(head), JSON.stringify(tail)];
  for (const [json, group] of groups) {
    // the same text as JSON.stringify of the push: head's fields, then events, then tail's
    const pushJson = `${headJson.slice(0, -1)},"events":${json},${tailJson.slice(1)}`;
    bus.toRooms(group.rooms, "events", { ...head, events: group.events, ...tail } as EventsPush, pushJson);
  }
}

function listenerKey(viewer: Viewer, folding: boolean): string {
  return `${viewer}${folding ? ":f" : ""}`;
}

/** Who listens at this table on this process: each viewer, whole-view and folding apart. */
function listeners(table: LiveTable): Set<string> {
  const keys = new Set<string>();
  for (const c of table.conns.values()) keys.add(listenerKey(c.seat ?? "spectator", c.fold));
  return keys;
}
