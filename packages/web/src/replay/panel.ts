import type { ReplayFrame, ReplayResponse } from "@firmament/protocol";

/**
 * Props a panel beside the replay gets, e.g. the bots' beliefs star by star (issue 13): the whole replay
 * and the frame on screen. Plug one in with `<ReplayPage beliefsPanel={…} />`.
 */
export interface ReplayPanelProps {
  replay: ReplayResponse;
  frame: ReplayFrame;
  index: number;
}
