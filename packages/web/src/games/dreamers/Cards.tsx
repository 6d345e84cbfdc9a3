import type { DreamCard, Identity, NightmareCard } from "@firmament/dreamers";
import { dreamersFaceUrl } from "@firmament/dreamers";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { effectText } from "./text";

/**
 * A card's picture, decorative: what the card means is always written beside it as text, so the card
 * reads the same without the picture (not served, failed to load, or a screen reader). If the picture
 * fails, `fallback` (a large figure or a glyph) takes its place.
 */
function Art({ id, fallback = null }: { id: string; fallback?: ReactNode }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === id) return fallback;
  return (
    <img
      className="dm-art"
      src={dreamersFaceUrl(id)}
      alt=""
      draggable={false}
      onError={() => setFailed(id)}
    />
  );
}

type Size = "hand" | "table" | "small";

function Frame({
  kind,
  art,
  size,
  children,
  caption,
}: {
  kind: string;
  art: string;
  size: Size;
  children?: ReactNode;
  caption: ReactNode;
}) {
  return (
    <span className={`dm-card dm-kind-${kind} dm-size-${size}`}>
      <span className="dm-face">
        <Art id={art} fallback={children} />
      </span>
      {caption && <span className="dm-caption">{caption}</span>}
    </span>
  );
}

/** A Dream card: its value large, its modifier or the skull beside it, as text. */
export function DreamCardFace({ card, size = "hand" }: { card: DreamCard; size?: Size }) {
  const { t } = useTranslation();
  const skull = card.effect === "skull";
  return (
    <Frame
      kind="dream"
      art={card.id}
      size={size}
      caption={
        <>
          <span className="dm-value">{card.value}</span>{" "}
          <span className={skull ? "dm-effect dm-skull" : "dm-effect"}>
            {skull && <SkullGlyph />}
            {skull ? t("dreamers.card.skullShort") : effectText(card.effect, t)}
          </span>
        </>
      }
    >
      <span className="dm-fallback" aria-hidden="true">
        {card.value}
      </span>
    </Frame>
  );
}

/** A Dream card lying face down: its back, and the words "face down". */
export function FaceDownCard({ size = "table" }: { size?: Size }) {
  const { t } = useTranslation();
  return (
    <Frame
      kind="back"
      art="back-dream"
      size={size}
      caption={<span className="dm-word">{t("dreamers.card.faceDownShort")}</span>}
    >
      <span className="dm-fallback dm-fallback-back" aria-hidden="true">
        ?
      </span>
    </Frame>
  );
}

/** The Nightmare: the exact sum to reach, in large figures (its slot names it). */
export function NightmareFace({
  nightmare,
  size = "table",
}: {
  nightmare: NightmareCard | null;
  size?: Size;
}) {
  return (
    <Frame
      kind="nightmare"
      art={nightmare ? nightmare.id : "back-nightmare"}
      size={size}
      caption={<span className="dm-value">{nightmare ? nightmare.value : "–"}</span>}
    >
      <span className="dm-fallback" aria-hidden="true">
        {nightmare ? nightmare.value : "?"}
      </span>
    </Frame>
  );
}

/** An identity card, face up, or its back when `identity` is null. */
export function IdentityFace({
  identity,
  size = "small",
  bare = false,
}: {
  identity: Identity | null;
  size?: Size;
  /** No caption, where the identity is written right beside the card. */
  bare?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Frame
      kind={`identity dm-kind-${identity ?? "unknown"}`}
      art={identity ? `identity-${identity}` : "back-identity"}
      size={size}
      caption={
        bare ? null : <span className="dm-word">{identity ? t(`dreamers.identity.${identity}`) : "?"}</span>
      }
    >
      <span className="dm-fallback" aria-hidden="true">
        {identity === "master" ? <SkullGlyph /> : identity === "dreamer" ? "☾" : "?"}
      </span>
    </Frame>
  );
}

/** The three gates, each with its state in words (and a different shape: never colour alone). */
export function Gates({ open }: { open: number }) {
  const { t } = useTranslation();
  return (
    <section className="dm-gates" aria-label={t("dreamers.gates.heading")}>
      <h2 className="visually-hidden">{t("dreamers.gates.heading")}</h2>
      <ol>
        {[1, 2, 3].map((n) => {
          const isOpen = n <= open;
          return (
            <li key={n} className={isOpen ? "dm-gate open" : "dm-gate"}>
              <span className="dm-gate-face">
                <Art id={isOpen ? "gate-open" : "gate-closed"} fallback={<GateGlyph open={isOpen} />} />
              </span>
              <span className="visually-hidden">
                {t(isOpen ? "dreamers.gates.open" : "dreamers.gates.closed", { n })}
              </span>
              <span className="dm-gate-word" aria-hidden="true">
                {t(isOpen ? "dreamers.gates.openShort" : "dreamers.gates.closedShort")}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="dm-gates-summary">{t("dreamers.gates.summary", { open })}</p>
    </section>
  );
}

/** The first-player card, small, with its name written on it. */
export function FirstPlayerBadge() {
  const { t } = useTranslation();
  return (
    <span className="dm-first">
      <span className="dm-first-art">
        <Art id="first-player" fallback={<span aria-hidden="true">★</span>} />
      </span>
      <span className="dm-first-word">{t("dreamers.firstPlayer")}</span>
    </span>
  );
}

export function SkullGlyph({ size = 16 }: { size?: number }) {
  return (
    <svg
      className="dm-skull-glyph"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M10 2C5.6 2 3 5 3 8.6c0 2.2 1 3.6 2.4 4.5V16h2v-2h1.6v2h2v-2h1.6v2h2v-2.9C16 12.2 17 10.8 17 8.6 17 5 14.4 2 10 2Z"
        fill="currentColor"
      />
      <circle cx="7.2" cy="9" r="1.8" fill="#0b1026" />
      <circle cx="12.8" cy="9" r="1.8" fill="#0b1026" />
    </svg>
  );
}

/** A gate as a shape: an arch with bars when closed, an empty arch when open. */
function GateGlyph({ open }: { open: boolean }) {
  return (
    <svg className="dm-gate-glyph" viewBox="0 0 40 48" aria-hidden="true" focusable="false">
      <path
        d="M4 46V20C4 10 11 3 20 3s16 7 16 17v26"
        fill={open ? "none" : "currentColor"}
        fillOpacity={open ? 0 : 0.25}
        stroke="currentColor"
        strokeWidth="3"
      />
      {!open && (
        <g stroke="currentColor" strokeWidth="3">
          <path d="M13 8v38M20 4v42M27 8v38" />
        </g>
      )}
      {open && (
        <path d="M20 30l-6 6M20 30l6 6M20 30V18" stroke="currentColor" strokeWidth="2.5" fill="none" />
      )}
    </svg>
  );
}
