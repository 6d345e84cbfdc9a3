import type { Colour, DreamsView, Guess } from "@firmament/dreams";
import type { ChatLine, ClientAction, NoticePush, ProtocolError, TableInfo } from "@firmament/protocol";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Chat } from "../../components/Chat";
import { Countdown } from "../../components/Countdown";
import { KeyboardHelpButton } from "../../components/KeyboardHelp";
import { PlayerMark } from "../../components/Symbols";
import { TableNotice } from "../../components/TableNotice";
import { turnLimitMs, useTurnDeadline } from "../../components/turnClock";
import { useModalDialog } from "../../components/useModalDialog";
import { useRegionShortcuts } from "../../components/useRegionShortcuts";
import { navigate } from "../../router";
import { useSettings } from "../../settings";
import type { ViewPush } from "../types";
import { RevealBeliefs } from "./Beliefs";
import { CardsSquare, StarsOverlay } from "./Board";
import { Firmament } from "./Firmament";
import { GuessPanel } from "./Guess";
import { KeyboardHelp } from "./KeyboardHelp";
import { Marker } from "./Marker";
import { RevealPanel } from "./Reveal";
import { GodsTrack, MoveList, PlayersPanel } from "./SidePanels";
import { StarTray } from "./StarTray";
import type { Seats } from "./seats";
import { REGION_KEYS } from "./shortcuts";
import { useNews, useSend, useStarPlacement } from "./useTable";

export interface DreamsTableProps {
  push: ViewPush<"dreams">;
  /** Show the bot's beliefs at the reveal (a replay shows them beside the table instead). */
  explain?: boolean;
  /** A replay's frame: nothing of a live table (no chat, no "you are watching", nobody thinking). */
  replay?: boolean;
  /** When `push` arrived (this client's clock). */
  receivedAt?: number;
  notice?: (NoticePush & { id: number }) | null;
  table: TableInfo | null;
  chat: ChatLine[];
  host: boolean;
  altOf: (id: string) => string;
  imageOf: (id: string) => string;
  act: (action: ClientAction) => Promise<ProtocolError | null>;
  say: (text: string) => Promise<ProtocolError | null>;
  playAgain: () => Promise<ProtocolError | null>;
}

export function seatsOf(view: DreamsView, table: TableInfo | null, colourName: (c: Colour) => string): Seats {
  const infoOf = (seat: number) => {
    const colour = view.colours[seat];
    return table?.seats.find((s) => s.colour === colour) ?? table?.seats[seat];
  };
  return {
    infoOf,
    nameOf: (seat) => infoOf(seat)?.name ?? colourName(view.colours[seat] as Colour),
  };
}

type Placement = ReturnType<typeof useStarPlacement>;

/** The prompt (whose turn, the timer, a refused spot, a notice) and the keyboard help's button. */
function PromptRow({
  view,
  seats,
  placement,
  deadline,
  limitMs,
  notice,
  onHelp,
}: {
  view: DreamsView;
  seats: Seats;
  placement: Placement;
  deadline: number | null;
  limitMs: number | null;
  notice: DreamsTableProps["notice"];
  onHelp: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="prompt-row">
      <div className="prompt" role="status" aria-live="polite">
        <span className="round">{t("dreams.game.round", { round: view.round })}</span>
        {view.turn !== null && <PlayerMark colour={view.colours[view.turn] as Colour} size={18} />}
        <strong>{promptText(view, seats, t)}</strong>
        {deadline !== null && view.phase !== "over" && <Countdown deadline={deadline} limitMs={limitMs} />}
        {placement.refusal && placement.kind && (
          <span className="refusal" role="alert">
            {placement.refusal}
          </span>
        )}
        <TableNotice notice={notice} mySeat={view.me?.seat ?? null} nameOf={seats.nameOf} live={false} />
      </div>
      <KeyboardHelpButton onClick={onHelp} />
    </div>
  );
}

/** The four cards and the firmament. */
function TableBoard({
  view,
  seats,
  placement,
  confirm,
  altOf,
  imageOf,
  onOpen,
}: {
  view: DreamsView;
  seats: Seats;
  placement: Placement;
  confirm: boolean;
  altOf: (id: string) => string;
  imageOf: (id: string) => string;
  onOpen: (index: number) => void;
}) {
  const p = placement;
  return (
    <div className="board">
      <CardsSquare
        view={view}
        ghost={p.ghost}
        altOf={altOf}
        imageOf={imageOf}
        highlight={view.result ? view.result.secret.vision : null}
        onOpen={onOpen}
      />
      <Firmament
        view={view}
        kind={p.kind}
        cursor={p.cursor}
        onCursor={p.setCursor}
        hover={p.hover}
        onHover={p.setHover}
        onKind={p.choose}
        onPlace={p.place}
        confirm={confirm}
        pending={p.pending}
        onAim={p.aim}
        onCancel={p.cancel}
        nameOf={seats.nameOf}
      />
    </div>
  );
}

