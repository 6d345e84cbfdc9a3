import type { DreamersView } from "@firmament/dreamers";
import type { DreamsView } from "@firmament/dreams";
import { useMatchBeliefs } from "../components/beliefs";
import type { ReplayPanelProps } from "../replay/panel";
import { BeliefsOfRound } from "./beliefs";
import type { GameKind } from "./types";

/** How far into its round a replay frame is, in the beliefs' steps: stars placed (Dreams), turns finished (Dreamers). */
export function beliefStepOf(game: GameKind, view: unknown): number {
  return game === "dreams" ? (view as DreamsView).stars.length : (view as DreamersView).history.length;
}

/**
 * The strongest bot's beliefs beside a replay, moving with the frame on screen. Only revealed rounds are
 * explained (the server never explains a round in play), so an unfinished match's last round shows none.
 */
export function ReplayBeliefs({ replay, frame }: ReplayPanelProps) {
  const state = useMatchBeliefs(replay.code, replay.match);
  if (state.status !== "ready") return null;
  const beliefs = state.beliefs.rounds.find((r) => r.round === frame.round);
  if (!beliefs) return null;
  const nameOf = (seat: number) => replay.seats.find((s) => s.seat === seat)?.name ?? `${seat + 1}`;
  const colours = replay.seats.map((s) => s.colour ?? "");
  return (
    <BeliefsOfRound
      beliefs={beliefs}
      step={beliefStepOf(replay.game as GameKind, frame.view)}
      nameOf={nameOf}
      colours={colours}
      headingLevel={2}
    />
  );
}
