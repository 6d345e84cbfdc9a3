import { LIMITS, type YourGamesResponse } from "@firmament/protocol";
import { useEffect, useState } from "react";
import { api } from "../../api";
import { allSeatTokens } from "../../tokens";

/**
 * "Your games" as the server sees them: this browser's seats (the newest it holds) and, when signed
 * in, every table of the account. Null while loading; an answer without games when the request fails.
 */
export function useYourGames(): { answer: YourGamesResponse | null; receivedAt: number } {
  const [state, setState] = useState<{ answer: YourGamesResponse | null; receivedAt: number }>({
    answer: null,
    receivedAt: 0,
  });
  useEffect(() => {
    let live = true;
    const seats = allSeatTokens()
      .slice(-LIMITS.yourGamesSeats)
      .map(({ code, token }) => ({ code, token }));
    api.yourGames({ seats }).then(
      (answer) => live && setState({ answer, receivedAt: Date.now() }),
      () => live && setState({ answer: { games: [], now: Date.now() }, receivedAt: Date.now() }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