/** One card shown large, with the stars over it. */
function CardDialog({
  view,
  opened,
  onClose,
  altOf,
  imageOf,
}: {
  view: DreamsView;
  opened: number | null;
  onClose: () => void;
  altOf: (id: string) => string;
  imageOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const dialog = useModalDialog(opened !== null, onClose);
  const card = opened === null ? null : (view.cards[opened] as string);
  return (
    <dialog
      {...dialog}
      className="card-dialog"
      aria-label={opened === null ? undefined : t("dreams.game.image", { n: opened + 1 })}
    >
      {opened !== null && card !== null && (
        <figure>
          <div className="card-large">
            <img src={imageOf(card)} alt={altOf(card)} />
            <StarsOverlay view={view} ghost={null} />
          </div>
          <figcaption>
            {t("dreams.game.image", { n: opened + 1 })}: {altOf(card)}
          </figcaption>
        </figure>
      )}
      <button type="button" onClick={onClose}>
        {t("app.close")}
      </button>
    </dialog>
  );
}

interface SideProps extends DreamsTableProps {
  seats: Seats;
  placement: Placement;
  confirm: boolean;
  busy: boolean;
  send: (action: ClientAction) => Promise<void>;
  deadline: number | null;
  limitMs: number | null;
}

/** The star tray (placing), the guess, the reveal, one's marker, players, the Gods track, moves, chat. */
function TableSide(props: SideProps) {
  const { t } = useTranslation();
  const {
    push,
    table,
    host,
    seats,
    placement: p,
    confirm,
    busy,
    send,
    explain = true,
    replay = false,
  } = props;
  const view = push.view;
  const me = view.me;
  return (
    <div className="side">
      {me && view.phase === "placing" && (
        <StarTray
          view={view}
          kind={p.kind}
          onKind={p.setChosen}
          onPlace={() => {
            if (!confirm) p.place(p.cursor);
            else if (p.pending) p.place(p.pending);
          }}
          onCancel={p.cancel}
          pending={p.pending !== null}
          busy={busy}
          canPlace={p.kind !== null}
        />
      )}
      <GuessPanel
        view={view}
        seats={seats}
        busy={busy}
        onGuess={(guess: Guess) => void send({ type: "guess", guess })}
      />
      <RevealPanel
        view={view}
        seats={seats}
        host={host}
        busy={busy}
        onReady={() => void send({ type: "ready" })}
        onPlayAgain={() => void props.playAgain()}
        onLeave={() => navigate("/")}
        live={!replay}
      >
        {table && explain && (
          <RevealBeliefs code={table.code} match={push.match} view={view} nameOf={seats.nameOf} />
        )}
      </RevealPanel>
      {me && view.phase !== "over" && <Marker view={view} />}
      {!me && !replay && <p className="panel muted">{t("game.spectator")}</p>}
      <PlayersPanel
        view={view}
        live={!replay}
        seats={seats}
        deadlineFor={props.deadline}
        limitMs={props.limitMs}
        spectators={table?.spectators ?? 0}
      />
      <GodsTrack view={view} seats={seats} />
      <MoveList view={view} seats={seats} />
      {!replay && (
        <Chat lines={props.chat} canWrite={me !== null} onSend={props.say} regionId="region-chat" />
      )}
    </div>
  );
}

/** One seat's (or a spectator's) game screen, rendered from the server's view only. */
export function DreamsTable(props: DreamsTableProps) {
  const { push, receivedAt, table, altOf, imageOf } = props;
  const { t } = useTranslation();
  const view = push.view;
  const seats = seatsOf(view, table, (c) => t(`colour.${c}`));
  const settings = useSettings();
  const { busy, send } = useSend(props.act);
  const placement = useStarPlacement(view, send);
  const [helpOpen, setHelpOpen] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  // One deadline on this client's clock, capped by the turn's length, for the prompt and the player's row.
  const deadline = useTurnDeadline(push, receivedAt);
  const limitMs = table ? turnLimitMs(table.config, view.phase) : null;
  const jumpNote = useRegionShortcuts(
    settings.shortcuts,
    REGION_KEYS,
    (region) => t(`dreams.shortcuts.region_${region}`),
    () => setHelpOpen(true),
  );
  const news = useNews(push, seats);
  const confirm = settings.confirmPlacement;
  return (
    <div className={`game phase-${view.phase}`}>
      <PromptRow
        view={view}
        seats={seats}
        placement={placement}
        deadline={deadline}
        limitMs={limitMs}
        notice={props.notice}
        onHelp={() => setHelpOpen(true)}
      />
      <p className="visually-hidden" aria-live="polite">
        {news}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {jumpNote}
      </p>
      <TableBoard {...{ view, seats, placement, confirm, altOf, imageOf }} onOpen={setOpened} />
      <TableSide {...props} {...{ seats, placement, confirm, busy, send, deadline, limitMs }} />
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      <CardDialog
        view={view}
        opened={opened}
        onClose={() => setOpened(null)}
        altOf={altOf}
        imageOf={imageOf}
      />
    </div>
  );
}

function promptText(
  view: DreamsView,
  seats: Seats,
  t: (k: string, o?: Record<string, unknown>) => string,
): string {
  switch (view.phase) {
    case "placing":
      return view.turn !== null && view.turn === view.me?.seat
        ? t("dreams.game.yourTurn")
        : t("dreams.game.theirTurn", { name: seats.nameOf(view.turn ?? 0) });
    case "guessing":
      return view.me && view.guessed[view.me.seat] ? t("dreams.game.youGuessed") : t("dreams.game.guessNow");
    case "reveal":
      return t("dreams.game.revealPrompt");
    case "over":
      return t("dreams.game.gameOver");
  }
}
