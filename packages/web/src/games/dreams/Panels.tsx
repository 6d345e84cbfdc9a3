import {
  type Colour,
  type DreamsView,
  type Guess,
  legalActions,
  STAR_KINDS,
  type StarKind,
  WINNING_SCORE,
} from "@firmament/dreams";
import type { SeatInfo } from "@firmament/protocol";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Countdown } from "../../components/Countdown";
import { Crescent, PlayerMark } from "../../components/Symbols";
import { Comma, Tag } from "../../components/Tag";
import { updateSettings, useSettings } from "../../settings";
import { ranking } from "./ranking";
import { revealSchedule } from "./revealTiming";
import { StarGlyph } from "./StarGlyph";

export interface Seats {
  nameOf: (seat: number) => string;
  infoOf: (seat: number) => SeatInfo | undefined;
}

/**
 * The star kinds as radio buttons, the button that places the star, and the setting to confirm each
 * star. With confirming on, a click, a tap or Enter on the firmament only aims: the star waits there
 * ("pending") until "Place star", or is taken back with "Cancel".
 */
export function StarTray({
  view,
  kind,
  onKind,
  onPlace,
  onCancel,
  pending,
  busy,
  canPlace,
}: {
  view: DreamsView;
  kind: StarKind | null;
  onKind: (k: StarKind) => void;
  onPlace: () => void;
  onCancel: () => void;
  /** Confirming is on and a spot is chosen: the star waits there. */
  pending: boolean;
  busy: boolean;
  canPlace: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const confirmId = useId();
  const { confirmPlacement } = useSettings();
  const left = view.me?.starsLeft ?? [];
  return (
    <fieldset className="panel tray" id="region-stars" tabIndex={-1}>
      <legend>{t("dreams.game.starKind")}</legend>
      <div className="tray-kinds">
        {STAR_KINDS.map((k, i) => {
          const available = left.includes(k);
          return (
            <label key={k} className={`tray-kind${available ? "" : " used"}${kind === k ? " chosen" : ""}`}>
              <input
                type="radio"
                name={name}
                value={k}
                checked={kind === k}
                disabled={!available || !canPlace}
                onChange={() => onKind(k)}
                aria-label={t(`dreams.game.${k}`)}
                {...(kind === k && { "data-focus-first": true })}
              />
              <StarGlyph kind={k} size={28} />
              <span className="tray-key" aria-hidden="true">
                {i + 1}
              </span>
              {!available && <span className="tray-used">{t("dreams.game.used")}</span>}
            </label>
          );
        })}
      </div>
      <div className="tray-actions">
        <button
          type="button"
          className="primary"
          onClick={onPlace}
          disabled={!canPlace || busy || (confirmPlacement && !pending)}
        >
          {t("dreams.game.place")}
        </button>
        {pending && (
          <button type="button" onClick={onCancel} disabled={busy}>
            {t("dreams.game.cancelStar")}
          </button>
        )}
      </div>
      {confirmPlacement && canPlace && (
        <p className="muted tray-hint">{pending ? t("dreams.game.confirmHint") : t("dreams.game.aimHint")}</p>
      )}
      <label className="check" htmlFor={confirmId}>
        <input
          id={confirmId}
          type="checkbox"
          checked={confirmPlacement}
          onChange={(e) => updateSettings({ confirmPlacement: e.target.checked })}
        />
        <span>{t("dreams.game.confirmSetting")}</span>
      </label>
    </fieldset>
  );
}

const PEEK_MS = 10_000;

/**
 * The secret marker. By default it hides again 10 s after Peek, like a tile put back face down, so a
 * neighbour on the sofa does not read it; a player alone at the screen may keep it shown (a setting
 * this browser remembers), and can still hide it for the round with the same button.
 */
export function Marker({ view }: { view: DreamsView }) {
  const { t } = useTranslation();
  const { keepRole } = useSettings();
  const keepId = useId();
  // What the player chose this round with the button; the setting decides until then.
  const [chosen, setChosen] = useState<{ round: number; open: boolean } | null>(null);
  const me = view.me;
  const open = chosen?.round === view.round ? chosen.open : keepRole;
  const timed = open && !keepRole;
  useEffect(() => {
    if (!timed) return;
    const timer = window.setTimeout(() => setChosen({ round: view.round, open: false }), PEEK_MS);
    return () => window.clearTimeout(timer);
  }, [timed, view.round]);
  if (!me) return null;
  return (
    <section className="panel marker" id="region-marker" tabIndex={-1} aria-label={t("dreams.game.marker")}>
      <h2>{t("dreams.game.marker")}</h2>
      <button
        type="button"
        aria-pressed={open}
        onClick={() => setChosen({ round: view.round, open: !open })}
        data-focus-first
      >
        {t("dreams.game.peek")}
      </button>
      <p className={`marker-face${open ? " open" : ""}`} aria-live="polite">
        {!open
          ? t(keepRole ? "dreams.game.markerHiddenKept" : "dreams.game.markerHidden")
          : me.role === "god"
            ? t("dreams.game.youAreGod", { vision: me.vision })
            : t("dreams.game.youAreMortal")}
      </p>
      <label className="check" htmlFor={keepId}>
        <input
          id={keepId}
          type="checkbox"
          checked={keepRole}
          onChange={(e) => {
            updateSettings({ keepRole: e.target.checked });
            setChosen(null);
          }}
        />
        <span>{t("dreams.game.keepRole")}</span>
      </label>
    </section>
  );
}

/** A guess as players say it: the player a god named ("Bruno", not "purple"), or the mortal's image. */
function guessText(
  guess: Guess,
  view: DreamsView,
  seats: Seats,
  t: (k: string, o?: Record<string, unknown>) => string,
): string {
  if ("image" in guess) return t("dreams.game.guessImageShort", { n: guess.image });
  const seat = view.colours.indexOf(guess.colour);
  return seat < 0 ? t(`colour.${guess.colour}`) : seats.nameOf(seat);
}

/** Gods pick a colour, the mortal an image; the engine's legalActions decides which buttons exist. */
export function GuessPanel({
  view,
  seats,
  onGuess,
  busy,
}: {
  view: DreamsView;
  seats: Seats;
  onGuess: (g: Guess) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const me = view.me;
  if (view.phase !== "guessing" || !me) return null;
  const legal = legalActions(view).find((a) => a.type === "guess");
  return (
    <section
      className="panel guess"
      id="region-guess"
      tabIndex={-1}
      aria-label={t("dreams.game.guessHeading")}
    >
      <h2>{me.role === "mortal" ? t("dreams.game.guessMortal") : t("dreams.game.guessGod")}</h2>
      {me.guess ? (
        <p>
          {t("dreams.game.yourGuess", { guess: guessText(me.guess, view, seats, t) })}{" "}
          {t("dreams.game.youGuessed")}
        </p>
      ) : legal && legal.type === "guess" ? (
        <div className={me.role === "mortal" ? "guess-images" : "guess-colours"}>
          {legal.guesses.map((g, i) =>
            "colour" in g ? (
              <button
                key={g.colour}
                type="button"
                disabled={busy}
                {...(i === 0 && { "data-focus-first": true })}
                aria-label={t("dreams.game.guessColour", {
                  colour: t(`colour.${g.colour}`),
                  name: seats.nameOf(view.colours.indexOf(g.colour)),
                })}
                onClick={() => onGuess(g)}
              >
                <PlayerMark colour={g.colour} size={20} />
                <span>{t(`colour.${g.colour}`)}</span>{" "}
                <small>{seats.nameOf(view.colours.indexOf(g.colour))}</small>
              </button>
            ) : (
              <button
                key={g.image}
                type="button"
                disabled={busy}
                {...(i === 0 && { "data-focus-first": true })}
                aria-label={t("dreams.game.guessImage", { n: g.image })}
                onClick={() => onGuess(g)}
              >
                {g.image}
              </button>
            ),
          )}
        </div>
      ) : null}
    </section>
  );
}

/** Players with their colour, symbol, score, and (while guessing) whether they have guessed. */
export function PlayersPanel({
  view,
  seats,
  deadlineFor,
  limitMs,
  spectators,
}: {
  view: DreamsView;
  seats: Seats;
  deadlineFor: number | null;
  /** The turn's length, which no countdown shows more than. */
  limitMs?: number | null;
  spectators: number;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="panel players"
      id="region-players"
      tabIndex={-1}
      aria-label={t("dreams.game.players")}
    >
      <h2>{t("dreams.game.players")}</h2>
      <ul>
        {view.colours.map((colour, seat) => {
          const info = seats.infoOf(seat);
          const active = view.awaiting.includes(seat);
          return (
            <li key={colour} className={`player${active ? " active" : ""}`}>
              <PlayerMark colour={colour} size={18} />
              <span className="player-name" style={{ color: "var(--text)" }}>
                {seats.nameOf(seat)}
                {view.me?.seat === seat && <Tag>{t("lobby.you")}</Tag>}
                {view.dealer === seat && <Tag>{t("dreams.game.dealer")}</Tag>}
                {info?.kind === "bot" && <Tag>{t("lobby.bot")}</Tag>}
                {info?.kind === "human" && !info.connected && <Tag warn>{t("lobby.away")}</Tag>}
                {info?.botPlaying && <Tag warn>{t("game.botPlaying")}</Tag>}
              </span>
              <Comma />
              <span className="player-colour">{t(`colour.${colour}`)}</span>
              {view.phase === "guessing" && <Comma />}
              {view.phase === "guessing" && (
                <span className={view.guessed[seat] ? "guessed yes" : "guessed"}>
                  {view.guessed[seat] ? `✓ ${t("dreams.game.guessed")}` : t("game.thinking")}
                </span>
              )}
              {active && deadlineFor !== null && <Countdown deadline={deadlineFor} limitMs={limitMs} />}
              <Comma />
              <span className="player-score">
                {t("dreams.game.score", { count: view.scores[seat] ?? 0 })}
              </span>
            </li>
          );
        })}
      </ul>
      {spectators > 0 && <p className="muted">{t("lobby.watching", { count: spectators })}</p>}
    </section>
  );
}

/** The Gods track 0–16+, each player's crescent on their score. */
export function GodsTrack({ view, seats }: { view: DreamsView; seats: Seats }) {
  const { t } = useTranslation();
  const cells = Array.from({ length: WINNING_SCORE + 1 }, (_, i) => i);
  const summary = view.colours.map((_, s) => `${seats.nameOf(s)} ${view.scores[s] ?? 0}`).join(", ");
  return (
    <section className="panel track-panel" aria-label={t("dreams.game.godsTrack")}>
      <h2>{t("dreams.game.godsTrack")}</h2>
      <p className="visually-hidden">{summary}</p>
      <ol className="track" aria-hidden="true">
        {cells.map((cell) => {
          const here = view.colours
            .map((colour, seat) => ({ colour, seat }))
            .filter(({ seat }) => Math.min(view.scores[seat] ?? 0, WINNING_SCORE) === cell);
          return (
            <li key={cell} className={cell === WINNING_SCORE ? "track-cell goal" : "track-cell"}>
              <span className="track-number">{cell === WINNING_SCORE ? `${cell}+` : cell}</span>
              <span className="track-crescents">
                {here.map(({ colour }) => (
                  <Crescent key={colour} colour={colour} size={18} />
                ))}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Every placed star in order, with its owner. */
export function MoveList({ view, seats }: { view: DreamsView; seats: Seats }) {
  const { t } = useTranslation();
  return (
    <section className="panel moves" aria-label={t("dreams.game.moves")}>
      <h2>{t("dreams.game.moves")}</h2>
      {view.stars.length === 0 ? (
        <p className="muted">{t("dreams.game.noMoves")}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list needs focus to scroll by keys
        <ol tabIndex={0} aria-label={t("dreams.game.moves")}>
          {view.stars.map((star, i) => (
            <li key={`${star.seat}-${star.kind}`}>
              <span className="move-order">{i + 1}</span>
              <StarGlyph kind={star.kind} size={16} />
              <PlayerMark colour={view.colours[star.seat] as Colour} size={14} />
              {t("dreams.game.moveLine", {
                name: seats.nameOf(star.seat),
                kind: t(`dreams.game.kindShort_${star.kind}`),
              })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

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

/**
 * The reveal: the secret, every guess, and the round's scoring broken down by rule, unfolding line
 * by line; "Next round" (and "Play again") only once all of it is on screen. At the end of the game,
 * the winners, the final ranking and the way back to the start.
 */
export function RevealPanel({
  view,
  seats,
  onReady,
  onPlayAgain,
  onLeave,
  host,
  busy,
  children,
}: {
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
}) {
  const { t } = useTranslation();
  const result = view.result;
  const schedule = revealSchedule(view.colours.length, useReducedMotion());
  const [shown, markShown] = useRevealShown(view.round, result !== null, schedule.done);
  if (!result) return null;
  const mortal = result.secret.mortal;
  const over = view.phase === "over";
  const canReady = legalActions(view).some((a) => a.type === "ready");
  const waiting = view.colours.map((_, s) => s).filter((s) => !view.ready[s]);
  const winners = view.winners ?? [];
  const delay = (ms: number) => ({ animationDelay: `${ms}ms` });
  return (
    <section
      className={`panel reveal${over ? " over" : ""}`}
      id="region-reveal"
      tabIndex={-1}
      aria-labelledby="reveal-heading"
    >
      {over && (
        <div className="end">
          <h2 id="reveal-heading">{t("dreams.game.gameOver")}</h2>
          <p className="winners">
            {t(winners.length > 1 ? "dreams.game.winners" : "dreams.game.winner", {
              names: winners.map((s) => seats.nameOf(s)).join(", "),
            })}
          </p>
          <FinalRanking view={view} seats={seats} />
        </div>
      )}
      {over ? (
        <h3>{t("dreams.game.revealHeading", { round: view.round })}</h3>
      ) : (
        <h2 id="reveal-heading">{t("dreams.game.revealHeading", { round: view.round })}</h2>
      )}
      <p className="reveal-line" style={delay(schedule.lines[0])}>
        {t("dreams.game.vision", { vision: result.secret.vision })}
      </p>
      <p className="reveal-line" style={delay(schedule.lines[1])}>
        <PlayerMark colour={view.colours[mortal] as Colour} />{" "}
        {t("dreams.game.mortalWas", { name: seats.nameOf(mortal) })}
      </p>
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
          {result.scoring.map((row, i) => {
            const guess = result.guesses[row.seat];
            return (
              <tr
                key={row.seat}
                className={row.seat === mortal ? "mortal-row" : undefined}
                style={delay(schedule.rows[i] ?? 0)}
                onAnimationEnd={i === result.scoring.length - 1 ? markShown : undefined}
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
          })}
        </tbody>
      </table>
      {children}
      {!over && (
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
      )}
      {over && (
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
      )}
    </section>
  );
}
