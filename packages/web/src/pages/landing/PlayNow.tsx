import { LIMITS } from "@firmament/protocol";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api";
import { errorText } from "../../errorText";
import type { AnyGameRecord } from "../../games/record";
import { GAMES } from "../../games/registry";
import { navigate } from "../../router";
import { lastName, saveHostToken, saveName, saveSeatToken } from "../../tokens";

/** One game at a glance: a few of its cards, what it is in a line, and a game against bots in one click. */
function GameCard({
  game,
  busy,
  onPlay,
}: {
  game: AnyGameRecord;
  busy: boolean;
  onPlay: (game: AnyGameRecord) => void;
}) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <article className="panel play-now-game" aria-labelledby={heading}>
      {game.preview && (
        <div className="play-now-cards" aria-hidden="true">
          {game.preview.map((src) => (
            <img key={src} src={src} alt="" width={60} height={90} decoding="async" />
          ))}
        </div>
      )}
      <h2 id={heading}>{game.title}</h2>
      <p className="muted">{t(`${game.kind}.listing.blurb`)}</p>
      <button type="button" className="primary" disabled={busy} onClick={() => onPlay(game)}>
        {t("landing.playNow", { game: game.title })}
      </button>
    </article>
  );
}

/**
 * The landing's first screen: each game at a glance, and "Play <game> now" — a game against bots,
 * started at once, under the name given here (or the last one used).
 */
export function PlayNow() {
  const { t } = useTranslation();
  const nameId = useId();
  const [name, setName] = useState(lastName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function play(game: AnyGameRecord) {
    setBusy(true);
    setError(null);
    const chosen = name.trim();
    try {
      const made = await api.createQuickGame({
        game: game.kind,
        name: chosen || t("landing.playerName"),
        colour: "blue",
      });
      if (chosen) saveName(chosen);
      saveHostToken(made.code, made.hostToken);
      saveSeatToken(made.code, { seat: made.seat, token: made.token });
      navigate(`/t/${made.code}`);
    } catch (e) {
      setError(errorText(e, t));
      setBusy(false);
    }
  }
  return (
    <section className="play-now" aria-labelledby="play-now-heading">
      <h2 id="play-now-heading" className="visually-hidden">
        {t("landing.playNowHeading")}
      </h2>
      <p className="play-now-name">
        <label htmlFor={nameId}>{t("landing.playNowName")}</label>{" "}
        <input
          id={nameId}
          value={name}
          maxLength={LIMITS.nameMax}
          autoComplete="nickname"
          placeholder={t("landing.playerName")}
          onChange={(e) => setName(e.target.value)}
        />
      </p>
      <div className="play-now-games">
        {GAMES.map((game) => (
          <GameCard key={game.kind} game={game} busy={busy} onPlay={(g) => void play(g)} />
        ))}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
