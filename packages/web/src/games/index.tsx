import i18next from "i18next";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { AnyGameRecord, GamePlay } from "./record";
import { gameOf, loadPlay } from "./registry";
import { loadGameStrings, useGameStrings, withStrings } from "./strings";
import type { GameKind, GameScreenProps, ReplayScreenProps } from "./types";

export type { GameScreenProps, ReplayScreenProps } from "./types";

const parts = new Map<string, unknown>();

/**
 * One part of a game as a lazy component, made once per game and part: its code and its strings in the
 * reader's language are loaded before it first renders.
 */
export function lazyPart<P>(
  game: AnyGameRecord,
  part: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  const key = `${game.kind}/${part}`;
  let component = parts.get(key);
  if (!component) {
    component = lazy(() => withStrings(game, load));
    parts.set(key, component);
  }
  return component as LazyExoticComponent<ComponentType<P>>;
}

function fromPlay<P>(kind: GameKind, pick: (play: GamePlay) => ComponentType<P>) {
  return () => loadPlay(kind).then((play) => ({ default: pick(play) }));
}

/** A part of a game, with its strings kept in the reader's language and "Loading…" meanwhile. */
export function GamePart<P extends object>({
  kind,
  part,
  load,
  props,
  fallback,
}: {
  kind: GameKind;
  part: string;
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  fallback?: "loading" | null;
}) {
  const { t } = useTranslation();
  const game = gameOf(kind);
  useGameStrings(game);
  const Part = lazyPart(game, part, load) as unknown as ComponentType<P>;
  return (
    <Suspense fallback={fallback === null ? null : <p className="muted">{t("app.loading")}</p>}>
      <Part {...props} />
    </Suspense>
  );
}

/** The screen of the game the server's view is for; each game's code is loaded when a table of it opens. */
export function GameScreen(props: GameScreenProps) {
  const kind = props.push.view.game;
  return (
    <GamePart
      kind={kind}
      part="screen"
      load={fromPlay(kind, (play) => play.Screen as ComponentType<GameScreenProps>)}
      props={props}
    />
  );
}

/** A game's replay screen: its own table components, read-only, with the round's secrets shown. */
export function ReplayScreen(props: ReplayScreenProps) {
  const kind = props.replay.game as GameKind;
  return <GamePart kind={kind} part="replay" load={fromPlay(kind, (play) => play.Replay)} props={props} />;
}

/** A game's part of the how-to-play page. */
export function GameHowToPlay({ kind }: { kind: GameKind }) {
  return <GamePart kind={kind} part="howto" load={gameOf(kind).HowToPlay} props={{}} />;
}

/** A game's sample round under the landing's forms, if it has one (nothing shown while it loads). */
export function GameShowcase({ kind }: { kind: GameKind }) {
  const load = gameOf(kind).Showcase;
  if (!load) return null;
  return <GamePart kind={kind} part="showcase" load={load} props={{}} fallback={null} />;
}

/** Starts fetching a game's code and its strings in the reader's language, e.g. once a table's game is known. */
export function preloadGame(kind: GameKind): void {
  void loadPlay(kind).catch(() => undefined);
  void loadGameStrings(gameOf(kind), i18next.language).catch(() => undefined);
}
