import { RATING_RULES } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { GAMES } from "../games/registry";
import { AppLink, profilePath } from "./players/AppLink";
import { useFetched } from "./players/useFetched";

/** /leaderboard/:game — the best-rated active players of one game, with links to the other games' boards. */
export default function LeaderboardPage({ game }: { game: string }) {
  const { t } = useTranslation();
  const { value: board, error } = useFetched(`board/${game}`, () => api.leaderboard(game));
  const title = t(`${game}.listing.label`);
  return (
    <div className="leaderboard-page">
      <h1>{t("players.leaderboardHeading", { game: title })}</h1>
      <nav aria-label={t("players.leaderboardGames")} className="leaderboard-games">
        {GAMES.map((g) => (
          <AppLink key={g.kind} to={`/leaderboard/${g.kind}`} current={g.kind === game}>
            {t(`${g.kind}.listing.label`)}
          </AppLink>
        ))}
      </nav>
      <p className="muted">
        {t("players.leaderboardIntro", {
          size: RATING_RULES.leaderboardSize,
          games: RATING_RULES.leaderboardGames,
          days: RATING_RULES.leaderboardDays,
        })}
      </p>
      {error && (
        <p className="error" role="alert">
          {t("players.failed")}
        </p>
      )}
      {!board && !error && <p className="muted">{t("app.loading")}</p>}
      {board && board.entries.length === 0 && <p>{t("players.leaderboardEmpty")}</p>}
      {board && board.entries.length > 0 && (
        <div className="table-scroll panel">
          <table className="leaderboard">
            <thead>
              <tr>
                <th scope="col">{t("players.leaderboardPlace")}</th>
                <th scope="col">{t("players.player")}</th>
                <th scope="col">{t("players.rating")}</th>
                <th scope="col">{t("players.gamesCount")}</th>
              </tr>
            </thead>
            <tbody>
              {board.entries.map((e) => (
                <tr key={e.name}>
                  <td>{e.place}</td>
                  <td>
                    <AppLink to={profilePath(e.name)}>{e.name}</AppLink>
                  </td>
                  <td>{e.rating}</td>
                  <td>{e.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
