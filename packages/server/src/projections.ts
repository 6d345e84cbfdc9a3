import type { Seat, Viewer } from "@firmament/game-kit";
import { type Bus, rooms } from "./bus";
import type { ServiceContext } from "./context";
import { type Live, progressOf } from "./live";
import type { ChatLine, Colour, EventsPush, SeatInfo, TableInfo, ViewPush } from "./protocol";
import type { ChatRow } from "./store/types";

/** What everyone may know about a table: config, seats, presence, status. */
export function tableInfo(live: Live): TableInfo {
  const present = new Set<Seat>();
  let spectators = 0;
  for (const c of live.conns.values()) {
    if (c.seat === null) spectators++;
    else present.add(c.seat);
  }
  return {
    code: live.row.code,
    config: { ...live.row.config },
    status: live.row.status,
    seats: live.seats.map((s): SeatInfo => {
      const info: SeatInfo = {
        seat: s.seat,
        colour: s.colour as Colour | null,
        name: s.name,
        kind: s.kind,
        connected: s.kind === "bot" || present.has(s.seat),
        botPlaying: s.kind === "human" && live.botPlaying.has(s.seat),
      };
      if (s.kind === "bot" && s.level) info.level = s.level;
      return info;
    }),
    hostSeat: live.row.hostSeat,
    spectators,
    match: live.row.match,
    game: live.row.match,
    createdAt: live.row.createdAt,
  };
}

/** When the turn timer of whoever must act now runs out (epoch ms), or null without a timer. */
export function deadline(ctx: ServiceContext, live: Live): number | null {
  const setting = live.row.config.timer;
  const timers = setting === "off" ? null : live.game.rules.timers?.[setting];
  const progress = progressOf(live);
  if (!timers || !progress || progress.awaiting.length === 0) return null;
  const seconds = timers[progress.phase];
  if (seconds === undefined) return null;
  return live.turnStartedAt + seconds * 1000 * ctx.timerScale;
}

/** One viewer's `view` push: that seat's (or a spectator's) view and the events projected for it. */
export function viewPush(
  ctx: ServiceContext,
  live: Live,
  viewer: Viewer,
  events: readonly unknown[],
): ViewPush {
  const rules = live.game.rules;
  const view = rules.view(live.state, viewer);
  return {
    match: live.row.match,
    game: live.row.match,
    version: live.version,
    view: live.game.history ? live.game.history.addTo(view, live.history) : view,
    events: events.map((e) => rules.viewEvent(e, viewer)),
    deadline: deadline(ctx, live),
    now: ctx.clock.now(),
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
function knowsEveryConnection(ctx: ServiceContext, live: Live): boolean {
  return !ctx.bus.spansProcesses || ctx.clock.now() - live.loadedAt >= ctx.settleMs;
}

/**
 * The fan-out for a table's pushes: this process only when every connection of the table is here (in
 * a cluster whose balancer routes by table, the usual case), else through the other processes too.
 */
export function fanOut(ctx: ServiceContext, live: Live): Bus {
  if (!knowsEveryConnection(ctx, live)) return ctx.bus;
  for (const c of live.conns.values()) if (c.remote) return ctx.bus;
  return ctx.bus.local;
}

/** Tells everyone at the table its new seats, presence or status (and settles any batched presence push). */
export function pushTable(ctx: ServiceContext, live: Live): void {
  if (live.presenceTimer !== null) ctx.clock.clearTimer(live.presenceTimer);
  live.presenceTimer = null;
  fanOut(ctx, live).toTable(live.row.code, "table", tableInfo(live));
}

/** How long presence changes (connections coming and going) are gathered into one `table` push. */
export const PRESENCE_BATCH_MS = 100;

/**
 * Presence changed: everyone hears of it in one `table` push at most `PRESENCE_BATCH_MS` later, so
 * a crowd of spectators arriving at once costs one push per connection, not one per pair.
 */
export function pushPresence(ctx: ServiceContext, live: Live): void {
  if (live.presenceTimer !== null) return;
  live.presenceTimer = ctx.clock.setTimer(() => {
    live.presenceTimer = null;
    pushTable(ctx, live);
  }, PRESENCE_BATCH_MS);
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
export function pushViews(ctx: ServiceContext, live: Live, events: readonly unknown[]): void {
  if (live.state === null) return;
  const code = live.row.code;
  const audience = knowsEveryConnection(ctx, live) ? listeners(live) : null;
  const bus = fanOut(ctx, live);
  const wants = (viewer: Viewer, folding: boolean) =>
    audience === null || audience.has(listenerKey(viewer, folding));
  const viewers: Viewer[] = [];
  for (let seat = 0; seat < live.seats.length; seat++)
    if (live.seats[seat]?.kind !== "bot") viewers.push(seat);
  viewers.push("spectator");
  const roomOf = (viewer: Viewer) =>
    viewer === "spectator" ? rooms.spectators(code) : rooms.seat(code, viewer);
  const whole = events.length === 0;
  for (const viewer of viewers)
    if (wants(viewer, false) || (whole && wants(viewer, true))) {
      const list = [roomOf(viewer)];
      if (whole && wants(viewer, true)) list.push(rooms.folding(roomOf(viewer)));
      bus.toRooms(list, "view", viewPush(ctx, live, viewer, events));
    }
  if (whole) return;
  const groups = new Map<string, { events: unknown[]; rooms: string[] }>();
  for (const viewer of viewers) {
    if (!wants(viewer, true)) continue;
    const seen = events.map((e) => live.game.rules.viewEvent(e, viewer));
    const key = JSON.stringify(seen);
    const group = groups.get(key);
    if (group) group.rooms.push(rooms.folding(roomOf(viewer)));
    else groups.set(key, { events: seen, rooms: [rooms.folding(roomOf(viewer))] });
  }
  if (groups.size === 0) return;
  const head = { match: live.row.match, game: live.row.match, version: live.version };
  const tail = { deadline: deadline(ctx, live), now: ctx.clock.now() };
  for (const group of groups.values())
    bus.toRooms(group.rooms, "events", { ...head, events: group.events, ...tail } as EventsPush);
}

function listenerKey(viewer: Viewer, folding: boolean): string {
  return `${viewer}${folding ? ":f" : ""}`;
}

/** Who listens at this table on this process: each viewer, whole-view and folding apart. */
function listeners(live: Live): Set<string> {
  const keys = new Set<string>();
  for (const c of live.conns.values()) keys.add(listenerKey(c.seat ?? "spectator", c.fold));
  return keys;
}
