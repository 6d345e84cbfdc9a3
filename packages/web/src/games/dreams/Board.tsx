import type { DreamsView, PlacedStar } from "@firmament/dreams";
import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LABEL_BOX, placeLabels } from "./labels";
import { StarGlyph } from "./StarGlyph";

export interface Point {
  x: number;
  y: number;
}

/**
 * The four pictures with the stars as faint marks; the true dream (once known to this viewer) is
 * highlighted. With `onOpen`, each card is a button that opens it large; without, a plain picture.
 */
export function CardsSquare({
  view,
  ghost,
  altOf,
  imageOf,
  highlight,
  onOpen,
  lazy = false,
  decorative = false,
}: {
  view: DreamsView;
  ghost: Point | null;
  altOf: (id: string) => string;
  imageOf: (id: string) => string;
  highlight: number | null;
  onOpen?: (index: number) => void;
  /** Load the pictures only when they come near the screen (a sample below the fold). */
  lazy?: boolean;
  /** The same pictures shown again nearby: hidden from screen readers, which already heard them. */
  decorative?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="cards"
      id={onOpen ? "region-images" : undefined}
      aria-label={decorative ? undefined : t("dreams.game.cards")}
      aria-hidden={decorative || undefined}
    >
      <ul className="cards-grid">
        {view.cards.map((id, index) => {
          const n = index + 1;
          const label = `${t("dreams.game.image", { n })}: ${altOf(id)}`;
          const face = (
            <>
              <img
                src={imageOf(id)}
                alt={onOpen || decorative ? "" : label}
                draggable={false}
                decoding="async"
                loading={lazy ? "lazy" : "eager"}
              />
              <span className="card-number" aria-hidden="true">
                {n}
              </span>
              <StarsOverlay view={view} ghost={ghost} />
            </>
          );
          return (
            <li key={`${view.round}-${id}`} className={highlight === n ? "card vision" : "card"}>
              {onOpen ? (
                <button
                  type="button"
                  className="card-button"
                  onClick={() => onOpen(index)}
                  aria-label={label}
                  {...(index === 0 && { "data-focus-first": true })}
                >
                  {face}
                </button>
              ) : (
                <div className="card-button">{face}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The placed stars (and the ghost star) as faint marks over a card, in card coordinates. */
export function StarsOverlay({ view, ghost }: { view: DreamsView; ghost: Point | null }) {
  return (
    <svg className="card-overlay" viewBox="0 0 100 150" preserveAspectRatio="none" aria-hidden="true">
      {view.stars.map((star, i) => (
        <circle
          key={`${star.seat}-${star.kind}`}
          className={`card-star kind-${star.kind}`}
          cx={star.x * 100}
          cy={star.y * 150}
          r={i === view.stars.length - 1 ? 3.2 : 2.4}
        />
      ))}
      {ghost && <circle className="card-ghost" cx={ghost.x * 100} cy={ghost.y * 150} r={4} />}
    </svg>
  );
}

/** An element's size in CSS pixels, kept up to date (0 × 0 until measured). */
export function useSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** Star glyphs are smaller on a narrow sky (a phone), so close stars stay apart. */
export function glyphSize(skyWidth: number): number {
  return skyWidth > 0 && skyWidth < 260 ? 18 : 22;
}

/**
 * The placed stars on a sky of the given size, each with its order number set where it covers
 * neither other numbers nor other stars (labels.ts).
 */
export function SkyStars({
  stars,
  size,
}: {
  stars: readonly PlacedStar[];
  size: { width: number; height: number };
}) {
  const glyph = glyphSize(size.width);
  const metrics = { ...size, glyph, ...LABEL_BOX };
  const texts = stars.map((_, i) => String(i + 1));
  const offsets =
    size.width > 0
      ? placeLabels(
          stars.map((s) => ({ x: s.x * size.width, y: s.y * size.height })),
          texts,
          metrics,
        )
      : null;
  return (
    <>
      {stars.map((star, i) => {
        const offset = offsets?.[i];
        return (
          <div
            key={`${star.seat}-${star.kind}`}
            className={`sky-star${i === stars.length - 1 ? " latest" : ""}`}
            style={{ left: `${star.x * 100}%`, top: `${star.y * 100}%` }}
          >
            <StarGlyph kind={star.kind} size={glyph} />
            <span
              className="sky-star-order"
              aria-hidden="true"
              style={
                offset
                  ? {
                      left: "50%",
                      top: "50%",
                      transform: `translate(-50%, -50%) translate(${offset.dx}px, ${offset.dy}px)`,
                    }
                  : undefined
              }
            >
              {texts[i]}
            </span>
          </div>
        );
      })}
    </>
  );
}
