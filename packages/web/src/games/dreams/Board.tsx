import { checkAction, type DreamsView, type PlacedStar, type StarKind } from "@firmament/engine";
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { StarGlyph } from "../../components/Symbols";

export interface Point {
  x: number;
  y: number;
}

/** Which of the four pictures is the true dream, once known to this viewer; highlighted on the cards. */
export function CardsSquare({
  view,
  ghost,
  altOf,
  imageOf,
  highlight,
  onOpen,
}: {
  view: DreamsView;
  ghost: Point | null;
  altOf: (id: string) => string;
  imageOf: (id: string) => string;
  highlight: number | null;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="cards" aria-label={t("game.cards")}>
      <ul className="cards-grid">
        {view.cards.map((id, index) => {
          const n = index + 1;
          return (
            <li key={`${view.round}-${id}`} className={highlight === n ? "card vision" : "card"}>
              <button
                type="button"
                className="card-button"
                onClick={() => onOpen(index)}
                aria-label={`${t("game.image", { n })}: ${altOf(id)}`}
              >
                <img src={imageOf(id)} alt="" draggable={false} decoding="async" />
                <span className="card-number" aria-hidden="true">
                  {n}
                </span>
                <StarsOverlay view={view} ghost={ghost} />
              </button>
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

const STEP = { x: 1 / 24, y: 1 / 36 };
const FINE = 4;

function clamp(v: number): number {
  return Math.min(1, Math.max(0, v));
}

function nearestStar(stars: readonly PlacedStar[], p: Point, radius: number): number | null {
  let best: number | null = null;
  let bestD = radius;
  stars.forEach((s, i) => {
    const d = Math.hypot(s.x - p.x, (s.y - p.y) * 1.5);
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

export interface FirmamentProps {
  view: DreamsView;
  /** The star kind the player would place; null when it is not their turn. */
  kind: StarKind | null;
  cursor: Point;
  onCursor: (p: Point) => void;
  onHover: (p: Point | null) => void;
  hover: Point | null;
  onKind: (k: StarKind) => void;
  onPlace: (p: Point) => void;
  nameOf: (seat: number) => string;
}

/**
 * The night sky stars are placed on. Keyboard: arrows move the cursor (Shift: finer), Enter or Space
 * places, 1/2/3 choose the star kind. Pointer: a mouse click places at once; a tap moves the cursor
 * and the "Place star" button confirms. Legality comes from the engine's checkAction only.
 */
export function Firmament({
  view,
  kind,
  cursor,
  onCursor,
  onHover,
  hover,
  onKind,
  onPlace,
  nameOf,
}: FirmamentProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const [announce, setAnnounce] = useState("");
  const [picked, setPicked] = useState<number | null>(null);
  const me = view.me;
  const canPlace = kind !== null && me !== null;
  const ghost = canPlace ? (hover ?? cursor) : null;
  const problem =
    ghost && me && kind
      ? checkAction(view, { type: "place_star", seat: me.seat, kind, x: ghost.x, y: ghost.y })
      : null;
  const tooClose = problem?.code === "star/too_close";

  function pointFrom(event: PointerEvent<HTMLDivElement>): Point {
    const rect = (ref.current as HTMLDivElement).getBoundingClientRect();
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  }

  function describe(p: Point): string {
    const where = t("game.cursorAt", { x: Math.round(p.x * 100), y: Math.round(p.y * 100) });
    if (!me || !kind) return where;
    const error = checkAction(view, { type: "place_star", seat: me.seat, kind, x: p.x, y: p.y });
    return `${where} ${error?.code === "star/too_close" ? t("game.tooClose") : t("game.free")}`;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const fine = event.shiftKey ? FINE : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = {
        x: clamp(cursor.x + (move[0] * STEP.x) / fine),
        y: clamp(cursor.y + (move[1] * STEP.y) / fine),
      };
      onHover(null);
      onCursor(next);
      setAnnounce(describe(next));
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (canPlace) onPlace(cursor);
      return;
    }
    const kinds: Record<string, StarKind> = { "1": "clear", "2": "gray", "3": "black" };
    const chosen = kinds[event.key];
    if (chosen) {
      event.preventDefault();
      onKind(chosen);
    }
  }

  const shownStar = picked ?? (hover ? nearestStar(view.stars, hover, 0.03) : null);
  const shown = shownStar !== null ? view.stars[shownStar] : undefined;

  return (
    <div className="firmament-wrap">
      <div
        ref={ref}
        className={`firmament${canPlace ? " placing" : ""}`}
        role="application"
        aria-label={t("game.firmament")}
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role="application" is a keyboard widget
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerMove={(e) => {
          if (e.pointerType === "mouse") onHover(pointFrom(e));
        }}
        onPointerLeave={() => onHover(null)}
        onPointerDown={(e) => {
          const p = pointFrom(e);
          const near = nearestStar(view.stars, p, 0.03);
          setPicked(near);
          if (!canPlace) return;
          if (e.pointerType === "mouse") {
            if (e.button === 0) onPlace(p);
          } else {
            onCursor(p);
            setAnnounce(describe(p));
          }
        }}
      >
        {view.stars.map((star, i) => (
          <div
            key={`${star.seat}-${star.kind}`}
            className={`sky-star${i === view.stars.length - 1 ? " latest" : ""}`}
            style={{ left: `${star.x * 100}%`, top: `${star.y * 100}%` }}
          >
            <StarGlyph kind={star.kind} size={22} />
            <span className="sky-star-order" aria-hidden="true">
              {i + 1}
            </span>
          </div>
        ))}
        {ghost && kind && (
          <div
            className={`ghost${tooClose ? " too-close" : ""}${problem && !tooClose ? " refused" : ""}`}
            style={{ left: `${ghost.x * 100}%`, top: `${ghost.y * 100}%` }}
            aria-hidden="true"
          >
            <StarGlyph kind={kind} size={26} />
            {tooClose && <span className="ghost-note">{t("game.tooClose")}</span>}
          </div>
        )}
        {shown && shownStar !== null && (
          <div
            className="star-tip"
            role="status"
            style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }}
          >
            {t("game.starBy", {
              order: shownStar + 1,
              kind: t(`game.kindShort_${shown.kind}`),
              name: nameOf(shown.seat),
            })}
          </div>
        )}
      </div>
      <p id={helpId} className="visually-hidden">
        {t("game.firmamentHelp")}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
