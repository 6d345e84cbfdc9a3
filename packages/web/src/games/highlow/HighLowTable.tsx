import { type HighLowView, legalActions, verifyCommitment } from "@firmament/highlow";
import type { TableInfo } from "@firmament/protocol";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TableNotice } from "../../components/TableNotice";
import { useIntoViewOnAppear } from "../../components/useIntoView";
import { framePush } from "../../replay/frames";
import type { GameScreenProps, ReplayScreenProps } from "../types";

type Name = (seat: number) => string;

function useNames(table: TableInfo, view: HighLowView): Name {
  const { t } = useTranslation();
  return (seat) => {
    const name = table.seats[seat]?.name ?? t("highlow.seatName", { n: seat + 1 });
    return view.viewer === seat ? t("highlow.youNamed", { name }) : name;
  };
}

/** Whose turn it is, in words. */
function Status({ view, nameOf }: { view: HighLowView; nameOf: Name }) {
  const { t } = useTranslation();
  const me = typeof view.viewer === "number" ? view.viewer : null;
  const other = me === null ? null : 1 - me;
  let text: string;
  if (view.phase === "over") text = t("highlow.status.over");
  else if (view.phase === "choosing") {
    const waiting = view.awaiting.filter((seat) => seat !== me);
    if (me !== null && view.awaiting.includes(me)) text = t("highlow.status.choose");
    else text = t("highlow.status.waitingChoice", { name: waiting.map(nameOf).join(", ") });
  } else {
    const guesser = view.awaiting[0] ?? 0;
    text =
      guesser === me && other !== null
        ? t("highlow.status.yourGuess", { name: nameOf(other) })
        : t("highlow.status.theirGuess", { name: nameOf(guesser) });
  }
  return (
    <p className="hl-status" role="status">
      {text}
    </p>
  );
}

/** The number field and its button, bounded by the one legal action of the viewer now. */
function NumberForm({ view, act }: { view: HighLowView; act: GameScreenProps<"highlow">["act"] }) {
  const { t } = useTranslation();
  const id = useId();
  const legal = legalActions(view)[0];
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!legal) return null;
  const number = Number(text);
  const valid = Number.isInteger(number) && text !== "" && number >= legal.min && number <= legal.max;
  async function send(event: FormEvent) {
    event.preventDefault();
    if (!valid || !legal) return;
    const refused = await act({ type: legal.type, number });
    setError(refused ? refused.message : null);
    if (!refused) setText("");
  }
  const label = t(legal.type === "choose" ? "highlow.numberToHide" : "highlow.numberToGuess");
  return (
    <form className="hl-form" onSubmit={send}>
      <label htmlFor={id}>{label}</label>{" "}
      <input
        id={id}
        type="number"
        min={legal.min}
        max={legal.max}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />{" "}
      <span className="muted">{t("highlow.between", { min: legal.min, max: legal.max })}</span>{" "}
      <button type="submit" className="primary" disabled={!valid}>
        {t(legal.type === "choose" ? "highlow.hide" : "highlow.guess")}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

/** Every guess so far with its public answer, oldest first. */
function Guesses({ view, nameOf }: { view: HighLowView; nameOf: Name }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hl-guesses">
      <h2 id="hl-guesses">{t("highlow.guesses")}</h2>
      {view.guesses.length === 0 ? (
        <p className="muted">{t("highlow.noGuesses")}</p>
      ) : (
        <ol className="hl-guesses">
          {view.guesses.map((guess, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: guesses are only ever appended
            <li key={index}>
              {t(`highlow.answer.${guess.answer}`, { name: nameOf(guess.seat), number: guess.number })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The end: the winner, both hidden numbers and whether they match the commitment published earlier. */
function End({ view, nameOf, onPlayAgain }: { view: HighLowView; nameOf: Name; onPlayAgain?: () => void }) {
  const secret = view.secret;
  if (view.phase !== "over" || !secret) return null;
  return <EndShown view={view} secret={secret} nameOf={nameOf} onPlayAgain={onPlayAgain} />;
}

function EndShown({
  view,
  secret,
  nameOf,
  onPlayAgain,
}: {
  view: HighLowView;
  secret: NonNullable<HighLowView["secret"]>;
  nameOf: Name;
  onPlayAgain?: () => void;
}) {
  const { t } = useTranslation();
  const end = useIntoViewOnAppear<HTMLElement>();
  const verified = verifyCommitment(view.commitment, secret);
  return (
    <section aria-labelledby="hl-end" className="hl-end" ref={end}>
      <h2 id="hl-end">{t("highlow.gameOver")}</h2>
      <p>{t("highlow.wins", { name: (view.winners ?? []).map(nameOf).join(", ") })}</p>
      <ul>
        {secret.numbers.map((number, seat) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one entry per seat, in seat order
          <li key={seat}>{t("highlow.hid", { name: nameOf(seat), number })}</li>
        ))}
      </ul>
      <p className={verified ? "hl-verified" : "error"}>
        {t(verified ? "highlow.commitmentVerified" : "highlow.commitmentBroken")}
      </p>
      {onPlayAgain && (
        <button type="button" onClick={onPlayAgain}>
          {t("highlow.playAgain")}
        </button>
      )}
    </section>
  );
}

/** The board both the table and the replay show; `act` is left out in a replay. */
function Board(props: {
  view: HighLowView;
  table: TableInfo;
  act?: GameScreenProps<"highlow">["act"];
  onPlayAgain?: () => void;
}) {
  const { t } = useTranslation();
  const { view, act } = props;
  const nameOf = useNames(props.table, view);
  return (
    <div className="hl-game">
      <h1>{t("highlow.name")}</h1>
      <Status view={view} nameOf={nameOf} />
      {view.mine !== null && <p>{t("highlow.yourNumber", { number: view.mine })}</p>}
      {view.commitment && (
        <p className="muted hl-commitment">{t("highlow.commitment", { hash: view.commitment })}</p>
      )}
      {act && <NumberForm key={`${view.phase}-${view.guesses.length}`} view={view} act={act} />}
      <Guesses view={view} nameOf={nameOf} />
      <End view={view} nameOf={nameOf} {...(props.onPlayAgain && { onPlayAgain: props.onPlayAgain })} />
    </div>
  );
}

/** High-Low's table during play. */
export function HighLowScreen({ push, table, act, host, playAgain, notice }: GameScreenProps<"highlow">) {
  const view = push.view;
  const nameOf = useNames(table, view);
  return (
    <>
      <TableNotice
        notice={notice}
        mySeat={typeof view.viewer === "number" ? view.viewer : null}
        nameOf={nameOf}
      />
      <Board view={view} table={table} act={act} {...(host && { onPlayAgain: () => void playAgain() })} />
    </>
  );
}

/** A High-Low replay frame: the board as a spectator saw it (the numbers appear at the end). */
export function HighLowReplay({ replay, frame, table }: ReplayScreenProps) {
  const push = framePush<"highlow">(replay, frame);
  return (
    <div className="replay-board">
      <Board view={push.view} table={table} />
    </div>
  );
}
