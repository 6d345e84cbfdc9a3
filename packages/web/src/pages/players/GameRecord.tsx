import { type PlayerGameStats, RATING_RULES } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { RatingChart } from "../../components/RatingChart";

/** One game on a profile: played and won, the rating (marked while provisional) and its line. */
export function GameRecord({ stats }: { stats: PlayerGameStats }) {
  const { t } = useTranslation();
  const game = t(`${stats.game}.listing.label`);
  const headingId = `game-${stats.game}`;
  const { rating, history } = stats;
  return (
    <section className="panel player-game" aria-labelledby={headingId}>
      <h2 id={headingId}>{game}</h2>
      <p>
        {t("players.played", { count: stats.played })} · {t("players.won", { count: stats.won })}
      </p>
      {rating ? (
        <p className="player-rating">
          <strong>{t("players.ratingValue", { rating: rating.rating })}</strong>
          {rating.provisional && (
            <>
              {" "}
              <span className="tag warn">{t("players.provisional")}</span>{" "}
              <span className="muted">
                {t("players.provisionalHint", { count: RATING_RULES.provisionalGames })}
              </span>
            </>
          )}
        </p>
      ) : (
        <p className="muted">{t("players.noRating")}</p>
      )}
      {history.length > 1 && (
        <RatingChart
          history={history}
          label={t("players.chart", {
            game,
            count: history.length,
            first: history[0]?.rating,
            last: history.at(-1)?.rating,
          })}
        />
      )}
    </section>
  );
}
