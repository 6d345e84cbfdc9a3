import type { MatchSummary } from "@firmament/protocol";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { addReplayStrings } from "../replay/strings";
import { navigate } from "../router";

/**
 * The games played at a table, each with its replay and its text record. Fetched again whenever `key`
 * changes (the table's status and match), so a game shows up here as soon as it ends.
 */
export function MatchHistory({ code, refresh }: { code: string; refresh: string }) {
  addReplayStrings();
  const { t, i18n } = useTranslation();
  const [matches, setMatches] = useState<MatchSummary[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` says when the history changed
  useEffect(() => {
    let live = true;
    api
      .matches(code)
      .then((history) => live && setMatches(history.matches))
      .catch(() => live && setMatches([]));
    return () => {
      live = false;
    };
  }, [code, refresh]);
  if (matches === null || matches.length === 0) return null;
  return (
    <section className="panel match-history" aria-labelledby="match-history-heading">
      <h2 id="match-history-heading">{t("replay.history")}</h2>
      <ul>
        {matches
          .slice()
          .reverse()
          .map((m) => {
            const names = m.result?.winners.map((seat) => m.seats[seat]?.name ?? String(seat + 1)) ?? [];
            return (
              <li key={m.match}>
                <strong>{t("replay.game", { match: m.match })}</strong>{" "}
                <time dateTime={m.date}>{new Date(m.date).toLocaleString(i18n.language)}</time> ·{" "}
                {m.result
                  ? `${t("replay.wonBy", { names: names.join(", ") })}, ${t("replay.scores", { scores: m.result.scores.join(" · ") })}`
                  : t("replay.playing")}{" "}
                ·{" "}
                <a
                  href={m.replay}
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    navigate(m.replay);
                  }}
                >
                  {t("replay.watch", { match: m.match })}
                </a>{" "}
                · <a href={m.record}>{t("replay.record", { match: m.match })}</a>
              </li>
            );
          })}
      </ul>
    </section>
  );
}
