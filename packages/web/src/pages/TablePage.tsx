import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { PushCalls } from "../callback/PushCalls";
import { TurnAlertsSettings } from "../callback/TurnAlertsSettings";
import { useTurnCall } from "../callback/useTurnCall";
import { MatchHistory } from "../components/MatchHistory";
import { useDeck } from "../deck";
import { codeText } from "../errorText";
import { GameScreen, preloadGame } from "../games";
import { findGame } from "../games/registry";
import type { GameKind } from "../games/types";
import { CONNECTING, TableClient } from "../net";
import { useShowGame } from "../pageGame";
import { navigate } from "../router";
import { hostToken, saveSeatToken, seatToken } from "../tokens";
import { Lobby } from "./Lobby";
import { TurnBasedBar } from "./TurnBasedBar";

// Loaded only at a guided first game's table.
const Guide = lazy(() => import("../guide/Guide"));

const idle = () => () => undefined;

/** The table's connection (made once per code) and its session; a refused seat token is forgotten. */
function useTableSession(code: string) {
  const [client, setClient] = useState<TableClient | null>(null);
  const session = useSyncExternalStore(client?.subscribe ?? idle, client?.snapshot ?? (() => CONNECTING));
  useEffect(() => {
    const stored = seatToken(code);
    const host = hostToken(code);
    const next = new TableClient(code, {
      ...(stored ? { token: stored.token } : {}),
      ...(host ? { hostToken: host } : {}),
    });
    next.connect();
    setClient(next);
    return () => next.close();
  }, [code]);

  useTurnCall(session.push, code);

  // The game's code and words are fetched as soon as the table's game is known (its first events are
  // folded by its code).
  const kind = session.table?.config.game;
  useEffect(() => {
    if (kind && findGame(kind)) preloadGame(kind as GameKind);
  }, [kind]);
  useShowGame(kind && findGame(kind) ? (kind as GameKind) : null);

  useEffect(() => {
    if (session.tokenRefused) saveSeatToken(code, null);
  }, [session.tokenRefused, code]);
  return { client, session };
}

type Session = ReturnType<typeof useTableSession>["session"];

/** The server's last refusal as a toast, for 4 s. */
function useToast(session: Session): string | null {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!session.notice) return;
    setNotice(codeText(session.notice.code, session.notice.message, t));
    const timer = window.setTimeout(() => setNotice(null), 4000);
    return () => window.clearTimeout(timer);
  }, [session.notice, t]);
  return notice;
}

/** The lobby, wired to the table's connection: joining and leaving re-attach with the new tokens. */
function TableLobby({
  code,
  client,
  session,
  deckName,
}: {
  code: string;
  client: TableClient;
  session: Session;
  deckName: string | null;
}) {
  if (!session.table) return null;
  return (
    <Lobby
      table={session.table}
      deckName={deckName}
      seat={session.seat}
      host={session.host}
      hostToken={hostToken(code)}
      onJoined={(seat, token) => {
        saveSeatToken(code, { seat, token });
        const host = hostToken(code);
        void client.reattach({ token, ...(host ? { hostToken: host } : {}) });
      }}
      chat={session.chat}
      say={(text) => client.say(text)}
      addBot={(s, level) => client.addBot(s, level)}
      removeBot={(s) => client.removeBot(s)}
      start={() => client.start()}
      leave={async () => {
        const error = await client.leave();
        if (!error) {
          saveSeatToken(code, null);
          const host = hostToken(code);
          await client.reattach(host ? { hostToken: host } : {});
        }
        return error;
      }}
    />
  );
}

/** Why the table cannot be shown (no such table, …), with the way back. */
function Fatal({ error }: { error: NonNullable<Session["fatal"]> }) {
  const { t } = useTranslation();
  return (
    <div className="panel fatal" role="alert">
      <p>{codeText(error.code, error.message, t)}</p>
      <button type="button" onClick={() => navigate("/")}>
        {t("app.back")}
      </button>
    </div>
  );
}

/** /t/:code — lobby, game and end screen of one table, for a seat or a spectator. */
export default function TablePage({ code }: { code: string }) {
  const { t } = useTranslation();
  const { client, session } = useTableSession(code);
  const cards = useDeck(session.table?.config.deck ?? null);
  const notice = useToast(session);

  if (!client) return <p className="muted">{t("app.connecting")}</p>;

  if (session.fatal) return <Fatal error={session.fatal} />;

  const table = session.table;
  const inGame = table !== null && table.status !== "lobby" && session.push !== null;
  return (
    <div className="table-page">
      <h1 className="visually-hidden">{t("lobby.heading", { code })}</h1>
      {session.status === "offline" && (
        <p className="banner offline" role="status">
          {t("app.offline")}
        </p>
      )}
      {notice && (
        <p className="toast" role="alert">
          {notice}
        </p>
      )}
      {/* The coach of a guided game sits above the table, in the page's flow: it never covers the table. */}
      {table?.config.tutorial && inGame && session.push && (
        <Suspense fallback={null}>
          <Guide code={code} push={session.push} />
        </Suspense>
      )}
      {table === null ? (
        <p className="muted">{t("app.connecting")}</p>
      ) : inGame && session.push ? (
        <>
          <TurnBasedBar
            table={table}
            push={session.push}
            receivedAt={session.pushReceivedAt}
            seat={session.seat}
            awaiting={session.push.view.awaiting}
            moreTime={() => client.moreTime()}
          />
          <GameScreen
            push={session.push}
            receivedAt={session.pushReceivedAt}
            notice={session.tableNotice}
            table={table}
            chat={session.chat}
            host={session.host}
            act={(a) => client.act(a)}
            say={(text) => client.say(text)}
            playAgain={() => client.playAgain()}
          />
        </>
      ) : table.status === "lobby" ? (
        <TableLobby code={code} client={client} session={session} deckName={cards.name} />
      ) : (
        <p className="muted">{t("app.loading")}</p>
      )}
      {table !== null && table.match > 0 && table.status !== "playing" && (
        <MatchHistory code={code} refresh={`${table.status}-${table.match}`} />
      )}
      {session.seat !== null && table?.status !== "over" && <TurnAlertsSettings />}
      {session.seat !== null && table?.status !== "over" && <PushCalls />}
    </div>
  );
}
