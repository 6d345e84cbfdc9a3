import type { DreamsView } from "@firmament/dreams";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { type CardLookup, useDeck } from "../../deck";
import { CardsSquare, SkyStars, useSize } from "./Board";
import { RevealPanel } from "./Reveal";
import { SAMPLE_NAMES, sampleCards, sampleView } from "./sample";
import type { Seats } from "./seats";

const SEATS: Seats = { nameOf: (seat) => SAMPLE_NAMES[seat] ?? "", infoOf: () => undefined };

/** The sample's firmament as a picture: the twelve stars with their order numbers. */
function SampleSky({ view }: { view: DreamsView }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const size = useSize(ref);
  return (
    <div ref={ref} className="firmament sample-sky" role="img" aria-label={t("dreams.showcase.skyAlt")}>
      <SkyStars stars={view.stars} size={size} />
    </div>
  );
}

/** One step of the sample round: 0 the pictures, 1 the stars on the firmament, 2 the reveal. */
export function SampleStep({ step, deck, lazy }: { step: 0 | 1 | 2; deck: CardLookup; lazy: boolean }) {
  const { t } = useTranslation();
  if (deck.ids.length < 4) return null;
  const view = sampleView(sampleCards(deck.ids));
  const cards = (v: DreamsView, highlight: number | null) => (
    <CardsSquare
      view={v}
      ghost={null}
      altOf={deck.altOf}
      imageOf={deck.imageOf}
      highlight={highlight}
      lazy={lazy}
      decorative={step !== 0}
    />
  );
  return (
    <figure className={`sample sample-${step}`}>
      {step === 0 && cards({ ...view, stars: [] }, null)}
      {step === 1 && (
        <div className="board sample-board">
          {cards(view, null)}
          <SampleSky view={view} />
        </div>
      )}
      {step === 2 && (
        <div className="sample-reveal">
          {cards(view, view.result?.secret.vision ?? null)}
          <RevealPanel
            view={view}
            seats={SEATS}
            host={false}
            busy={false}
            onReady={() => undefined}
            onPlayAgain={() => undefined}
          />
        </div>
      )}
      <figcaption>{t(`dreams.showcase.step${step}`)}</figcaption>
    </figure>
  );
}

/** The standard deck, for the sample's pictures and their descriptions. */
export function useSampleDeck(): CardLookup {
  return useDeck("standard");
}

/**
 * What a round of Dreams looks like, for the landing page: real cards, a constellation and its
 * reveal. Loaded after the page's first paint, its pictures only when scrolled near.
 */
export default function Showcase() {
  const { t } = useTranslation();
  const deck = useSampleDeck();
  if (deck.ids.length < 4) return null;
  return (
    <section className="panel showcase" aria-labelledby="showcase-heading">
      <h2 id="showcase-heading">{t("dreams.showcase.heading")}</h2>
      <div className="showcase-steps">
        <SampleStep step={0} deck={deck} lazy />
        <SampleStep step={1} deck={deck} lazy />
        <SampleStep step={2} deck={deck} lazy />
      </div>
    </section>
  );
}
