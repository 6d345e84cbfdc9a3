import { useTranslation } from "react-i18next";

type RoundStart = { round: number; index: number };

/** The buttons: first, previous, play/pause, next, last, and the round to jump to. */
function ReplayButtons({
  at,
  last,
  round,
  starts,
  playing,
  go,
  togglePlay,
}: ReplayControlsProps & { round: number }) {
  const { t } = useTranslation();
  return (
    <div className="replay-buttons">
      <button type="button" onClick={() => go(0)} disabled={at === 0} aria-label={t("replay.first")}>
        |◀
      </button>
      <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-label={t("replay.previous")}>
        ◀
      </button>
      <button
        type="button"
        onClick={togglePlay}
        disabled={at >= last && !playing}
        aria-label={playing ? t("replay.pause") : t("replay.play")}
      >
        {playing ? "||" : "▶"} {playing ? t("replay.pause") : t("replay.play")}
      </button>
      <button type="button" onClick={() => go(at + 1)} disabled={at >= last} aria-label={t("replay.next")}>
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
  );
}

export interface ReplayControlsProps {
  /** The move on screen, 0 (as dealt) … last. */
  at: number;
  last: number;
  /** The round of the move on screen. */
  round: number;
  starts: readonly RoundStart[];
  playing: boolean;
  go: (index: number) => void;
  togglePlay: () => void;
}

/** The replay's controls: buttons, a slider over the moves, and where the replay is. */
export function ReplayControls(props: ReplayControlsProps) {
  const { t } = useTranslation();
  const { at, last, playing, go } = props;
  const where = at === 0 ? t("replay.dealt") : t("replay.step", { step: at, steps: last });
  return (
    <section className="panel replay-controls" aria-label={t("replay.controls")}>
      <ReplayButtons {...props} />
      <label className="replay-position">
        <span className="visually-hidden">{t("replay.position")}</span>
        <input
          type="range"
          min={0}
          max={last}
          value={at}
          onChange={(e) => go(Number(e.target.value))}
          aria-valuetext={where}
        />
      </label>
      <p className="replay-step" role={playing ? undefined : "status"}>
        {where}
      </p>
      <p className="muted small">{t("replay.keys")}</p>
    </section>
  );
}
