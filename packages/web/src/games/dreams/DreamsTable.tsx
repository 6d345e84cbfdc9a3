import {
  type Colour,
  checkAction,
  type DreamsView,
  type Guess,
  legalActions,
  type StarKind,
} from "@firmament/dreams";
import type { ChatLine, ClientAction, NoticePush, ProtocolError, TableInfo } from "@firmament/protocol";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Chat } from "../../components/Chat";
import { Countdown } from "../../components/Countdown";
import { PlayerMark } from "../../components/Symbols";
import { TableNotice } from "../../components/TableNotice";
import { turnLimitMs, useTurnDeadline } from "../../components/turnClock";
import { useModalDialog } from "../../components/useModalDialog";
import { navigate } from "../../router";
import { useSettings } from "../../settings";
import type { ViewPush } from "../types";
import { RevealBeliefs } from "./Beliefs";
import { CardsSquare, Firmament, type Point, StarsOverlay } from "./Board";
import { KeyboardHelp } from "./KeyboardHelp";
import {
  GodsTrack,
  GuessPanel,
  Marker,
  MoveList,
  PlayersPanel,
  RevealPanel,
  type Seats,
  StarTray,
} from "./Panels";
import { type Region, shortcutOf } from "./shortcuts";

export interface DreamsTableProps {
  push: ViewPush<"dreams">;
  /** Show the bot's beliefs at the reveal (a replay shows them beside the table instead). */
  explain?: boolean;
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

/**
 * Moves the focus to a region of the table (its first control when it has one ready, else the region
 * itself). False when the region is not on screen now.
 */
function focusRegion(region: Region): boolean {
  const el = document.getElementById(`region-${region}`);
  if (!el) return false;
  const first = el.querySelector<HTMLElement>("[data-focus-first]:not(:disabled)");
  (first ?? el).focus();
  return true;
}

/** One seat's (or a spectator's) game screen, rendered from the server's view only. */
export function DreamsTable({
  push,
  receivedAt,
  notice,
  table,
  chat,
  host,
  altOf,
  imageOf,
  act,
  say,
  playAgain,
  explain = true,
}: DreamsTableProps) {
  const { t } = useTranslation();
  const view = push.view;
  const me = view.me;
  const seats = seatsOf(view, table, (c) => t(`colour.${c}`));
  const legal = legalActions(view);
  const placing = legal.find((a) => a.type === "place_star");
  const kindsLeft: StarKind[] = placing && placing.type === "place_star" ? placing.kinds : [];
  const [chosen, setChosen] = useState<StarKind | null>(null);
  const kind =
    kindsLeft.length === 0 ? null : chosen && kindsLeft.includes(chosen) ? chosen : (kindsLeft[0] ?? null);
  const settings = useSettings();
  const confirm = settings.confirmPlacement;
  const [cursor, setCursor] = useState<Point>({ x: 0.5, y: 0.5 });
  // With confirming on: the spot chosen for the next star, waiting for "Place star".
  const [pending, setPending] = useState<Point | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [hover, setHover] = useState<Point | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const cardDialog = useModalDialog(opened !== null, () => setOpened(null));

  // One deadline on this client's clock, capped by the turn's length, for the prompt and the player's row.
  const deadline = useTurnDeadline(push, receivedAt);
  const limitMs = table ? turnLimitMs(table.config, view.phase) : null;

  async function send(action: ClientAction) {
    if (busy) return;
    setBusy(true);
    try {
      await act(action);
    } finally {
      setBusy(false);
    }
  }

  const [refusal, setRefusal] = useState<string | null>(null);
  /** The engine, not the client, decides whether the spot is allowed; true when it is. */
  function allowed(p: Point): boolean {
    if (!kind || !me) return false;
    const problem = checkAction(view, { type: "place_star", seat: me.seat, kind, x: p.x, y: p.y });
    if (problem) {
      const key = `errors.${problem.code}`;
      const known = t(key);
      setRefusal(known === key ? problem.message : known);
      return false;
    }
    setRefusal(null);
    return true;
  }

  function place(p: Point) {
    if (!kind) return;
    setCursor(p);
    if (!allowed(p)) return;
    setPending(null);
    void send({ type: "place_star", kind, x: p.x, y: p.y });
  }

  function aim(p: Point): boolean {
    setCursor(p);
    if (!allowed(p)) {
      setPending(null);
      return false;
    }
    setPending(p);
    return true;
  }

  // A chosen spot belongs to one turn: a new star on the sky or a new round takes it back.
  const starCount = view.stars.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the sky or the round changes
  useEffect(() => {
    setPending(null);
  }, [starCount, view.round]);

  // Single-key shortcuts to the table's regions, and "?" for the help; never while typing.
  const [jumpNote, setJumpNote] = useState("");
  useEffect(() => {
    if (!settings.shortcuts) return;
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || document.querySelector("dialog[open]")) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const hit = shortcutOf(
        event,
        target && {
          tagName: target.tagName,
          type: target instanceof HTMLInputElement ? target.type : undefined,
          isContentEditable: target.isContentEditable,
        },
      );
      if (!hit) return;
      event.preventDefault();
      if (hit === "help") setHelpOpen(true);
      else if (!focusRegion(hit))
        setJumpNote(t("dreams.shortcuts.notNow", { region: t(`dreams.shortcuts.region_${hit}`) }));
      else setJumpNote("");
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [settings.shortcuts, t]);

  // Screen readers hear what others just did, from the events that came with the view.
  const [news, setNews] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: announce once per push, not on re-renders
  useEffect(() => {
    const lines = push.events.flatMap((event) => {
      if (event.type === "star_placed" && event.seat !== me?.seat)
        return [
          t("dreams.game.announceStar", {
            name: seats.nameOf(event.seat),
            order: event.order,
            kind: t(`dreams.game.kindShort_${event.kind}`),
          }),
        ];
      if (event.type === "guess_made" && event.seat !== me?.seat)
        return [`${seats.nameOf(event.seat)} ${t("dreams.game.guessed")}`];
      if (event.type === "round_revealed") return [t("dreams.game.revealPrompt")];
      return [];
    });
    if (lines.length > 0) setNews(lines.join(" "));
  }, [push]);

  const ghost = kind ? (pending ?? hover ?? cursor) : null;
  const highlight = view.result ? view.result.secret.vision : null;
  const prompt = promptText(view, seats, t);

  return (
    <div className={`game phase-${view.phase}`}>
      <div className="prompt-row">
        <div className="prompt" role="status" aria-live="polite">
          <span className="round">{t("dreams.game.round", { round: view.round })}</span>
          {view.turn !== null && <PlayerMark colour={view.colours[view.turn] as Colour} size={18} />}
          <strong>{prompt}</strong>
          {deadline !== null && view.phase !== "over" && <Countdown deadline={deadline} limitMs={limitMs} />}
          {refusal && kind && (
            <span className="refusal" role="alert">
              {refusal}
            </span>
          )}
          <TableNotice notice={notice} mySeat={me?.seat ?? null} nameOf={seats.nameOf} live={false} />
        </div>
        <button
          type="button"
          className="help-button"
          aria-label={t("dreams.shortcuts.open")}
          aria-haspopup="dialog"
          onClick={() => setHelpOpen(true)}
        >
          ?
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {news}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {jumpNote}
      </p>
      <div className="board">
        <CardsSquare
          view={view}
          ghost={ghost}
          altOf={altOf}
          imageOf={imageOf}
          highlight={highlight}
          onOpen={setOpened}
        />
        <Firmament
          view={view}
          kind={kind}
          cursor={cursor}
          onCursor={setCursor}
          hover={hover}
          onHover={setHover}
          onKind={(k) => kindsLeft.includes(k) && setChosen(k)}
          onPlace={place}
          confirm={confirm}
          pending={pending}
          onAim={aim}
          onCancel={() => setPending(null)}
          nameOf={seats.nameOf}
        />
      </div>
      <div className="side">
        {me && view.phase === "placing" && (
          <StarTray
            view={view}
            kind={kind}
            onKind={setChosen}
            onPlace={() => {
              if (!confirm) place(cursor);
              else if (pending) place(pending);
            }}
            onCancel={() => setPending(null)}
            pending={pending !== null}
            busy={busy}
            canPlace={kind !== null}
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
          onPlayAgain={() => void playAgain()}
          onLeave={() => navigate("/")}
        >
          {table && explain && (
            <RevealBeliefs code={table.code} match={push.match} view={view} nameOf={seats.nameOf} />
          )}
        </RevealPanel>
        {me && view.phase !== "over" && <Marker view={view} />}
        {!me && <p className="panel muted">{t("game.spectator")}</p>}
        <PlayersPanel
          view={view}
          seats={seats}
          deadlineFor={deadline}
          limitMs={limitMs}
          spectators={table?.spectators ?? 0}
        />
        <GodsTrack view={view} seats={seats} />
        <MoveList view={view} seats={seats} />
        <Chat lines={chat} canWrite={me !== null} onSend={say} regionId="region-chat" />
      </div>
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      <dialog
        {...cardDialog}
        className="card-dialog"
        aria-label={opened === null ? undefined : t("dreams.game.image", { n: opened + 1 })}
      >
        {opened !== null && (
          <figure>
            <div className="card-large">
              <img src={imageOf(view.cards[opened] as string)} alt={altOf(view.cards[opened] as string)} />
              <StarsOverlay view={view} ghost={null} />
            </div>
            <figcaption>
              {t("dreams.game.image", { n: opened + 1 })}: {altOf(view.cards[opened] as string)}
            </figcaption>
          </figure>
        )}
        <button type="button" onClick={() => setOpened(null)}>
          {t("app.close")}
        </button>
      </dialog>
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
