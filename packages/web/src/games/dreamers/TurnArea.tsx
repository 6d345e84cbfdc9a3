import { type DreamersView, modified, type Seat, type TablePlay } from "@firmament/dreamers";
import { useTranslation } from "react-i18next";
import { DreamCardFace, FaceDownCard, FirstPlayerBadge, Gates, NightmareFace } from "./Cards";
import { cardName, effectText, other, targetSeat } from "./text";

/** The middle of the table: the Nightmare, the turn's two plays with the declaration, the sum, the gates. */
export function TurnArea({ view, nameOf }: { view: DreamersView; nameOf: (seat: Seat) => string }) {
  const { t } = useTranslation();
  const first = view.first;
  const second = other(first);
  const playOf = (seat: Seat) => view.plays.find((p) => p.seat === seat) ?? null;
  const n = view.nightmare?.value ?? null;
  const counts = view.counts;
  return (
    <section className="panel dm-turn" id="region-table" tabIndex={-1} aria-labelledby="dm-turn-heading">
      <h2 id="dm-turn-heading" className="visually-hidden">
        {view.turn > 0 ? t("dreamers.turn", { turn: view.turn }) : t("dreamers.table.heading")}
      </h2>
      <div className="dm-turn-grid">
        <div className="dm-turn-row">
          <figure className="dm-slot dm-nightmare-slot">
            <figcaption className="dm-slot-owner">{t("dreamers.nightmare.target")}</figcaption>
            <p className="visually-hidden">
              {n === null ? t("dreamers.nightmare.none") : t("dreamers.nightmare.toReach", { value: n })}
            </p>
            <div className="dm-slot-card" aria-hidden="true">
              <NightmareFace nightmare={view.nightmare} />
            </div>
          </figure>
          <Slot view={view} seat={first} play={playOf(first)} nameOf={nameOf} leads />
          <Slot view={view} seat={second} play={playOf(second)} nameOf={nameOf} />
        </div>
        <div className="dm-turn-status">
          <SumLine view={view} />
          <Gates open={view.gates} />
          <p className="dm-counts muted">
            {t("dreamers.decks", {
              dreamDeck: counts.dreamDeck,
              dreamDiscard: counts.dreamDiscard,
              nightmareDeck: counts.nightmareDeck,
            })}
          </p>
        </div>
      </div>
    </section>
  );
}

function Slot({
  view,
  seat,
  play,
  nameOf,
  leads = false,
}: {
  view: DreamersView;
  seat: Seat;
  play: TablePlay | null;
  nameOf: (seat: Seat) => string;
  leads?: boolean;
}) {
  const { t } = useTranslation();
  const mine = view.me?.seat === seat;
  const owner = mine ? t("dreamers.table.yourCard") : t("dreamers.table.cardOf", { name: nameOf(seat) });
  const modifier =
    view.modifier && targetSeat(view.first, view.modifier.target) === seat ? view.modifier : null;
  const card = play?.card ?? null;
  let description: string;
  if (!play) description = t("dreamers.table.waiting");
  else if (card)
    description = cardName(card, t) + (play.faceUp ? "" : ` (${t("dreamers.card.faceDownShort")})`);
  else description = t("dreamers.card.faceDown");
  return (
    <figure className={`dm-slot${mine ? " mine" : ""}${play ? "" : " empty"}`}>
      <figcaption className="dm-slot-owner">{owner}</figcaption>
      <p className="visually-hidden">{description}</p>
      <div className={play && !play.faceUp ? "dm-slot-card facedown" : "dm-slot-card"} aria-hidden="true">
        {!play ? (
          <span className="dm-placeholder">{t("dreamers.table.waiting")}</span>
        ) : card ? (
          <DreamCardFace card={card} size="table" />
        ) : (
          <FaceDownCard />
        )}
        {play && card && !play.faceUp && (
          <span className="dm-facedown-tag">{t("dreamers.card.faceDownShort")}</span>
        )}
      </div>
      {leads && <FirstPlayerBadge />}
      {leads && view.declaration && (
        <p className="dm-declaration">
          {t("dreamers.table.declared", { declaration: t(`dreamers.declaration.${view.declaration}`) })}
        </p>
      )}
      {modifier && card && (
        <p className="dm-modified">
          {t("dreamers.table.modifiedBy", {
            modifier: effectText(modifier.card.effect, t),
            value: modifier.card.effect === "skull" ? card.value : modified(card.value, modifier.card.effect),
          })}
        </p>
      )}
    </figure>
  );
}

function SumLine({ view }: { view: DreamersView }) {
  const { t } = useTranslation();
  if (view.sum === null || view.nightmare === null) return null;
  const n = view.nightmare.value;
  const exact = view.sum === n;
  return (
    <p className={exact ? "dm-sum exact" : "dm-sum"}>
      <span className="dm-sum-value">{t("dreamers.table.sum", { sum: view.sum })}</span>{" "}
      {/* Wraps as one piece under the sum, never leaving a lone number on a narrow screen. */}
      <span className="dm-sum-verdict">
        <span aria-hidden="true">{exact ? "✓" : "✗"}</span>{" "}
        {exact ? t("dreamers.table.exact") : t("dreamers.table.missed", { n, diff: Math.abs(n - view.sum) })}
      </span>
    </p>
  );
}
