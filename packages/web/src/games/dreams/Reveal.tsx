import { type Colour, type DreamsView, legalActions } from "@firmament/dreams";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PlayerMark } from "../../components/Symbols";
import { Comma } from "../../components/Tag";
import { useIntoViewOnAppear } from "../../components/useIntoView";
import { guessText } from "./Guess";
import { ranking } from "./ranking";
import { revealSchedule } from "./revealTiming";
import type { Seats } from "./seats";

function useReducedMotion(): boolean {
  const [reduced] = useState(
    () =>
      typeof window.matchMedia === "function" &&
      window.matchMedia("(prefers-reduced-motion: reduce)").matches,
  );
  return reduced;
}

/**
 * Whether the reveal of `round` has fully faded in (at once with reduced motion), and the function the
 * last line's animationend calls to say so. A timer stands in where animations do not run (a tab in
 * the background).
 */
function useRevealShown(round: number, revealed: boolean, doneMs: number): [boolean, () => void] {
  const [shownRound, setShownRound] = useState<number | null>(null);
  useEffect(() => {
    if (!revealed || doneMs === 0) return;
    const timer = window.setTimeout(() => setShownRound(round), doneMs + 1000);
    return () => window.clearTimeout(timer);
  }, [round, revealed, doneMs]);
  return [revealed && (doneMs === 0 || shownRound === round), () => setShownRound(round)];
}

