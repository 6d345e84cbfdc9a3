import type { TableInfo } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { moveTimeText } from "../../components/duration";
import { Invite } from "../../components/Invite";

/** The table's heading, game and settings, and its invite for the seated and the host. */
export function TableSettings({
  table,
  deckName,
  seat,
  host,
}: {
  table: TableInfo;
  deckName: string | null;
  seat: number | null;
  host: boolean;
}) {
  const { t } = useTranslation();
  const { config } = table;
  const visibility = t(`landing.${config.visibility}`);
  // a turn-based table's clock is its time per move
  const timer =
    config.pace?.kind === "turnBased"
      ? t("pace.turnBased", { time: moveTimeText(config.pace.moveHours, t) })
      : t(`landing.timer${config.timer[0]?.toUpperCase()}${config.timer.slice(1)}`);
  const deck =
    config.deck === "standard"
      ? t("landing.deckStandard")
      : deckName
        ? t("lobby.deckOwnNamed", { name: deckName })
        : t("landing.deckOwn");
  return (
    <section className="panel invite" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t("lobby.heading", { code: table.code })}</h2>
      <p className="lobby-game">
        {t(`${config.game}.listing.label`)}
        {config.rated && <span className="tag">{t("players.ratedTag")}</span>}
      </p>
      <p className="muted">
        {config.deck === undefined
          ? t("lobby.settingsNoDeck", { seats: config.seats, visibility, timer })
          : t("lobby.settings", { seats: config.seats, visibility, timer, deck })}
      </p>
      {/* The invite is for those already at the table; a guest's first job is to sit down. */}
      {(seat !== null || host) && <Invite code={table.code} />}
      {seat === null && <p className="muted">{t("lobby.spectating")}</p>}
    </section>
  );
}
