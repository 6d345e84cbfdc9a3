import type { Logger } from "pino";
import type { Store } from "../store/types";

/**
 * Removes uploaded decks that no table used within `unusedMs` of their upload (an upload nobody played
 * with, or an abandoned try), now and then every `everyMs`. Decks a table used are kept as long as the
 * table. Returns a function that stops it.
 */
export function sweepUnusedDecks(
  store: Store,
  log: Logger,
  unusedMs: number,
  everyMs = 60 * 60_000,
  now: () => number = Date.now,
): () => void {
  const sweep = () =>
    store.deleteUnusedDecks(now() - unusedMs).then(
      (removed) => {
        if (removed > 0) log.info({ removed }, "removed custom decks no table used");
      },
      (error: unknown) => log.warn({ err: error }, "could not remove unused custom decks"),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
