/**
 * Development harness (vite dev only, at /dev): one seat against the game's rules running in the
 * browser, the others making random legal moves, so a game's screen can be worked on without a server.
 * `?game=<kind>` picks the game (the first one otherwise); each game's record brings its own harness.
 * Never part of the production build: App.tsx imports it behind `import.meta.env.DEV`.
 */
import { GamePart } from "../games";
import { GAMES } from "../games/registry";

export default function Harness() {
  const asked = new URLSearchParams(window.location.search).get("game");
  const game = GAMES.find((g) => g.kind === asked) ?? GAMES[0];
  if (!game?.Harness) return null;
  return <GamePart kind={game.kind} part="harness" load={game.Harness} props={{}} />;
}
