import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroup } from "../components/RadioGroup";
import { GameHowToPlay } from "../games";
import { findGame, GAMES } from "../games/registry";
import type { GameKind } from "../games/types";

const FIRST = GAMES[0]?.kind as GameKind;

/** The game chosen by `?game=<kind>` (the first game otherwise; a test fixture game only by this link). */
function gameInUrl(): GameKind {
  const asked = new URLSearchParams(window.location.search).get("game");
  return findGame(asked ?? "")?.kind ?? FIRST;
}

/** How to play each game (the first one first), with a link to the full rules of all of them. */
export default function HowToPlay() {
  const { t, i18n } = useTranslation();
  const [game, setGame] = useState<GameKind>(gameInUrl);
  function choose(next: GameKind) {
    setGame(next);
    // Linkable, without a new history entry for each switch.
    window.history.replaceState(null, "", next === FIRST ? window.location.pathname : `?game=${next}`);
  }
  return (
    <article className="panel prose" lang={i18n.language}>
      <RadioGroup
        legend={t("landing.game")}
        name="howto-game"
        options={[...GAMES, ...(GAMES.some((g) => g.kind === game) ? [] : [findGame(game)])].map(
          (g) => g?.kind as GameKind,
        )}
        value={game}
        onChange={choose}
        label={(kind) => t(`${kind}.listing.label`)}
        className="howto-game"
        optionClassName="howto-game-option"
      />
      <GameHowToPlay kind={game} />
      <p className="full-rules">
        <a href="/rules.md">{t("howto.fullRules")}</a>
      </p>
    </article>
  );
}
