import { legalActions, type Seat } from "@firmament/dreamers";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Chat } from "../../components/Chat";
import { Countdown } from "../../components/Countdown";
import { KeyboardHelpButton } from "../../components/KeyboardHelp";
import { TableNotice } from "../../components/TableNotice";
import { turnLimitMs, useTurnDeadline } from "../../components/turnClock";
import { useKeepFocus } from "../../components/useKeepFocus";
import { useRegionShortcuts } from "../../components/useRegionShortcuts";
import { useSettings } from "../../settings";
import type { GameScreenProps } from "../types";
import type { DreamersClientAction } from "./types";
import "./dreamers.css";
import { RoundEndBeliefs } from "./Beliefs";
import { KeyboardHelp } from "./KeyboardHelp";
import { Moves } from "./Moves";
import { RoundEnd } from "./RoundEnd";
import { History, PlayersPanel, Scoreboard } from "./Side";
import { REGION_KEYS } from "./shortcuts";
import { TurnArea } from "./TurnArea";
import { activity, announcements } from "./text";

export type DreamersTableProps = Omit<GameScreenProps<"dreamers">, "table"> & {
  table: GameScreenProps<"dreamers">["table"] | null;
  /** Show the bot's beliefs at the round's end (a replay shows them beside the table instead). */
  explain?: boolean;
  /** A replay's frame: nothing of a live table (no chat, no "you are watching", nobody thinking). */
  replay?: boolean;
};

/** One seat's (or a spectator's) Dreamers table, rendered from the server's view only. */
export function DreamersTable({
  push,
  table,
  chat,
  host,
  act,
  say,
  playAgain,
  notice,
  receivedAt,
  explain = true,
  replay = false,
}: DreamersTableProps) {
  const { t } = useTranslation();
  const view = push.view;
  const me = view.me;
  const nameOf = (seat: Seat) => table?.seats[seat]?.name ?? t("dreamers.seatName", { n: seat + 1 });
  // The rules, not the screen, say what may be done: every control below comes from this list.
  const legal = legalActions(view);
  const canAccuse = legal.some((a) => a.type === "accuse");
  // One clock for every countdown on the page, never above the turn's length.
  const deadline = useTurnDeadline(push, receivedAt);
  const limitMs = table ? turnLimitMs(table.config, view.phase) : null;

  const [busy, setBusy] = useState(false);
  async function send(action: DreamersClientAction) {
    if (busy) return;
    setBusy(true);
    try {
      await act(action);
    } finally {
      setBusy(false);
    }
  }

  // The card picked to lead with, until it is played with a declaration (a new turn forgets it).
  const [chosen, setChosen] = useState<{ key: string; card: string } | null>(null);
  const turnKey = `${push.match}-${view.round}-${view.turn}-${view.phase}`;
  const chosenCard = chosen?.key === turnKey ? chosen.card : null;

  // Screen readers hear turn-ups, sums, gate openings and what the other player did.
  const [news, setNews] = useState({ text: "", n: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: announce once per push, not on re-renders
  useEffect(() => {
    const lines = announcements(push.events, view, nameOf, t);
    // A new node each time, so the same words twice in a row ("Bruno passes.") are read twice.
    if (lines.length > 0) setNews((old) => ({ text: lines.join(" "), n: old.n + 1 }));
  }, [push]);

  // By keyboard: "?" for the help, a letter for each region, and the focus kept at the next decision.
  const [helpOpen, setHelpOpen] = useState(false);
  const jumpNote = useRegionShortcuts(
    useSettings().shortcuts && !replay,
    REGION_KEYS,
    (region) => t(`dreamers.shortcuts.region_${region}`),
    () => setHelpOpen(true),
  );
  const game = useRef<HTMLDivElement>(null);
  useKeepFocus(game);

  const prompt = activity(view, nameOf, t, canAccuse, !replay);
  const showTurn = view.phase !== "round_over" && view.phase !== "over";
  return (
    <div className={`dm-game phase-${view.phase}`} ref={game}>
      <div className="prompt-row dm-prompt-row">
        <div className="prompt dm-prompt" role="status" aria-live="polite">
          <span className="round">
            {t("dreamers.round", { round: view.round, rounds: view.rounds })}
            {view.turn > 0 && showTurn && ` · ${t("dreamers.turn", { turn: view.turn })}`}
          </span>
          <strong>{prompt}</strong>
          {deadline !== null && view.phase !== "over" && <Countdown deadline={deadline} limitMs={limitMs} />}
          <TableNotice notice={notice} mySeat={me?.seat ?? null} nameOf={nameOf} live={false} />
        </div>
        {!replay && <KeyboardHelpButton onClick={() => setHelpOpen(true)} />}
      </div>
      <p className="visually-hidden" aria-live="polite">
        <span key={news.n}>{news.text}</span>
      </p>
      <p className="visually-hidden" aria-live="polite">
        {jumpNote}
      </p>
      <div className="dm-main">
        <RoundEnd
          view={view}
          nameOf={nameOf}
          canReady={legal.some((a) => a.type === "ready")}
          live={!replay}
          host={host}
          busy={busy}
          onReady={() => void send({ type: "ready" })}
          onPlayAgain={() => void playAgain()}
        >
          {table && explain && (
            <RoundEndBeliefs code={table.code} match={push.match} view={view} nameOf={nameOf} />
          )}
        </RoundEnd>
        {showTurn && view.turn > 0 && <TurnArea view={view} nameOf={nameOf} />}
        {me && showTurn && (
          <Moves
            view={view}
            legal={legal}
            nameOf={nameOf}
            busy={busy}
            send={(action) => void send(action)}
            chosen={chosenCard}
            onChoose={(card) => setChosen(card === null ? null : { key: turnKey, card })}
          />
        )}
        {!me && !replay && <p className="panel muted">{t("game.spectator")}</p>}
      </div>
      <div className="dm-side">
        <PlayersPanel
          view={view}
          live={!replay}
          table={table}
          nameOf={nameOf}
          deadline={deadline}
          limitMs={limitMs}
        />
        <Scoreboard view={view} nameOf={nameOf} />
        <History view={view} nameOf={nameOf} />
        {!replay && <Chat lines={chat} canWrite={me !== null} onSend={say} regionId="region-chat" />}
      </div>
      {!replay && <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
