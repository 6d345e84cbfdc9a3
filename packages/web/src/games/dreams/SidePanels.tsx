import { type Colour, type DreamsView, WINNING_SCORE } from "@firmament/dreams";
import { useTranslation } from "react-i18next";
import { Countdown } from "../../components/Countdown";
import { Crescent, PlayerMark } from "../../components/Symbols";
import { Comma, Tag } from "../../components/Tag";
import { StarGlyph } from "./StarGlyph";
import type { Seats } from "./seats";

/** Players with their colour, symbol, score, and (while guessing) whether they have guessed. */
export function PlayersPanel({
  view,
  live = true,
  seats,
  deadlineFor,
  limitMs,
  spectators,
}: {
  view: DreamsView;
  /** At a live table a seat still to guess is thinking; in a replay it is simply still to move. */
  live?: boolean;
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
                  {view.guessed[seat]
                    ? `✓ ${t("dreams.game.guessed")}`
                    : t(live ? "game.thinking" : "game.toMove")}
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