/** The end of the game: every player by final score, best first, places shared on a tie. */
function FinalRanking({ view, seats }: { view: DreamsView; seats: Seats }) {
  const { t } = useTranslation();
  return (
    <section className="final-ranking" aria-labelledby="final-ranking-heading">
      <h3 id="final-ranking-heading">{t("dreams.game.finalRanking")}</h3>
      <ol>
        {ranking(view.scores).map((p) => (
          <li key={p.seat} className={p.place === 1 ? "first" : undefined}>
            <span className="place">{t("dreams.game.rank", { place: p.place })}</span>
            <Comma />
            <span className="who">
              <PlayerMark colour={view.colours[p.seat] as Colour} size={16} />
              <span>{seats.nameOf(p.seat)}</span>
            </span>
            <Comma />
            <span className="final-score">{t("dreams.game.score", { count: p.score })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

type Schedule = ReturnType<typeof revealSchedule>;
const delay = (ms: number) => ({ animationDelay: `${ms}ms` });

/** One player's row of the scoring: their guess, the points each rule gave, their total. */
function ScoringRow({
  view,
  seats,
  row,
  style,
  onAnimationEnd,
}: {
  view: DreamsView;
  seats: Seats;
  row: NonNullable<DreamsView["result"]>["scoring"][number];
  style: { animationDelay: string };
  onAnimationEnd: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const guess = view.result?.guesses[row.seat];
  return (
    <tr
      className={row.seat === view.result?.secret.mortal ? "mortal-row" : undefined}
      style={style}
      onAnimationEnd={onAnimationEnd}
    >
      <th scope="row">
        <span className="who">
          <PlayerMark colour={view.colours[row.seat] as Colour} size={14} />
          <span>{seats.nameOf(row.seat)}</span>
        </span>
      </th>
      <td className={guess && "image" in guess ? "nowrap" : undefined}>
        {guess ? guessText(guess, view, seats, t) : "—"}
      </td>
      <td>
        {row.reasons.length === 0 ? (
          <span className="muted">{t("dreams.game.nothing")}</span>
        ) : (
          <ul className="reasons">
            {row.reasons.map((r) => (
              <li key={r}>{t(`dreams.game.reason_${r}`)}</li>
            ))}
          </ul>
        )}
      </td>
      <td className="num">{view.scores[row.seat] ?? 0}</td>
    </tr>
  );
}

/** The round's scoring by rule, row by row, each row fading in on its turn. */
function ScoringTable({
  view,
  seats,
  schedule,
  onShown,
}: {
  view: DreamsView;
  seats: Seats;
  schedule: Schedule;
  onShown: () => void;
}) {
  const { t } = useTranslation();
  const scoring = view.result?.scoring ?? [];
  return (
    <table className="scoring">
      <caption>{t("dreams.game.scoring")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("dreams.game.player")}</th>
          <th scope="col">{t("dreams.game.guessColumn")}</th>
          <th scope="col">{t("dreams.game.points")}</th>
          <th scope="col">{t("dreams.game.total")}</th>
        </tr>
      </thead>
      <tbody>
        {scoring.map((row, i) => (
          <ScoringRow
            key={row.seat}
            view={view}
            seats={seats}
            row={row}
            style={delay(schedule.rows[i] ?? 0)}
            onAnimationEnd={i === scoring.length - 1 ? onShown : undefined}
          />
        ))}
      </tbody>
    </table>
  );
}

/** The end of the game: its heading, the winners and the final ranking. */
function GameEnd({ view, seats }: { view: DreamsView; seats: Seats }) {
  const { t } = useTranslation();
  const winners = view.winners ?? [];
  const end = useIntoViewOnAppear<HTMLDivElement>();
  return (
    <div className="end" ref={end}>
      <h2 id="reveal-heading">{t("dreams.game.gameOver")}</h2>
      <p className="winners">
        {t(winners.length > 1 ? "dreams.game.winners" : "dreams.game.winner", {
          names: winners.map((s) => seats.nameOf(s)).join(", "),
        })}
      </p>
      <FinalRanking view={view} seats={seats} />
    </div>
  );
}

/** During the game: "Next round" and who is not ready yet. */
function NextRound({ view, seats, onReady, busy, shown }: RevealActionsProps) {
  const { t } = useTranslation();
  const canReady = legalActions(view).some((a) => a.type === "ready");
  const waiting = view.colours.map((_, s) => s).filter((s) => !view.ready[s]);
  return (
    <div className="reveal-actions">
      {canReady && (
        <button
          type="button"
          className="primary"
          onClick={onReady}
          disabled={busy || !shown}
          data-focus-first
        >
          {t("dreams.game.nextRound")}
        </button>
      )}
      {waiting.length > 0 && (
        <p className="muted">
          {t("dreams.game.waitingFor", { names: waiting.map((s) => seats.nameOf(s)).join(", ") })}
        </p>
      )}
    </div>
  );
}

/** At the end: "Play again" for the host, and the way back to the start page. */
function AfterTheEnd({ onPlayAgain, onLeave, host, busy, shown }: RevealActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="reveal-actions">
      {host ? (
        <button
          type="button"
          className="primary"
          onClick={onPlayAgain}
          disabled={busy || !shown}
          data-focus-first
        >
          {t("dreams.game.playAgain")}
        </button>
      ) : (
        <p className="muted">{t("dreams.game.waitPlayAgain")}</p>
      )}
      {onLeave && (
        <a
          href="/"
          className="back-home"
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            onLeave();
          }}
        >
          {t("app.back")}
        </a>
      )}
    </div>
  );
}

interface RevealPanelProps {
  view: DreamsView;
  seats: Seats;
  onReady: () => void;
  onPlayAgain: () => void;
  /** Shown under the scoring table (the bot's beliefs). */
  children?: ReactNode;
  /** Back to the start page (offered at the end of the game). */
  onLeave?: () => void;
  host: boolean;
  busy: boolean;
  /** A live table (false in a replay: nobody to wait for, no next round to start). */
  live?: boolean;
}

type RevealActionsProps = Omit<RevealPanelProps, "children"> & { shown: boolean };

/**
 * The reveal: the secret, every guess, and the round's scoring broken down by rule, unfolding line
 * by line; "Next round" (and "Play again") only once all of it is on screen. At the end of the game,
 * the winners, the final ranking and the way back to the start.
 */
export function RevealPanel(props: RevealPanelProps) {
  const { view, seats, children, live = true } = props;
  const { t } = useTranslation();
  const result = view.result;
  const schedule = revealSchedule(view.colours.length, useReducedMotion());
  const [shown, markShown] = useRevealShown(view.round, result !== null, schedule.done);
  if (!result) return null;
  const mortal = result.secret.mortal;
  const over = view.phase === "over";
  const heading = t("dreams.game.revealHeading", { round: view.round });
  return (
    <section
      className={`panel reveal${over ? " over" : ""}`}
      id="region-reveal"
      tabIndex={-1}
      aria-labelledby="reveal-heading"
    >
      {over && <GameEnd view={view} seats={seats} />}
      {over ? <h3>{heading}</h3> : <h2 id="reveal-heading">{heading}</h2>}
      <p className="reveal-line" style={delay(schedule.lines[0])}>
        {t("dreams.game.vision", { vision: result.secret.vision })}
      </p>
      <p className="reveal-line" style={delay(schedule.lines[1])}>
        <PlayerMark colour={view.colours[mortal] as Colour} />{" "}
        {t("dreams.game.mortalWas", { name: seats.nameOf(mortal) })}
      </p>
      <ScoringTable view={view} seats={seats} schedule={schedule} onShown={markShown} />
      {children}
      {live && (over ? <AfterTheEnd {...props} shown={shown} /> : <NextRound {...props} shown={shown} />)}
    </section>
  );
}
