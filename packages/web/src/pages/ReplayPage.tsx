import type { ReplayFrame, ReplayResponse, TableInfo } from "@firmament/protocol";
import { type ComponentType, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { ReplayScreen } from "../games";
import { ReplayBeliefs } from "../games/ReplayBeliefs";
import { replayTable, roundStarts, stepFrom } from "../replay/frames";
import type { ReplayPanelProps } from "../replay/panel";
import { addReplayStrings } from "../replay/strings";
import { navigate } from "../router";

export type { ReplayPanelProps } from "../replay/panel";

/** How long autoplay shows each move. */
export const AUTOPLAY_MS = 900;

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
  const [replay, setReplay] = useState<ReplayResponse | null>(null);
  const [table, setTable] = useState<TableInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [index, setIndex] = useState(() => stepFrom(window.location.search));
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([api.replay(code, match), api.table(code).catch(() => null)])
      .then(([r, info]) => {
        if (!live) return;
        setReplay(r);
        setTable(info);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [code, match]);

  const last = replay ? replay.frames.length - 1 : 0;
  const at = Math.min(Math.max(index, 0), last);
  const go = useCallback((next: number) => setIndex(Math.min(Math.max(next, 0), last)), [last]);

  // The URL names the move on screen, so a link shares it.
  useEffect(() => {
    if (!replay) return;
    const url = `${window.location.pathname}${at > 0 ? `?step=${at}` : ""}`;
    window.history.replaceState(window.history.state, "", url);
  }, [at, replay]);

  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const timer = window.setTimeout(() => go(at + 1), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, at, last, go]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest("input, select, textarea, .board, dialog")) return;
      const move =
        event.key === "ArrowLeft"
          ? () => go(at - 1)
          : event.key === "ArrowRight"
            ? () => go(at + 1)
            : event.key === "Home"
              ? () => go(0)
              : event.key === "End"
                ? () => go(last)
                : event.key === "k"
                  ? () => setPlaying((p) => !p)
                  : null;
      if (!move) return;
      event.preventDefault();
      move();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [at, last, go]);

  const starts = useMemo(() => (replay ? roundStarts(replay.frames) : []), [replay]);

  if (failed)
    return (
      <div className="panel" role="alert">
        <p>{t("replay.loadFailed")}</p>
        <a href={`/t/${code}`}>{t("replay.backToTable")}</a>
      </div>
    );
  if (!replay) return <p className="muted">{t("app.loading")}</p>;
  const frame = replay.frames[at] as ReplayFrame;
  const gameName = replay.game === "dreams" ? "Dreams" : "Dreamers";
  const round = starts.findLast((s) => s.index <= at)?.round ?? frame.round;
  return (
    <div className="replay-page">
      <h1>{t("replay.title", { game: gameName, code, match })}</h1>
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
        · <a href={replay.record}>{t("replay.record", { match })}</a>
      </p>
      <section className="panel replay-controls" aria-label={t("replay.controls")}>
        <div className="replay-buttons">
          <button type="button" onClick={() => go(0)} disabled={at === 0} aria-label={t("replay.first")}>
            |◀
          </button>
          <button
            type="button"
            onClick={() => go(at - 1)}
            disabled={at === 0}
            aria-label={t("replay.previous")}
          >
            ◀
          </button>
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            disabled={at >= last && !playing}
            aria-label={playing ? t("replay.pause") : t("replay.play")}
          >
            {playing ? "||" : "▶"} {playing ? t("replay.pause") : t("replay.play")}
          </button>
          <button
            type="button"
            onClick={() => go(at + 1)}
            disabled={at >= last}
            aria-label={t("replay.next")}
          >
            ▶▶
          </button>
          <button type="button" onClick={() => go(last)} disabled={at >= last} aria-label={t("replay.last")}>
            ▶|
          </button>
          <label>
            {t("replay.jumpRound")}{" "}
            <select
              value={round}
              onChange={(e) => go(starts.find((s) => s.round === Number(e.target.value))?.index ?? 0)}
            >
              {starts.map((s) => (
                <option key={s.round} value={s.round}>
                  {t("replay.roundOption", { round: s.round })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="replay-position">
          <span className="visually-hidden">{t("replay.position")}</span>
          <input
            type="range"
            min={0}
            max={last}
            value={at}
            onChange={(e) => go(Number(e.target.value))}
            aria-valuetext={at === 0 ? t("replay.dealt") : t("replay.step", { step: at, steps: last })}
          />
        </label>
        <p className="replay-step" role={playing ? undefined : "status"}>
          {at === 0 ? t("replay.dealt") : t("replay.step", { step: at, steps: last })}
        </p>
        <p className="muted small">{t("replay.keys")}</p>
      </section>
      {BeliefsPanel && (
        <aside className="replay-beliefs">
          <BeliefsPanel replay={replay} frame={frame} index={at} />
        </aside>
      )}
      <ReplayScreen replay={replay} frame={frame} table={replayTable(replay, table)} />
    </div>
  );
}
