import { DREAM_CARDS, NIGHTMARE_CARDS, SKULL_CARD } from "@firmament/dreamers";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DreamCardFace, IdentityFace, NightmareFace } from "./Cards";
import "./dreamers.css";

const SECTIONS = ["idea", "turn", "skull", "scoring", "here"] as const;
type Section = (typeof SECTIONS)[number];

const dream = (id: string) => DREAM_CARDS.find((c) => c.id === id) as (typeof DREAM_CARDS)[number];
const nightmare = (value: number) => NIGHTMARE_CARDS.find((c) => c.value === value) ?? null;

/** The cards each section shows; the figure's caption says in words what they show. */
const FIGURES: Partial<Record<Section, { caption: string; cards: () => ReactNode }>> = {
  idea: {
    caption: "identities",
    cards: () => (
      <>
        <IdentityFace identity="dreamer" size="table" />
        <IdentityFace identity="dreamer" size="table" />
        <IdentityFace identity="master" size="table" />
      </>
    ),
  },
  turn: {
    caption: "turn",
    cards: () => (
      <>
        <NightmareFace nightmare={nightmare(15)} size="table" />
        <DreamCardFace card={dream("dream-9b")} size="table" />
        <DreamCardFace card={dream("dream-3b")} size="table" />
        <DreamCardFace card={dream("dream-7b")} size="table" />
      </>
    ),
  },
  skull: { caption: "skull", cards: () => <DreamCardFace card={dream(SKULL_CARD)} size="table" /> },
};

/** Our own short guide to Dreamers (never the rulebook's wording), in the reader's language. */
export default function HowToPlayDreamers() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("dreamers.howto.title")}</h1>
      <p className="lead">{t("dreamers.howto.lead")}</p>
      {SECTIONS.map((section) => {
        const body = t(`dreamers.howto.sections.${section}.body`, { returnObjects: true }) as unknown;
        const figure = FIGURES[section];
        return (
          <section key={section}>
            <h2>{t(`dreamers.howto.sections.${section}.heading`)}</h2>
            {(Array.isArray(body) ? (body as string[]) : []).map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
            {figure && (
              <figure className="dm-howto-figure">
                <div className="dm-howto-cards" aria-hidden="true">
                  {figure.cards()}
                </div>
                <figcaption>{t(`dreamers.howto.figures.${figure.caption}`)}</figcaption>
              </figure>
            )}
          </section>
        );
      })}
    </>
  );
}
