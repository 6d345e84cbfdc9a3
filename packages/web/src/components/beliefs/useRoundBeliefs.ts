import type { MatchBeliefs, RoundBeliefs } from "@firmament/protocol";
import { useEffect, useState } from "react";

export type BeliefsState =
  | { status: "idle" | "loading" | "unavailable" }
  | { status: "ready"; beliefs: RoundBeliefs };

/**
 * The strongest bot's beliefs for one revealed round (GET …/matches/:match/beliefs?round=N), fetched
 * once the round is revealed — never before: the server refuses a round in play.
 */
export function useRoundBeliefs(code: string, match: number, round: number, revealed: boolean): BeliefsState {
  const [state, setState] = useState<BeliefsState>({ status: "idle" });
  useEffect(() => {
    if (!revealed || !code || match < 1 || round < 1) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    const path = `/api/tables/${encodeURIComponent(code)}/matches/${match}/beliefs?round=${round}`;
    fetch(path, { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as MatchBeliefs;
        const beliefs = response.ok ? body.rounds[0] : undefined;
        setState(beliefs ? { status: "ready", beliefs } : { status: "unavailable" });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "unavailable" });
      });
    return () => controller.abort();
  }, [code, match, round, revealed]);
  return state;
}
