import type { BotLevel, ChatLine, ProtocolError, TableInfo } from "@firmament/protocol";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Chat } from "../components/Chat";
import { JoinSeat } from "./lobby/JoinSeat";
import { Seats } from "./lobby/Seats";
import { TableSettings } from "./lobby/TableSettings";

export interface LobbyProps {
  table: TableInfo;
  /** The custom deck's name, if the table plays with one and it is known. */
  deckName?: string | null;
  seat: number | null;
  host: boolean;
  hostToken: string | null;
  onJoined: (seat: number, token: string) => void;
  addBot: (seat: number, level: BotLevel) => Promise<ProtocolError | null>;
  removeBot: (seat: number) => Promise<ProtocolError | null>;
  start: () => Promise<ProtocolError | null>;
  leave: () => Promise<ProtocolError | null>;
  /** The table's chat: seated players talk while they wait; spectators read. */
  chat: ChatLine[];
  say: (text: string) => Promise<ProtocolError | null>;
}

/**
 * Joining with a name and a free colour (first, for whoever has no seat yet: a guest opening the link
 * on a phone sees the form at once), the table and its invite (for the seated and the host), the seats
 * with the host's bots and start (first for a seated guest, who waits there), and the chat.
 */
export function Lobby({
  table,
  deckName = null,
  seat,
  host,
  hostToken,
  onJoined,
  chat,
  say,
  ...seats
}: LobbyProps) {
  const { t } = useTranslation();
  const hasEmpty = table.seats.some((s) => s.kind === "empty");
  const guest = seat !== null && !host;
  useEffect(() => {
    performance.mark("firmament:table-rendered");
  }, []);
  return (
    <div className="lobby">
      {seat === null && <JoinSeat table={table} hostToken={hostToken} onJoined={onJoined} />}
      {/* A seated guest waits for the host: their seat and that wait come first, the invite after. */}
      {guest && <Seats table={table} seat={seat} host={host} {...seats} />}
      <TableSettings table={table} deckName={deckName} seat={seat} host={host} />
      {!guest && <Seats table={table} seat={seat} host={host} {...seats} />}
      <Chat
        lines={chat}
        canWrite={seat !== null}
        onSend={say}
        {...(hasEmpty && { readOnlyNote: t("chat.seatToWrite") })}
      />
    </div>
  );
}
