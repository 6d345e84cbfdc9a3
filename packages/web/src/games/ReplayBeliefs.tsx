import { Suspense } from "react";
import { useMatchBeliefs } from "../components/beliefs";
import type { ReplayPanelProps } from "../replay/panel";
import { BeliefsOfRound } from "./beliefs";
import { usePlay } from "./registry";
import type { GameKind } from "./types";

/** How far into its round a replay frame is, in the beliefs' steps (the game's record says which). */
function useBeliefStep(game: GameKind, view: unknown): number {
  const play = usePlay(game);
  return play.beliefStep(view as never);
}

function FrameBeliefs({ replay, frame }: ReplayPanelProps) {
  const state = useMatchBeliefs(replay.code, replay.match);
  const step = useBeliefStep(replay.game as GameKind, frame.view);
  if (state.status !== "ready") return null;
  const beliefs = state.beliefs.rounds.find((r) => r.round === frame.round);
  if (!beliefs) return null;
  const nameOf = (seat: number) => replay.seats.find((s) => s.seat === seat)?.name ?? `${seat + 1}`;
  const colours = replay.seats.map((s) => s.colour ?? "");
  return <BeliefsOfRound beliefs={beliefs} step={step} nameOf={nameOf} colours={colours} headingLevel={2} />;
}

/**
 * The strongest bot's beliefs beside a replay, moving with the frame on screen. Only revealed rounds are
 * explained (the server never explains a round in play), so an unfinished match's last round shows none.
 */
export function ReplayBeliefs(props: ReplayPanelProps) {
  return (
    <Suspense fallback={null}>
      <FrameBeliefs {...props} />
    </Suspense>
  );
}
