import { useTranslation } from "react-i18next";

/** The file name a match's record is saved under: the site, the table and the game's number (as the server names it). */
function recordFileName(code: string, match: number): string {
  return `firmament-${code}-${match}.txt`;
}

/**
 * A match's text record: read in a new tab (so the table or replay stays open) or saved as a file
 * named after the table and the game's number.
 */
export function RecordLinks({ href, code, match }: { href: string; code: string; match: number }) {
  const { t } = useTranslation();
  return (
    <>
      <a href={href} target="_blank" rel="noopener">
        {t("replay.record", { match })}
      </a>{" "}
      ·{" "}
      <a href={href} download={recordFileName(code, match)}>
        {t("replay.download", { match })}
      </a>
    </>
  );
}
