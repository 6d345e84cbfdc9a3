import type { PlayerProfile, PlayerTable } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { AppLink } from "./players/AppLink";
import { GameRecord } from "./players/GameRecord";
import { RecentGames } from "./players/RecentGames";
import { useFetched } from "./players/useFetched";

/** /@name — a player's games per game, ratings with their lines, recent games; your own tables on yours. */
export default function PlayerPage({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const { value: profile, error } = useFetched(`player/${name}`, () => api.player(name));
  if (error)
    return (
      <div className="panel" role="alert">
        <p>{t(error === "player/unknown" ? "players.unknown" : "players.failed")}</p>
        <AppLink to="/">{t("app.back")}</AppLink>
      </div>
    );
  if (!profile) return <p className="muted">{t("players.loading")}</p>;
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(profile.createdAt);
  return (
    <div className="player-page">
      <h1>{t("players.profileHeading", { name: profile.name })}</h1>
      <p className="muted">{t("players.since", { date: since })}</p>
      {profile.tables && <OwnTables tables={profile.tables} />}
      {profile.games.length === 0 && <p className="muted">{t("players.noGames")}</p>}
      <div className="player-games-grid">
        {profile.games.map((stats) => (
          <GameRecord key={stats.game} stats={stats} />
        ))}
      </div>
      <RecentSection profile={profile} />
    </div>
  );
}

function RecentSection({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t("players.recent")}</h2>
      {profile.recent === null ? (
        <p className="muted">{t("players.hidden")}</p>
      ) : (
        <RecentGames matches={profile.recent} />
      )}
    </section>
  );
}

function OwnTables({ tables }: { tables: readonly PlayerTable[] }) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="own-tables-heading">
      <h2 id="own-tables-heading">{t("players.tables")}</h2>
      {tables.length === 0 ? (
        <p className="muted">{t("players.noTables")}</p>
      ) : (
        <ul>
          {tables.map((table) => (
            <li key={table.code}>
              <AppLink to={`/t/${table.code}`}>
                {t("players.tableLink", { code: table.code, game: t(`${table.game}.listing.label`) })}
              </AppLink>{" "}
              <span className="muted">
                {t(table.status === "lobby" ? "players.statusLobby" : "players.statusPlaying")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
