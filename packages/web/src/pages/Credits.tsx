import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GAMES } from "../games/registry";

/** Credits and the unofficial-implementation notice; third-party notices are fetched as plain text. */
export default function Credits() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch("/third-party-notices.txt")
      .then((r) => (r.ok && r.headers.get("content-type")?.startsWith("text/plain") ? r.text() : null))
      .then((text) => live && setNotices(text))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <article className="panel prose">
      <h1>{t("credits.heading")}</h1>
      {GAMES.filter((game) => game.listing.en.credit).map((game) => (
        <p key={game.kind}>{t(`${game.kind}.listing.credit`)}</p>
      ))}
      <p>{t("credits.unofficial")}</p>
      <p>{t("credits.art")}</p>
      <p>{t("credits.software")}</p>
      {notices && (
        <section>
          <h2>{t("credits.notices")}</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable text needs focus to scroll by keys */}
          <pre className="notices" tabIndex={0}>
            {notices}
          </pre>
        </section>
      )}
    </article>
  );
}
