import {
  type Colour,
  type DreamsView,
  type Guess,
  legalActions,
  STAR_KINDS,
  type StarKind,
  WINNING_SCORE,
} from "@firmament/engine";
import type { SeatInfo } from "@firmament/protocol";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Countdown } from "../../components/Countdown";
import { Crescent, PlayerMark, StarGlyph } from "../../components/Symbols";

export interface Seats {
  nameOf: (seat: number) => string;
  infoOf: (seat: number) => SeatInfo | undefined;
}

/** The star kinds as radio buttons plus the button that places at the cursor. */
export function StarTray({
  view,
  kind,
  onKind,
  onPlace,
  busy,
  canPlace,
}: {
  view: DreamsView;
  kind: StarKind | null;
  onKind: (k: StarKind) => void;
  onPlace: () => void;
  busy: boolean;
  canPlace: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const left = view.me?.starsLeft ?? [];
  return (
    <fieldset className="panel tray">
      <legend>{t("game.starKind")}</legend>
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
                aria-label={t(`game.${k}`)}
              />
              <StarGlyph kind={k} size={28} />
              <span className="tray-key" aria-hidden="true">
                {i + 1}
              </span>
              {!available && <span className="tray-used">{t("game.used")}</span>}
            </label>
          );
        })}
      </div>
      <button type="button" className="primary" onClick={onPlace} disabled={!canPlace || busy}>
        {t("game.place")}
      </button>
    </fieldset>
  );
}

const PEEK_MS = 10_000;

/** The secret marker, hidden until the player presses Peek (and again 10 s later). */
export function Marker({ view }: { view: DreamsView }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  const me = view.me;
  const open = shown === view.round;
  // The marker hides itself again after a while, like a tile put back face down.
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setShown(null), PEEK_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  if (!me) return null;
  return (
    <section className="panel marker" aria-label={t("game.marker")}>
      <h2>{t("game.marker")}</h2>
      <button type="button" aria-pressed={open} onClick={() => setShown(open ? null : view.round)}>
        {t("game.peek")}
      </button>
      <p className={`marker-face${open ? " open" : ""}`} aria-live="polite">
        {!open
          ? t("game.markerHidden")
          : me.role === "god"
            ? t("game.youAreGod", { vision: me.vision })
            : t("game.youAreMortal")}
      </p>
    </section>
  );
}

