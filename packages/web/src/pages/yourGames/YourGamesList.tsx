import type { YourGame } from "@firmament/protocol";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { durationText, moveTimeText } from "../../components/duration";
import { useNow } from "../../components/turnClock";
import { navigate } from "../../router";

/** Where the table stands for you: your move, others', its lobby, or over. */
function stateKey(game: YourGame): string {
  if (game.status === "lobby") return "yourGames.lobby";
  if (game.status === "over") return "yourGames.over";
  return game.yourMove ? "yourGames.yourMove" : "yourGames.theirMove";
}

/** One table: the game, the others, round and scores, whose move and the time left. */
function GameItem({ game, offset, level }: { game: YourGame; offset: number; level: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  const { t } = useTranslation();
  const now = useNow();
  const title = useId();
  const others = game.seats.filter((s) => s.seat !== game.seat && s.name !== null).map((s) => s.name);
  const scores = game.scores?.map((score, seat) => `${game.seats[seat]?.name ?? "?"} ${score}`).join(" · ");
  const pace =
    game.pace.kind === "turnBased"
      ? t("yourGames.perMove", { time: moveTimeText(game.pace.moveHours, t) })
      : t("yourGames.live");
  const open = () => navigate(`/t/${game.code}`);
  return (
    <li className={`your-game${game.yourMove ? " your-move" : ""}`} aria-labelledby={title}>
      <Heading id={title}>
        <a
          href={`/t/${game.code}`}
          onClick={(e) => {
            e.preventDefault();
            open();
          }}
        >
          {t(`${game.game}.listing.label`)} · {t(stateKey(game))}
        </a>
      </Heading>
      <p className="muted">
        {others.length > 0 ? t("yourGames.with", { names: others.join(", ") }) : t("yourGames.alone")} ·{" "}
        {pace}
      </p>
      {game.round !== null && (
        <p>
          {t("yourGames.round", { round: game.round })}
          {scores ? ` · ${t("yourGames.scores", { scores })}` : ""}
        </p>
      )}
      {game.deadline !== null && (
        <p className={game.yourMove ? "time-left strong" : "time-left"}>
          {t("yourGames.left", { time: durationText(game.deadline - offset - now, t) })}
        </p>
      )}
    </li>
  );
}

/** Your tables, your move first, each group by time left (the server's order); `level`: the items' heading level. */
export function YourGamesList({
  games,
  offset,
  level,
}: {
  games: readonly YourGame[];
  offset: number;
  level: 2 | 3;
}) {
  return (
    <ul className="your-games">
      {games.map((game) => (
        <GameItem key={game.code} game={game} offset={offset} level={level} />
      ))}
    </ul>
  );
}
