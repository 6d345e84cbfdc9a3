import type { Logger } from "pino";
import type { Store } from "../store/types";

export interface RetentionOptions {
  /** A deck no table used is removed this long after its upload. */
  unusedMs: number;
  /** A deck is removed this long after it was last used, once no table in the lobby or playing uses it. */
  finishedMs: number;
  everyMs?: number;
  now?: () => number;
  /** Told the ids removed (so caches stop serving them). */
  onRemoved?: (ids: string[]) => void;
}

/**
 * Removes uploaded decks that no table used within `unusedMs` of their upload (an upload nobody played
 * with, or an abandoned try), and decks whose tables are all over and were last used more than
 * `finishedMs` ago — now and then every `everyMs`. Returns a function that stops it.
 */
export function sweepUnusedDecks(store: Store, log: Logger, options: RetentionOptions): () => void {
  const { unusedMs, finishedMs, everyMs = 60 * 60_000, now = Date.now } = options;
  const sweep = () =>
    store.deleteUnusedDecks(now() - unusedMs, now() - finishedMs).then(
      (removed) => {
        if (removed.length === 0) return;
        options.onRemoved?.(removed);
        log.info({ removed: removed.length }, "removed custom decks no table uses");
      },
      (error: unknown) => log.warn({ err: error }, "could not remove unused custom decks"),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
