import { checkAction, type DreamsView, type PlacedStar, type StarKind } from "@firmament/dreams";
import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
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

export interface FirmamentProps {
  view: DreamsView;
  /** The star kind the player would place; null when it is not their turn. */
  kind: StarKind | null;
  cursor: Point;
  onCursor: (p: Point) => void;
  onHover: (p: Point | null) => void;
  hover: Point | null;
  onKind: (k: StarKind) => void;
  /** Places the star now, at this point. */
  onPlace: (p: Point) => void;
  /** Confirming each star is on: clicks, taps and Enter choose a spot (`onAim`) instead of placing. */
  confirm: boolean;
  /** The chosen spot waiting for confirmation, if any. */
  pending: Point | null;
  /** Chooses the spot, unless the engine refuses it there (then false). */
  onAim: (p: Point) => boolean;
  onCancel: () => void;
  nameOf: (seat: number) => string;
}

/**
 * The night sky stars are placed on. Keyboard: arrows move the cursor (Shift: finer), Enter or Space
 * places, 1/2/3 choose the star kind. Pointer: a click or tap places. With confirming on, a click, a
 * tap or Enter only chooses the spot: the ghost star stays there until "Place star" (or Enter again),
 * and Escape or "Cancel" takes it back. Legality comes from the engine's checkAction only.
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
  confirm,
  pending,
  onAim,
  onCancel,
  nameOf,
}: FirmamentProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const size = useSize(ref);
  const helpId = useId();
  const [announce, setAnnounce] = useState("");
  const [picked, setPicked] = useState<number | null>(null);
  const me = view.me;
  const canPlace = kind !== null && me !== null;
  const ghost = canPlace ? (pending ?? hover ?? cursor) : null;
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
    const where = t("dreams.game.cursorAt", { x: Math.round(p.x * 100), y: Math.round(p.y * 100) });
    if (!me || !kind) return where;
    const error = checkAction(view, { type: "place_star", seat: me.seat, kind, x: p.x, y: p.y });
    return `${where} ${error?.code === "star/too_close" ? t("dreams.game.tooClose") : t("dreams.game.free")}`;
  }

  function aim(p: Point) {
    const chosen = onAim(p);
    setAnnounce(chosen ? `${describe(p)} ${t("dreams.game.confirmHint")}` : describe(p));
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
      // Moving on takes back a spot chosen for confirmation: Enter chooses the new one.
      if (pending) onCancel();
      onHover(null);
      onCursor(next);
      setAnnounce(describe(next));
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!canPlace) return;
      if (!confirm) onPlace(cursor);
      else if (pending && pending.x === cursor.x && pending.y === cursor.y) onPlace(pending);
      else aim(cursor);
      return;
    }
    if (event.key === "Escape" && pending) {
      event.preventDefault();
      onCancel();
      setAnnounce(t("dreams.game.starCancelled"));
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
        id="region-firmament"
        className={`firmament${canPlace ? " placing" : ""}`}
        role="application"
        aria-label={t("dreams.game.firmament")}
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
          if (e.pointerType === "mouse" && e.button !== 0) return;
          if (confirm) aim(p);
          else if (e.pointerType === "mouse") onPlace(p);
          else {
            // Without confirming, a tap places too; the cursor follows for the keyboard.
            onCursor(p);
            onPlace(p);
          }
        }}
      >
        <SkyStars stars={view.stars} size={size} />
        {ghost && kind && (
          <div
            className={`ghost${pending ? " pending" : ""}${tooClose ? " too-close" : ""}${problem && !tooClose ? " refused" : ""}`}
            style={{ left: `${ghost.x * 100}%`, top: `${ghost.y * 100}%` }}
            aria-hidden="true"
          >
            <StarGlyph kind={kind} size={glyphSize(size.width) + 4} />
            {tooClose && <span className="ghost-note">{t("dreams.game.tooClose")}</span>}
          </div>
        )}
        {shown && shownStar !== null && (
          <div
            className="star-tip"
            role="status"
            style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }}
          >
            {t("dreams.game.starBy", {
              order: shownStar + 1,
              kind: t(`dreams.game.kindShort_${shown.kind}`),
              name: nameOf(shown.seat),
            })}
          </div>
        )}
      </div>
      <p id={helpId} className="visually-hidden">
        {confirm ? t("dreams.game.firmamentHelpConfirm") : t("dreams.game.firmamentHelp")}{" "}
        {t("dreams.game.shortcutsHint")}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
