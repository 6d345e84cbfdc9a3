import { type ComponentType, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { GameKind, GameScreenProps, ReplayScreenProps } from "./types";

export type { GameScreenProps, ReplayScreenProps } from "./types";

type Screens = { [K in GameKind]: ComponentType<GameScreenProps<K>> | null };

/**
 * Every game's screen, by kind, each loaded when a table of that game is opened. Landing, lobby, chat,
 * invite and languages are shared; everything a game shows during play is its screen's.
 */
const SCREENS: Screens = {
  dreams: lazy(() => import("./dreams/DreamsScreen")),
  dreamers: lazy(() => import("./dreamers/DreamersScreen")),
};

/** The screen of the game the server's view is for. */
export function GameScreen(props: GameScreenProps) {
  const { t } = useTranslation();
  const Screen = SCREENS[props.push.view.game] as ComponentType<GameScreenProps> | null;
  if (!Screen) return null;
  return (
    <Suspense fallback={<p className="muted">{t("app.loading")}</p>}>
      <Screen {...props} />
    </Suspense>
  );
}

/** Every game's replay screen: its own table components, read-only, with the round's secrets shown. */
const REPLAYS: { [K in GameKind]: ComponentType<ReplayScreenProps> } = {
  // From the screens' own modules, so each game's table code stays one chunk (not a screen stub and a table).
  dreams: lazy(() => import("./dreams/DreamsScreen").then((m) => ({ default: m.DreamsReplay }))),
  dreamers: lazy(() => import("./dreamers/DreamersScreen").then((m) => ({ default: m.DreamersReplay }))),
};

export function ReplayScreen(props: ReplayScreenProps) {
  const { t } = useTranslation();
  const Screen = REPLAYS[props.replay.game as GameKind];
  return (
    <Suspense fallback={<p className="muted">{t("app.loading")}</p>}>
      <Screen {...props} />
    </Suspense>
  );
}
