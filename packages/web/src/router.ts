import { useSyncExternalStore } from "react";

export type Route =
  | { name: "home" }
  | { name: "table"; code: string }
  | { name: "replay"; code: string; match: number }
  | { name: "howto" }
  | { name: "credits" }
  | { name: "account" }
  | { name: "games" }
  | { name: "link" }
  | { name: "player"; player: string }
  | { name: "leaderboard"; game: string }
  | { name: "notfound" };

/** Client routes; the server answers every one of them with index.html so a reload works. */
export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return { name: "home" };
  if (path === "/how-to-play") return { name: "howto" };
  if (path === "/credits") return { name: "credits" };
  if (path === "/account") return { name: "account" };
  if (path === "/games") return { name: "games" };
  if (path === "/link") return { name: "link" };
  const table = /^\/t\/([A-Za-z0-9]{1,12})$/.exec(path);
  if (table?.[1]) return { name: "table", code: table[1].toUpperCase() };
  const player = /^\/@([^/]{1,80})$/.exec(path);
  if (player?.[1]) return { name: "player", player: safeDecode(player[1]) };
  const board = /^\/leaderboard\/([a-z0-9-]{1,40})$/.exec(path);
  if (board?.[1]) return { name: "leaderboard", game: board[1] };
  const replay = /^\/replay\/([A-Za-z0-9]{1,12})\/([1-9][0-9]{0,8})$/.exec(path);
  if (replay?.[1] && replay[2])
    return { name: "replay", code: replay[1].toUpperCase(), match: Number(replay[2]) };
  return { name: "notfound" };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

export function navigate(path: string): void {
  if (path === window.location.pathname) return;
  window.history.pushState(null, "", path);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const path = useSyncExternalStore(subscribe, () => window.location.pathname);
  return parseRoute(path);
}
