import type { BotLevel, ProtocolError, TableInfo } from "@firmament/protocol";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PlayerMark } from "../../components/Symbols";
import { Tag } from "../../components/Tag";
import { findGame } from "../../games/registry";

type Command = () => Promise<ProtocolError | null>;

export interface SeatsProps {
  table: TableInfo;
  seat: number | null;
  host: boolean;
  addBot: (seat: number, level: BotLevel) => Promise<ProtocolError | null>;
  removeBot: (seat: number) => Promise<ProtocolError | null>;
  start: Command;
  leave: Command;
}

/** One seat: who sits there (you, host, bot and its level, away) and the host's bot buttons. */
function SeatRow({
  s,
  table,
  mine,
  host,
  busy,
  onAdd,
  onRemove,
}: {
  s: TableInfo["seats"][number];
  table: TableInfo;
  mine: boolean;
  host: boolean;
  busy: boolean;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={`seat seat-${s.kind}`}>
      {s.colour ? <PlayerMark colour={s.colour} size={20} /> : <span className="seat-empty-mark" />}
      <span className="seat-name">
        {s.kind === "empty" ? t("lobby.empty") : s.name}
        {s.colour && <span className="muted"> · {t(`colour.${s.colour}`)}</span>}
        {mine && <Tag>{t("lobby.you")}</Tag>}
        {s.seat === table.hostSeat && <Tag>{t("lobby.host")}</Tag>}
        {s.kind === "bot" && (
          <Tag>
            {t("lobby.bot")}
            {s.level ? ` · ${t(`lobby.bot${s.level[0]?.toUpperCase()}${s.level.slice(1)}`)}` : ""}
          </Tag>
        )}
        {s.kind === "human" && !s.connected && <Tag warn>{t("lobby.away")}</Tag>}
      </span>
      {host && s.kind === "empty" && (
        <button type="button" disabled={busy} onClick={onAdd}>
          {t("lobby.addBot")}
        </button>
      )}
      {host && s.kind === "bot" && (
        <button type="button" disabled={busy} onClick={onRemove}>
          {t("lobby.removeBot")}
        </button>
      )}
    </li>
  );
}

function BotLevelField({ level, onLevel }: { level: BotLevel; onLevel: (level: BotLevel) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <label className="field bot-level" htmlFor={id}>
      <span>{t("lobby.botLevel")}</span>
      <select id={id} value={level} onChange={(e) => onLevel(e.target.value as BotLevel)}>
        <option value="easy">{t("lobby.botEasy")}</option>
        <option value="medium">{t("lobby.botMedium")}</option>
        <option value="hard">{t("lobby.botHard")}</option>
      </select>
    </label>
  );
}

/** The host's start button, with when it may be pressed. */
function StartGame({ table, busy, onStart }: { table: TableInfo; busy: boolean; onStart: () => void }) {
  const { t } = useTranslation();
  const range = findGame(table.config.game)?.seats ?? { min: 0, max: 0 };
  const filled = table.seats.filter((s) => s.kind !== "empty").length;
  return (
    <>
      <button type="button" className="primary" disabled={busy || filled < range.min} onClick={onStart}>
        {t("lobby.start")}
      </button>
      <p className="muted">
        {range.min === range.max
          ? t("lobby.startHintExact")
          : t("lobby.startHint", { min: range.min, max: range.max })}
      </p>
    </>
  );
}

/** The seats with the host's bots and start, and leaving one's seat. */
export function Seats({ table, seat, host, addBot, removeBot, start, leave }: SeatsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [level, setLevel] = useState<BotLevel>("hard");
  const hasEmpty = table.seats.some((s) => s.kind === "empty");
  async function run(command: Command) {
    setBusy(true);
    await command();
    setBusy(false);
  }
  return (
    <section className="panel seats" aria-labelledby="seats-heading">
      <h2 id="seats-heading">{t("lobby.seats")}</h2>
      {!host && seat !== null && (
        <p className="lobby-waiting" role="status">
          {t("lobby.waitingHost")}
        </p>
      )}
      {table.spectators > 0 && <p className="muted">{t("lobby.watching", { count: table.spectators })}</p>}
      <ul>
        {table.seats.map((s) => (
          <SeatRow
            key={s.seat}
            s={s}
            table={table}
            mine={s.seat === seat}
            host={host}
            busy={busy}
            onAdd={() => void run(() => addBot(s.seat, level))}
            onRemove={() => void run(() => removeBot(s.seat))}
          />
        ))}
      </ul>
      {host && hasEmpty && <BotLevelField level={level} onLevel={setLevel} />}
      {host && <StartGame table={table} busy={busy} onStart={() => void run(start)} />}
      {seat !== null && (
        <button type="button" className="quiet" disabled={busy} onClick={() => void run(leave)}>
          {t("lobby.leave")}
        </button>
      )}
    </section>
  );
}
