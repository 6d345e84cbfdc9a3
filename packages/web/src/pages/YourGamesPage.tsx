import type { YourGame } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { PushCallsOffer } from "../callback/PushCalls";
import { useYourGames } from "./yourGames/useYourGames";
import { YourGamesList } from "./yourGames/YourGamesList";

/** A table that may still wait for your move between visits: turn-based and not over. */
const waitsForMoves = (game: YourGame) => game.pace.kind === "turnBased" && game.status !== "over";

/** /games — every table you sit at: your move first, by time left. */
export default function YourGamesPage() {
  const { t } = useTranslation();
  const { answer, receivedAt } = useYourGames();
  return (
    <section className="panel your-games-page" aria-labelledby="your-games-h">
      <h1 id="your-games-h">{t("yourGames.heading")}</h1>
      <p className="muted">{t("yourGames.intro")}</p>
      {answer === null ? (
        <p className="muted">{t("app.loading")}</p>
      ) : answer.games.length === 0 ? (
        <p>{t("yourGames.empty")}</p>
      ) : (
        // the server's clock minus this browser's, to read its deadlines here
        <YourGamesList games={answer.games} offset={answer.now - receivedAt} level={2} />
      )}
      <PushCallsOffer turnBasedGames={answer?.games.some(waitsForMoves) ?? false} />
    </section>
  );
}
