import type { MatchSummary } from "@firmament/protocol";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { RecordLinks } from "../replay/RecordLinks";
import { addReplayStrings } from "../replay/strings";
import { navigate } from "../router";

/** The browser's own locale when it is of the page's language (en-GB dates for en-GB), else the language. */
function browserLocale(language: string): string {
  return navigator.languages?.find((l) => l.split("-")[0] === language) ?? language;
}

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
  const locale = browserLocale(i18n.language);
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
                <time dateTime={m.date}>{new Date(m.date).toLocaleString(locale)}</time> ·{" "}
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
                · <RecordLinks href={m.record} code={code} match={m.match} />
              </li>
            );
          })}
      </ul>
    </section>
  );
}