function guessText(guess: Guess, t: (k: string, o?: Record<string, unknown>) => string): string {
  return "colour" in guess ? t(`colour.${guess.colour}`) : t("game.guessImageShort", { n: guess.image });
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
    <section className="panel guess" aria-label={t("game.guessHeading")}>
      <h2>{me.role === "mortal" ? t("game.guessMortal") : t("game.guessGod")}</h2>
      {me.guess ? (
        <p>
          {t("game.yourGuess", { guess: guessText(me.guess, t) })} {t("game.youGuessed")}
        </p>
      ) : legal && legal.type === "guess" ? (
        <div className={me.role === "mortal" ? "guess-images" : "guess-colours"}>
          {legal.guesses.map((g) =>
            "colour" in g ? (
              <button
                key={g.colour}
                type="button"
                disabled={busy}
                aria-label={t("game.guessColour", {
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
                aria-label={t("game.guessImage", { n: g.image })}
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
    <section className="panel players" aria-label={t("game.players")}>
      <h2>{t("game.players")}</h2>
      <ul>
        {view.colours.map((colour, seat) => {
          const info = seats.infoOf(seat);
          const active = view.awaiting.includes(seat);
          return (
            <li key={colour} className={`player${active ? " active" : ""}`}>
              <PlayerMark colour={colour} size={18} />
              <span className="player-name" style={{ color: "var(--text)" }}>
                {seats.nameOf(seat)}
                {view.me?.seat === seat && <span className="tag">{t("lobby.you")}</span>}
                {view.dealer === seat && <span className="tag">{t("game.dealer")}</span>}
                {info?.kind === "bot" && <span className="tag">{t("lobby.bot")}</span>}
                {info?.kind === "human" && !info.connected && (
                  <span className="tag warn">{t("lobby.away")}</span>
                )}
                {info?.botPlaying && <span className="tag warn">{t("game.botPlaying")}</span>}
              </span>
              <span className="player-colour">{t(`colour.${colour}`)}</span>
              {view.phase === "guessing" && (
                <span className={view.guessed[seat] ? "guessed yes" : "guessed"}>
                  {view.guessed[seat] ? `✓ ${t("game.guessed")}` : t("game.thinking")}
                </span>
              )}
              {active && deadlineFor !== null && <Countdown deadline={deadlineFor} limitMs={limitMs} />}
              <span className="player-score">{t("game.score", { count: view.scores[seat] ?? 0 })}</span>
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
    <section className="panel track-panel" aria-label={t("game.godsTrack")}>
      <h2>{t("game.godsTrack")}</h2>
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
    <section className="panel moves" aria-label={t("game.moves")}>
      <h2>{t("game.moves")}</h2>
      {view.stars.length === 0 ? (
        <p className="muted">{t("game.noMoves")}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list needs focus to scroll by keys
        <ol tabIndex={0} aria-label={t("game.moves")}>
          {view.stars.map((star, i) => (
            <li key={`${star.seat}-${star.kind}`}>
              <span className="move-order">{i + 1}</span>
              <StarGlyph kind={star.kind} size={16} />
              <PlayerMark colour={view.colours[star.seat] as Colour} size={14} />
              {t("game.moveLine", { name: seats.nameOf(star.seat), kind: t(`game.kindShort_${star.kind}`) })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The reveal: the secret, every guess, and the round's scoring broken down by rule. */
export function RevealPanel({
  view,
  seats,
  onReady,
  onPlayAgain,
  host,
  busy,
}: {
  view: DreamsView;
  seats: Seats;
  onReady: () => void;
  onPlayAgain: () => void;
  host: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const result = view.result;
  if (!result) return null;
  const mortal = result.secret.mortal;
  const over = view.phase === "over";
  const canReady = legalActions(view).some((a) => a.type === "ready");
  const waiting = view.colours.map((_, s) => s).filter((s) => !view.ready[s]);
  const winners = view.winners ?? [];
  return (
    <section className={`panel reveal${over ? " over" : ""}`} aria-labelledby="reveal-heading">
      {over && (
        <div className="end">
          <h2 id="reveal-heading">{t("game.gameOver")}</h2>
          <p className="winners">
            {t(winners.length > 1 ? "game.winners" : "game.winner", {
              names: winners.map((s) => seats.nameOf(s)).join(", "),
            })}
          </p>
        </div>
      )}
      {over ? (
        <h3>{t("game.revealHeading", { round: view.round })}</h3>
      ) : (
        <h2 id="reveal-heading">{t("game.revealHeading", { round: view.round })}</h2>
      )}
      <p>{t("game.vision", { vision: result.secret.vision })}</p>
      <p>
        <PlayerMark colour={view.colours[mortal] as Colour} />{" "}
        {t("game.mortalWas", { name: seats.nameOf(mortal) })}
      </p>
      <table className="scoring">
        <caption>{t("game.scoring")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("game.player")}</th>
            <th scope="col">{t("game.guessColumn")}</th>
            <th scope="col">{t("game.points")}</th>
            <th scope="col">{t("game.total")}</th>
          </tr>
        </thead>
        <tbody>
          {result.scoring.map((row) => {
            const guess = result.guesses[row.seat];
            return (
              <tr key={row.seat} className={row.seat === mortal ? "mortal-row" : undefined}>
                <th scope="row">
                  <PlayerMark colour={view.colours[row.seat] as Colour} size={14} /> {seats.nameOf(row.seat)}
                </th>
                <td>{guess ? guessText(guess, t) : "—"}</td>
                <td>
                  {row.reasons.length === 0 ? (
                    <span className="muted">{t("game.nothing")}</span>
                  ) : (
                    <ul className="reasons">
                      {row.reasons.map((r) => (
                        <li key={r}>{t(`game.reason_${r}`)}</li>
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
      {!over && (
        <div className="reveal-actions">
          {canReady && (
            <button type="button" className="primary" onClick={onReady} disabled={busy}>
              {t("game.nextRound")}
            </button>
          )}
          {waiting.length > 0 && (
            <p className="muted">
              {t("game.waitingFor", { names: waiting.map((s) => seats.nameOf(s)).join(", ") })}
            </p>
          )}
        </div>
      )}
      {over &&
        (host ? (
          <button type="button" className="primary" onClick={onPlayAgain} disabled={busy}>
            {t("game.playAgain")}
          </button>
        ) : (
          <p className="muted">{t("game.waitPlayAgain")}</p>
        ))}
    </section>
  );
}
