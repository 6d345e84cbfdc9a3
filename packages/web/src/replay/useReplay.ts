import type { ReplayResponse, TableInfo } from "@firmament/protocol";
import { useCallback, useEffect, useState } from "react";
import { api } from "../api";
import { stepFrom } from "./frames";

/** How long autoplay shows each move. */
export const AUTOPLAY_MS = 900;

/** The match's replay and its table (null while loading), or `failed`. */
export function useReplayData(code: string, match: number) {
  const [replay, setReplay] = useState<ReplayResponse | null>(null);
  const [table, setTable] = useState<TableInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([api.replay(code, match), api.table(code).catch(() => null)])
      .then(([r, info]) => {
        if (!live) return;
        setReplay(r);
        setTable(info);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [code, match]);
  return { replay, table, failed };
}

/** Keys: ← and → step, Home and End jump, K plays or pauses (never while typing or on the board). */
function useReplayKeys(at: number, last: number, go: (index: number) => void, togglePlay: () => void) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest("input, select, textarea, .board, dialog")) return;
      const targets: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last };
      const to = targets[event.key];
      const move = to !== undefined ? () => go(to) : event.key === "k" ? togglePlay : null;
      if (!move) return;
      event.preventDefault();
      move();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [at, last, go, togglePlay]);
}

/**
 * The move on screen (from `?step=`, kept in the URL so a link shares it), stepping, autoplay and the
 * keys, over a replay of `last + 1` frames.
 */
export function useReplayPosition(replay: ReplayResponse | null) {
  const [index, setIndex] = useState(() => stepFrom(window.location.search));
  const [playing, setPlaying] = useState(false);
  const last = replay ? replay.frames.length - 1 : 0;
  const at = Math.min(Math.max(index, 0), last);
  const go = useCallback((next: number) => setIndex(Math.min(Math.max(next, 0), last)), [last]);
  const togglePlay = useCallback(() => setPlaying((p) => !p), []);

  useEffect(() => {
    if (!replay) return;
    const url = `${window.location.pathname}${at > 0 ? `?step=${at}` : ""}`;
    window.history.replaceState(window.history.state, "", url);
  }, [at, replay]);

  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const timer = window.setTimeout(() => go(at + 1), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, at, last, go]);

  useReplayKeys(at, last, go, togglePlay);
  return { at, last, go, playing, togglePlay };
}
