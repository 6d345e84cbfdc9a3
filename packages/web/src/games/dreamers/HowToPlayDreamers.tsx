import { useTranslation } from "react-i18next";

const SECTIONS = ["idea", "turn", "skull", "scoring", "here"] as const;

/** Our own short guide to Dreamers (never the rulebook's wording), in the reader's language. */
export default function HowToPlayDreamers() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("dreamers.howto.title")}</h1>
      <p className="lead">{t("dreamers.howto.lead")}</p>
      {SECTIONS.map((section) => {
        const body = t(`dreamers.howto.sections.${section}.body`, { returnObjects: true }) as unknown;
        return (
          <section key={section}>
            <h2>{t(`dreamers.howto.sections.${section}.heading`)}</h2>
            {(Array.isArray(body) ? (body as string[]) : []).map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </section>
        );
      })}
    </>
  );
}
