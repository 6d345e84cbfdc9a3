import type { MatchBeliefs as AnyMatchBeliefs } from "@firmament/protocol";
import { useEffect, useState } from "react";
import type { RoundBeliefs } from "../../games/types";

type MatchBeliefs = AnyMatchBeliefs<RoundBeliefs>;

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

export type MatchBeliefsState =
  | { status: "loading" | "unavailable" }
  | { status: "ready"; beliefs: MatchBeliefs };

/**
 * Every revealed round's beliefs of a match (GET …/matches/:match/beliefs), for a replay page; the round
 * in play, if any, is named in `inPlay` and left out. `refresh` changes refetch (e.g. the view's round).
 */
export function useMatchBeliefs(code: string, match: number, refresh: unknown = null): MatchBeliefsState {
  const [state, setState] = useState<MatchBeliefsState>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` is only a trigger to fetch again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetch(`/api/tables/${encodeURIComponent(code)}/matches/${match}/beliefs`, { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as MatchBeliefs;
        setState(response.ok ? { status: "ready", beliefs: body } : { status: "unavailable" });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "unavailable" });
      });
    return () => controller.abort();
  }, [code, match, refresh]);
  return state;
}
