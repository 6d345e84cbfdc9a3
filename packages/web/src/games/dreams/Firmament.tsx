import { checkAction, type DreamsView, type PlacedStar, type StarKind } from "@firmament/dreams";
import { type KeyboardEvent, type PointerEvent, type RefObject, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { glyphSize, type Point, SkyStars, useSize } from "./Board";
import { StarGlyph } from "./StarGlyph";

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

type Check = ReturnType<typeof checkAction>;

/** The star the player would place, where it would land, marked when the engine refuses that spot. */
function GhostStar({
  ghost,
  kind,
  pending,
  problem,
  skyWidth,
}: {
  ghost: Point;
  kind: StarKind;
  pending: boolean;
  problem: Check;
  skyWidth: number;
}) {
  const { t } = useTranslation();
  const tooClose = problem?.code === "star/too_close";
  return (
    <div
      className={`ghost${pending ? " pending" : ""}${tooClose ? " too-close" : ""}${problem && !tooClose ? " refused" : ""}`}
      style={{ left: `${ghost.x * 100}%`, top: `${ghost.y * 100}%` }}
      aria-hidden="true"
    >
      <StarGlyph kind={kind} size={glyphSize(skyWidth) + 4} />
      {tooClose && <span className="ghost-note">{t("dreams.game.tooClose")}</span>}
    </div>
  );
}

/** Who placed the star under the pointer (or the one tapped), and which it was. */
function StarTip({
  view,
  index,
  nameOf,
}: {
  view: DreamsView;
  index: number;
  nameOf: (seat: number) => string;
}) {
  const { t } = useTranslation();
  const star = view.stars[index];
  if (!star) return null;
  return (
    <div className="star-tip" role="status" style={{ left: `${star.x * 100}%`, top: `${star.y * 100}%` }}>
      {t("dreams.game.starBy", {
        order: index + 1,
        kind: t(`dreams.game.kindShort_${star.kind}`),
        name: nameOf(star.seat),
      })}
    </div>
  );
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
const KIND_KEYS: Record<string, StarKind> = { "1": "clear", "2": "gray", "3": "black" };

/**
 * The firmament's keys: arrows move the cursor (Shift: finer), Enter or Space places (or aims, then
 * places, when confirming), Escape takes a chosen spot back, 1/2/3 choose the kind.
 */
function useSkyKeys(
  props: FirmamentProps,
  canPlace: boolean,
  aim: (p: Point) => void,
  announce: { at: (p: Point) => void; cancelled: () => void },
) {
  const { cursor, pending, confirm, onCancel, onHover, onCursor, onPlace, onKind } = props;
  return function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = ARROWS[event.key];
    const kind = KIND_KEYS[event.key];
    const enter = event.key === "Enter" || event.key === " ";
    const takeBack = event.key === "Escape" && pending;
    if (!move && !kind && !enter && !takeBack) return;
    event.preventDefault();
    if (move) {
      const fine = event.shiftKey ? FINE : 1;
      const next = {
        x: clamp(cursor.x + (move[0] * STEP.x) / fine),
        y: clamp(cursor.y + (move[1] * STEP.y) / fine),
      };
      // Moving on takes back a spot chosen for confirmation: Enter chooses the new one.
      if (pending) onCancel();
      onHover(null);
      onCursor(next);
      announce.at(next);
    } else if (enter) {
      if (!canPlace) return;
      if (!confirm) onPlace(cursor);
      else if (pending && pending.x === cursor.x && pending.y === cursor.y) onPlace(pending);
      else aim(cursor);
    } else if (takeBack) {
      onCancel();
      announce.cancelled();
    } else if (kind) onKind(kind);
  };
}

/**
 * The pointer on the firmament: a mouse hovers (the ghost follows), a press picks the star under it
 * (its tip shows) and places, or aims when confirming; a tap places too, and the cursor follows it.
 */
function useSkyPointer(
  ref: RefObject<HTMLDivElement | null>,
  props: FirmamentProps,
  canPlace: boolean,
  aim: (p: Point) => void,
) {
  const { view, confirm, onHover, onCursor, onPlace } = props;
  const [picked, setPicked] = useState<number | null>(null);
  const pointFrom = (event: PointerEvent<HTMLDivElement>): Point => {
    const rect = (ref.current as HTMLDivElement).getBoundingClientRect();
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  };
  const pointer = {
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      if (e.pointerType === "mouse") onHover(pointFrom(e));
    },
    onPointerLeave: () => onHover(null),
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      const p = pointFrom(e);
      setPicked(nearestStar(view.stars, p, 0.03));
      if (!canPlace) return;
      if (e.pointerType === "mouse" && e.button !== 0) return;
      if (confirm) aim(p);
      else if (e.pointerType === "mouse") onPlace(p);
      else {
        // Without confirming, a tap places too; the cursor follows for the keyboard.
        onCursor(p);
        onPlace(p);
      }
    },
  };
  return { picked, pointer };
}

/** How to use the firmament (its description) and what just happened on it, for screen readers. */
function SkyHelp({ id, confirm, announce }: { id: string; confirm: boolean; announce: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p id={id} className="visually-hidden">
        {confirm ? t("dreams.game.firmamentHelpConfirm") : t("dreams.game.firmamentHelp")}{" "}
        {t("dreams.game.shortcutsHint")}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </>
  );
}

/**
 * The night sky stars are placed on. Keyboard: arrows move the cursor (Shift: finer), Enter or Space
 * places, 1/2/3 choose the star kind. Pointer: a click or tap places. With confirming on, a click, a
 * tap or Enter only chooses the spot: the ghost star stays there until "Place star" (or Enter again),
 * and Escape or "Cancel" takes it back. Legality comes from the engine's checkAction only.
 */
export function Firmament(props: FirmamentProps) {
  const { view, kind, cursor, hover, confirm, pending, onAim, nameOf } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const size = useSize(ref);
  const helpId = useId();
  const [announce, setAnnounce] = useState("");
  const me = view.me;
  const canPlace = kind !== null && me !== null;
  const ghost = canPlace ? (pending ?? hover ?? cursor) : null;
  const check = (p: Point) =>
    me && kind ? checkAction(view, { type: "place_star", seat: me.seat, kind, x: p.x, y: p.y }) : null;
  const describe = (p: Point) => {
    const where = t("dreams.game.cursorAt", { x: Math.round(p.x * 100), y: Math.round(p.y * 100) });
    if (!me || !kind) return where;
    return `${where} ${check(p)?.code === "star/too_close" ? t("dreams.game.tooClose") : t("dreams.game.free")}`;
  };
  const aim = (p: Point) =>
    setAnnounce(onAim(p) ? `${describe(p)} ${t("dreams.game.confirmHint")}` : describe(p));
  const onKeyDown = useSkyKeys(props, canPlace, aim, {
    at: (p) => setAnnounce(describe(p)),
    cancelled: () => setAnnounce(t("dreams.game.starCancelled")),
  });
  const { picked, pointer } = useSkyPointer(ref, props, canPlace, aim);
  const shownStar = picked ?? (hover ? nearestStar(view.stars, hover, 0.03) : null);
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
        {...pointer}
      >
        <SkyStars stars={view.stars} size={size} />
        {ghost && kind && (
          <GhostStar
            ghost={ghost}
            kind={kind}
            pending={pending !== null}
            problem={check(ghost)}
            skyWidth={size.width}
          />
        )}
        {shownStar !== null && <StarTip view={view} index={shownStar} nameOf={nameOf} />}
      </div>
      <SkyHelp id={helpId} confirm={confirm} announce={announce} />
    </div>
  );
}
