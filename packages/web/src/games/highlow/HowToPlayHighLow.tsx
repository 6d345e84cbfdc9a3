import { useTranslation } from "react-i18next";

/** A short guide to High-Low, the test game, in the reader's language. */
export default function HowToPlayHighLow() {
  const { t } = useTranslation();
  const steps = t("highlow.howto.steps", { returnObjects: true }) as unknown;
  return (
    <>
      <h1>{t("highlow.howto.title")}</h1>
      <ol>
        {(Array.isArray(steps) ? (steps as string[]) : []).map((step) => (
          <li key={step.slice(0, 32)}>{step}</li>
        ))}
      </ol>
    </>
  );
}
