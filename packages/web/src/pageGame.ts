/**
 * The game the page shows (a table's or a replay's), for what lies outside that page: the header's
 * "How to play" opens that game's rules, and the document's title and description name it.
 */
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { findGame, GAMES } from "./games/registry";
import type { GameKind } from "./games/types";

let shown: GameKind | null = null;
const listeners = new Set<() => void>();

function show(kind: GameKind | null): void {
  if (shown === kind) return;
  shown = kind;
  for (const listener of listeners) listener();
}

/** Declares the game this page shows while it is mounted (null: none yet, e.g. still loading). */
export function useShowGame(kind: GameKind | null): void {
  useEffect(() => {
    show(kind);
    return () => show(null);
  }, [kind]);
}

/** The game the page shows now, or null. */
export function useShownGame(): GameKind | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
}

/** The names of every game, as the language lists them ("Dreams and Dreamers"). */
function gameNames(language: string): string {
  const names = GAMES.map((game) => game.title);
  try {
    return new Intl.ListFormat(language, { type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

function setDescription(text: string): void {
  document.querySelector('meta[name="description"]')?.setAttribute("content", text);
}

/** Keeps the document's title and description on the game shown, or on every game elsewhere. */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const kind = useShownGame();
  useEffect(() => {
    const app = t("app.title");
    const game = kind ? (findGame(kind)?.title ?? null) : null;
    const games = game ?? gameNames(i18n.language);
    document.title = game ? t("app.gameTitle", { game, app }) : t("app.pageTitle", { games, app });
    setDescription(t("app.description", { games }));
  }, [kind, t, i18n.language]);
}
