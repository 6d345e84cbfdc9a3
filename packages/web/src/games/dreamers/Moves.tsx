import {
  type Declaration,
  type DreamCard,
  type DreamersLegalAction,
  type DreamersView,
  honestDeclaration,
  type Seat,
} from "@firmament/dreamers";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DreamCardFace, IdentityFace } from "./Cards";
import { cardName, effectText, targetSeat } from "./text";
import type { DreamersClientAction } from "./types";

const DECLARATIONS: readonly Declaration[] = ["close", "between", "far"];

/** Stands for the card inside a translated sentence, so the words can go on either side of it. */
const MARK = "\u0001";

function splitAround(sentence: string): { before: string; after: string } {
  const [before = "", after = ""] = sentence.split(MARK);
  return { before: before.trim(), after: after.trim() };
}

interface MoveProps {
  view: DreamersView;
  legal: DreamersLegalAction[];
  nameOf: (seat: Seat) => string;
  busy: boolean;
  send: (action: DreamersClientAction) => void;
}

/** The viewer's identity and hand, and the moves the rules allow them now (and only those). */
export function Moves({
  view,
  legal,
  nameOf,
  busy,
  send,
  chosen,
  onChoose,
}: MoveProps & { chosen: string | null; onChoose: (card: string | null) => void }) {
  const { t } = useTranslation();
  const me = view.me;
  if (!me) return null;
  const play = legal.find((a) => a.type === "play_dream");
  const declares = play?.type === "play_dream" && play.declare;
  const picked = declares ? (me.hand.find((c) => c.id === chosen) ?? null) : null;

  const around = splitAround(t("dreamers.actions.playCard", { card: MARK }));

  function onCard(card: DreamCard) {
    if (!play || busy) return;
    if (declares) onChoose(chosen === card.id ? null : card.id);
    else send({ type: "play_dream", card: card.id });
  }

  return (
    <section
      className="panel dm-moves"
      id="region-hand"
      tabIndex={-1}
      data-decision-area
      aria-labelledby="dm-hand-heading"
    >
      <div className="dm-whoami">
        <span aria-hidden="true">
          <IdentityFace identity={me.identity} bare />
        </span>
        <div>
          <h2>{t("dreamers.yourIdentity")}</h2>
          <p className="dm-identity-text">
            {me.identity ? t(`dreamers.youAre.${me.identity}`) : t("dreamers.notDealt")}
          </p>
          {me.identity && view.phase !== "over" && (
            <p className="muted">{t(`dreamers.goal.${me.identity}`)}</p>
          )}
        </div>
      </div>
      {/* When the hand is not played from, the moves come first (a phone shows them without scrolling). */}
      <div className="dm-moves-controls">
        <Modifiers view={view} legal={legal} nameOf={nameOf} busy={busy} send={send} />
        <Closing view={view} legal={legal} nameOf={nameOf} busy={busy} send={send} />
        <ChooseIdentity legal={legal} busy={busy} send={send} />
      </div>
      <div className="dm-moves-hand">
        <h2 id="dm-hand-heading" className={view.phase === "choosing" ? "visually-hidden" : undefined}>
          {t("dreamers.hand.heading")}
        </h2>
        {me.hand.length === 0 ? (
          view.phase !== "choosing" && <p className="muted">{t("dreamers.hand.empty")}</p>
        ) : (
          <ul className="dm-hand" data-decision={play ? true : undefined}>
            {me.hand.map((card) => (
              <li key={card.id}>
                {play ? (
                  <button
                    type="button"
                    className={`dm-card-button${chosen === card.id && declares ? " chosen" : ""}`}
                    aria-pressed={declares ? chosen === card.id : undefined}
                    disabled={busy}
                    onClick={() => onCard(card)}
                  >
                    {/* Named by its content: "Play Dream card" around the value and effect the card shows. */}
                    <span className="visually-hidden">{around.before}</span> <DreamCardFace card={card} />{" "}
                    {around.after && <span className="visually-hidden">{around.after}</span>}
                  </button>
                ) : (
                  <span className="dm-card-still">
                    <span className="visually-hidden">{cardName(card, t)}</span>
                    <span aria-hidden="true">
                      <DreamCardFace card={card} />
                    </span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {declares && !picked && <p className="dm-hint">{t("dreamers.actions.pickCard")}</p>}
      </div>
      {picked && <Declare view={view} card={picked} busy={busy} send={send} />}
    </section>
  );
}

function Declare({
  view,
  card,
  busy,
  send,
}: {
  view: DreamersView;
  card: DreamCard;
  busy: boolean;
  send: MoveProps["send"];
}) {
  const { t } = useTranslation();
  const n = view.nightmare?.value ?? null;
  const honest = n === null ? null : honestDeclaration(card.value, n);
  // On a phone the declarations appear below the fold: bring them up when a card is picked.
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  return (
    <fieldset className="dm-declare" ref={box} data-decision>
      <legend>{t("dreamers.actions.declareHeading", { value: card.value })}</legend>
      <ul>
        {DECLARATIONS.map((declaration) => (
          <li key={declaration}>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => send({ type: "play_dream", card: card.id, declaration })}
            >
              {t("dreamers.actions.declare", { declaration: t(`dreamers.declaration.${declaration}`) })}
            </button>
            {honest === declaration && (
              <span className="tag" aria-hidden="true">
                {t("dreamers.actions.honest")}
              </span>
            )}
          </li>
        ))}
      </ul>
      {honest && n !== null && (
        <p className="muted">
          {t("dreamers.actions.honestHint", {
            value: card.value,
            n,
            declaration: t(`dreamers.declaration.${honest}`),
          })}
        </p>
      )}
    </fieldset>
  );
}

function Modifiers({ view, legal, nameOf, busy, send }: MoveProps) {
  const { t } = useTranslation();
  const me = view.me;
  const modify = legal.find((a) => a.type === "modify");
  const pass = legal.some((a) => a.type === "pass");
  if (!me || (!modify && !pass)) return null;
  const options = modify?.type === "modify" ? modify.options : [];
  const valueOn = (seat: Seat) => view.plays.find((p) => p.seat === seat)?.card?.value ?? 0;
  return (
    <fieldset className="dm-modifiers" data-decision>
      <legend>{t("dreamers.actions.modifierHeading")}</legend>
      {options.length === 0 && <p className="muted">{t("dreamers.actions.noModifier")}</p>}
      <ul>
        {options.map(({ card: id, target }) => {
          const card = me.hand.find((c) => c.id === id);
          if (!card) return null;
          const owner = targetSeat(view.first, target);
          const value = valueOn(owner);
          return (
            <li key={`${id}-${target}`}>
              <button
                type="button"
                className="primary"
                disabled={busy}
                onClick={() => send({ type: "modify", card: id, target })}
              >
                {t("dreamers.actions.modify", {
                  modifier: effectText(card.effect, t),
                  card: card.value,
                  target:
                    owner === me.seat
                      ? t("dreamers.actions.targetYours", { value })
                      : t("dreamers.actions.targetTheirs", { name: nameOf(owner), value }),
                  sum: view.nightmare?.value ?? "?",
                })}
              </button>
            </li>
          );
        })}
        {pass && (
          <li>
            <button type="button" disabled={busy} onClick={() => send({ type: "pass" })}>
              {t("dreamers.actions.pass")}
            </button>
          </li>
        )}
      </ul>
    </fieldset>
  );
}

function Closing({ view, legal, nameOf, busy, send }: MoveProps) {
  const { t } = useTranslation();
  const accuse = legal.some((a) => a.type === "accuse");
  const end = legal.some((a) => a.type === "end_turn");
  if (!accuse && !end) return null;
  const opponent = view.me ? nameOf(view.me.seat === 0 ? 1 : 0) : "";
  return (
    <div className="dm-closing" data-decision>
      {accuse && <p className="dm-hint">{t("dreamers.actions.accuseHint", { name: opponent })}</p>}
      <div className="dm-buttons">
        {accuse && (
          <button type="button" className="danger" disabled={busy} onClick={() => send({ type: "accuse" })}>
            {t("dreamers.actions.accuse")}
          </button>
        )}
        {end && (
          <button
            type="button"
            className="primary"
            data-focus-first
            disabled={busy}
            onClick={() => send({ type: "end_turn" })}
          >
            {t("dreamers.actions.endTurn")}
          </button>
        )}
      </div>
    </div>
  );
}

function ChooseIdentity({ legal, busy, send }: Pick<MoveProps, "legal" | "busy" | "send">) {
  const { t } = useTranslation();
  const choose = legal.find((a) => a.type === "choose_identity");
  if (choose?.type !== "choose_identity") return null;
  return (
    <fieldset className="dm-choose" data-decision>
      <legend>{t("dreamers.actions.chooseHeading")}</legend>
      <ul>
        {choose.identities.map((identity) => (
          <li key={identity}>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => send({ type: "choose_identity", identity })}
            >
              <span aria-hidden="true">
                <IdentityFace identity={identity} bare />
              </span>
              <span>{t(`dreamers.actions.choose.${identity}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
