import type { PlayerMatch } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { AppLink } from "./AppLink";

/** A player's recent matches, newest first, each with its replay and its record. */
export function RecentGames({ matches }: { matches: readonly PlayerMatch[] }) {
  const { t, i18n } = useTranslation();
  if (matches.length === 0) return <p className="muted">{t("players.noGames")}</p>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="table-scroll">
      <table className="player-games">
        <thead>
          <tr>
            <th scope="col">{t("players.game")}</th>
            <th scope="col">{t("players.finished")}</th>
            <th scope="col">{t("players.place")}</th>
            <th scope="col">{t("players.result")}</th>
            <th scope="col">{t("players.ratingAfter")}</th>
            <th scope="col">{t("players.links")}</th>
          </tr>
        </thead>
        <tbody>
          {matches.map((m) => (
            <tr key={`${m.code}/${m.match}`}>
              <td data-label={t("players.game")}>
                {t(`${m.game}.listing.label`)}
                {m.rated && <span className="tag">{t("players.ratedTag")}</span>}
              </td>
              <td data-label={t("players.finished")}>{when.format(m.finishedAt)}</td>
              <td data-label={t("players.place")}>
                {t("players.placeOf", { place: m.place, players: m.players })}
              </td>
              <td data-label={t("players.result")}>
                {t(m.abandoned ? "players.abandoned" : m.won ? "players.won" : "players.lost")}
              </td>
              <td data-label={t("players.ratingAfter")}>{m.ratingAfter ?? "—"}</td>
              <td data-label={t("players.links")}>
                <AppLink to={`/replay/${m.code}/${m.match}`}>{t("players.replay")}</AppLink> ·{" "}
                <a href={`/api/tables/${m.code}/matches/${m.match}/record`}>{t("players.record")}</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
