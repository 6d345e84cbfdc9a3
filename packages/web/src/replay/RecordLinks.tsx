import { useTranslation } from "react-i18next";

/** The file name a match's record is saved under: the site, table, game and match. */
export function recordFileName(code: string, game: string, match: number): string {
  return `firmament-${code}-${game}-${match}.txt`;
}

/**
 * A match's text record: read in a new tab (so the table or replay stays open) or saved as a file
 * named after the table and the game.
 */
export function RecordLinks({
  href,
  code,
  game,
  match,
}: {
  href: string;
  code: string;
  game: string;
  match: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <a href={href} target="_blank" rel="noopener">
        {t("replay.record", { match })}
      </a>{" "}
      ·{" "}
      <a href={href} download={recordFileName(code, game, match)}>
        {t("replay.download", { match })}
      </a>
    </>
  );
}
