import type { ReplayFrame, ReplayResponse, ReplayRound, SeatInfo, TableInfo } from "@firmament/protocol";
import type { GameKind, ViewPush } from "../games/types";

/** The first frame of each round, for "jump to round". */
export function roundStarts(frames: readonly ReplayFrame[]): Array<{ round: number; index: number }> {
  const starts: Array<{ round: number; index: number }> = [];
  frames.forEach((frame, index) => {
    if (starts.at(-1)?.round !== frame.round) starts.push({ round: frame.round, index });
  });
  return starts;
}

/** The move a shared link names (`?step=12`), else the deal. */
export function stepFrom(search: string): number {
  const step = new URLSearchParams(search).get("step") ?? "";
  return /^[0-9]{1,6}$/.test(step) ? Number(step) : 0;
}

/**
 * The table as the games' components expect it, for a past match: the table's config (its deck) and the
 * match's own seats and names — never the table's current presence.
 */
export function replayTable(replay: ReplayResponse, table: TableInfo | null): TableInfo {
  const seats = replay.seats.map(
    (s): SeatInfo => ({
      seat: s.seat,
      colour: s.colour as SeatInfo["colour"],
      name: s.name,
      kind: s.bot ? "bot" : "human",
      connected: true,
      botPlaying: false,
      ...(s.bot ? { level: s.bot as NonNullable<SeatInfo["level"]> } : {}),
    }),
  );
  const config =
    table?.config ??
    ({ game: replay.game, seats: seats.length, visibility: "private", timer: "off" } as TableInfo["config"]);
  return {
    code: replay.code,
    config: { ...config, timer: "off" },
    status: "over",
    seats,
    hostSeat: null,
    spectators: 0,
    match: replay.match,
    game: replay.match,
    createdAt: table?.createdAt ?? 0,
  };
}

/** A replay frame as the push a game's table renders: the spectator's view of that move, nothing live. */
export function framePush<K extends GameKind>(replay: ReplayResponse, frame: ReplayFrame): ViewPush<K> {
  return {
    match: replay.match,
    game: replay.match,
    version: frame.version,
    view: frame.view,
    events: [],
    deadline: null,
    now: 0,
  } as unknown as ViewPush<K>;
}

/** The actions a replay's read-only table offers: none of them does anything. */
const inert = async () => null;

/** A game's table as a replay frame shows it: that frame's push, no chat, no host, no actions, no explanations. */
export function frameTable<K extends GameKind>(replay: ReplayResponse, frame: ReplayFrame) {
  return {
    push: framePush<K>(replay, frame),
    chat: [],
    host: false,
    act: inert,
    say: inert,
    playAgain: inert,
    explain: false,
    replay: true,
  };
}

/** The round record of the frame on screen, if the replay has it. */
export function roundOf(replay: ReplayResponse, round: number): ReplayRound | null {
  return replay.rounds.find((r) => r.round === round) ?? null;
}
