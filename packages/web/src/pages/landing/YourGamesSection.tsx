import { useTranslation } from "react-i18next";
import { navigate } from "../../router";
import { useYourGames } from "../yourGames/useYourGames";
import { YourGamesList } from "../yourGames/YourGamesList";

/** The landing's first section for a returning player: their games still open or in play. */
export function YourGamesSection() {
  const { t } = useTranslation();
  const { answer, receivedAt } = useYourGames();
  const games = answer?.games.filter((g) => g.status !== "over") ?? [];
  if (games.length === 0) return null;
  return (
    <section className="panel your-games-section" aria-labelledby="landing-your-games">
      <h2 id="landing-your-games">{t("yourGames.heading")}</h2>
      <YourGamesList games={games.slice(0, 5)} offset={(answer?.now ?? receivedAt) - receivedAt} level={3} />
      <p>
        <a
          href="/games"
          onClick={(e) => {
            e.preventDefault();
            navigate("/games");
          }}
        >
          {t("yourGames.seeAll")}
        </a>
      </p>
    </section>
  );
}
