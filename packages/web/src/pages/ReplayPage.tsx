import type { ReplayFrame, ReplayResponse } from "@firmament/protocol";
import { type ComponentType, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ReplayScreen } from "../games";
import { ReplayBeliefs } from "../games/ReplayBeliefs";
import { findGame } from "../games/registry";
import type { GameKind } from "../games/types";
import { useShowGame } from "../pageGame";
import { ReplayControls } from "../replay/Controls";
import { replayTable, roundStarts } from "../replay/frames";
import type { ReplayPanelProps } from "../replay/panel";
import { RecordLinks } from "../replay/RecordLinks";
import { addReplayStrings } from "../replay/strings";
import { useReplayData, useReplayPosition } from "../replay/useReplay";
import { navigate } from "../router";

export type { ReplayPanelProps } from "../replay/panel";
export { AUTOPLAY_MS } from "../replay/useReplay";

/** Whether every secret is shown, with links back to the table and to the match's record. */
function ReplayNote({ replay, code, match }: { replay: ReplayResponse; code: string; match: number }) {
  const { t } = useTranslation();
  return (
    <p className={replay.finished ? "muted" : "banner"} role="note">
      {t(replay.finished ? "replay.finished" : "replay.unfinished")}{" "}
      <a
        href={`/t/${code}`}
        onClick={(e) => {
          e.preventDefault();
          navigate(`/t/${code}`);
        }}
      >
        {t("replay.backToTable")}
      </a>{" "}
      · <RecordLinks href={replay.record} code={code} match={match} />
    </p>
  );
}

/** /replay/:code/:match — a match move by move: step, jump to a round, autoplay; secrets once known. */
export default function ReplayPage({
  code,
  match,
  beliefsPanel: BeliefsPanel = ReplayBeliefs,
}: {
  code: string;
  match: number;
  beliefsPanel?: ComponentType<ReplayPanelProps>;
}) {
  addReplayStrings();
  const { t } = useTranslation();
  const { replay, table, failed } = useReplayData(code, match);
  const position = useReplayPosition(replay);
  const { at } = position;
  const starts = useMemo(() => (replay ? roundStarts(replay.frames) : []), [replay]);
  useShowGame(replay && findGame(replay.game) ? (replay.game as GameKind) : null);

  if (failed)
    return (
      <div className="panel" role="alert">
        <p>{t("replay.loadFailed")}</p>
        <a href={`/t/${code}`}>{t("replay.backToTable")}</a>
      </div>
    );
  if (!replay) return <p className="muted">{t("app.loading")}</p>;
  const frame = replay.frames[at] as ReplayFrame;
  const round = starts.findLast((s) => s.index <= at)?.round ?? frame.round;
  return (
    <div className="replay-page">
      <h1>{t("replay.title", { game: findGame(replay.game)?.title ?? replay.game, code, match })}</h1>
      <ReplayNote replay={replay} code={code} match={match} />
      <ReplayControls {...position} round={round} starts={starts} />
      <ReplayScreen replay={replay} frame={frame} table={replayTable(replay, table)} />
      {BeliefsPanel && (
        <aside className="replay-beliefs">
          <BeliefsPanel replay={replay} frame={frame} index={at} />
        </aside>
      )}
    </div>
  );
}
