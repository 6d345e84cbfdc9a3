import {
  type BotLevel,
  type ChatLine,
  COLOURS,
  type Colour,
  type ProtocolError,
  type TableInfo,
} from "@firmament/protocol";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { Chat } from "../components/Chat";
import { Invite } from "../components/Invite";
import { RadioGroup } from "../components/RadioGroup";
import { PlayerMark } from "../components/Symbols";
import { Tag } from "../components/Tag";
import { errorText } from "../errorText";
import { seatRangeOf } from "../games/rules";
import { lastName, saveName } from "../tokens";

const NAME_MAX = 24;

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
 * with the host's bots and start, and the chat.
 */
export function Lobby({
  table,
  deckName = null,
  seat,
  host,
  hostToken,
  onJoined,
  addBot,
  removeBot,
  start,
  leave,
  chat,
  say,
}: LobbyProps) {
  const { t } = useTranslation();
  const taken = new Set(table.seats.map((s) => s.colour).filter((c): c is Colour => c !== null));
  const free = COLOURS.filter((c) => !taken.has(c));
  const [name, setName] = useState(lastName);
  const [colour, setColour] = useState<Colour | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [level, setLevel] = useState<BotLevel>("hard");
  const levelId = useId();
  const nameId = useId();
  const chosen = colour && free.includes(colour) ? colour : (free[0] ?? null);
  const filled = table.seats.filter((s) => s.kind !== "empty").length;
  const range = seatRangeOf(table.config.game);
  const visibility = t(`landing.${table.config.visibility}`);
  const timer = t(`landing.timer${table.config.timer[0]?.toUpperCase()}${table.config.timer.slice(1)}`);
  const hasEmpty = table.seats.some((s) => s.kind === "empty");
  useEffect(() => {
    performance.mark("firmament:table-rendered");
  }, []);

  async function join(event: FormEvent) {
    event.preventDefault();
    const clean = name.trim();
    if (!clean || !chosen) {
      setError(t("errors.generic", { message: t("lobby.name") }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const joined = await api.joinTable(table.code, {
        name: clean,
        colour: chosen,
        ...(hostToken ? { hostToken } : {}),
      });
      saveName(clean);
      onJoined(joined.seat, joined.token);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  }

  async function run(command: () => Promise<ProtocolError | null>) {
    setBusy(true);
    await command();
    setBusy(false);
  }

  const joinForm =
    seat !== null ? null : hasEmpty && chosen ? (
      <form className="panel join" onSubmit={join} aria-labelledby="join-seat-heading">
        <h2 id="join-seat-heading">{t("lobby.joinHeading")}</h2>
        <label className="field" htmlFor={nameId}>
          <span>{t("lobby.name")}</span>
          <input
            id={nameId}
            type="text"
            autoComplete="nickname"
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </label>
        <RadioGroup
          legend={t("lobby.colour")}
          name="colour"
          options={free}
          value={chosen}
          onChange={setColour}
          label={(c) => (
            <>
              <PlayerMark colour={c} size={20} />
              {t(`colour.${c}`)}
            </>
          )}
          className="colours"
          optionClassName="colour-choice"
        />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {t("lobby.join")}
        </button>
      </form>
    ) : (
      <p className="panel muted">{t("lobby.full")}</p>
    );

  return (
    <div className="lobby">
      {joinForm}
      <section className="panel invite" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t("lobby.heading", { code: table.code })}</h2>
        <p className="lobby-game">{t(`landing.${table.config.game}`)}</p>
        <p className="muted">
          {table.config.deck === undefined
            ? t("lobby.settingsNoDeck", { seats: table.config.seats, visibility, timer })
            : t("lobby.settings", {
                seats: table.config.seats,
                visibility,
                timer,
                deck:
                  table.config.deck === "standard"
                    ? t("landing.deckStandard")
                    : deckName
                      ? t("lobby.deckOwnNamed", { name: deckName })
                      : t("landing.deckOwn"),
              })}
        </p>
        {/* The invite is for those already at the table; a guest's first job is to sit down. */}
        {(seat !== null || host) && <Invite code={table.code} />}
        {seat === null && <p className="muted">{t("lobby.spectating")}</p>}
      </section>

      <section className="panel seats" aria-labelledby="seats-heading">
        <h2 id="seats-heading">{t("lobby.seats")}</h2>
        {table.spectators > 0 && <p className="muted">{t("lobby.watching", { count: table.spectators })}</p>}
        <ul>
          {table.seats.map((s) => (
            <li key={s.seat} className={`seat seat-${s.kind}`}>
              {s.colour ? <PlayerMark colour={s.colour} size={20} /> : <span className="seat-empty-mark" />}
              <span className="seat-name">
                {s.kind === "empty" ? t("lobby.empty") : s.name}
                {s.colour && <span className="muted"> · {t(`colour.${s.colour}`)}</span>}
                {s.seat === seat && <Tag>{t("lobby.you")}</Tag>}
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
                <button type="button" disabled={busy} onClick={() => void run(() => addBot(s.seat, level))}>
                  {t("lobby.addBot")}
                </button>
              )}
              {host && s.kind === "bot" && (
                <button type="button" disabled={busy} onClick={() => void run(() => removeBot(s.seat))}>
                  {t("lobby.removeBot")}
                </button>
              )}
            </li>
          ))}
        </ul>
        {host && hasEmpty && (
          <label className="field bot-level" htmlFor={levelId}>
            <span>{t("lobby.botLevel")}</span>
            <select id={levelId} value={level} onChange={(e) => setLevel(e.target.value as BotLevel)}>
              <option value="easy">{t("lobby.botEasy")}</option>
              <option value="medium">{t("lobby.botMedium")}</option>
              <option value="hard">{t("lobby.botHard")}</option>
            </select>
          </label>
        )}
        {host ? (
          <>
            <button
              type="button"
              className="primary"
              disabled={busy || filled < range.min}
              onClick={() => void run(start)}
            >
              {t("lobby.start")}
            </button>
            <p className="muted">
              {range.min === range.max
                ? t("lobby.startHintExact")
                : t("lobby.startHint", { min: range.min, max: range.max })}
            </p>
          </>
        ) : (
          seat !== null && <p className="muted">{t("lobby.waitingHost")}</p>
        )}
        {seat !== null && (
          <button type="button" className="quiet" disabled={busy} onClick={() => void run(leave)}>
            {t("lobby.leave")}
          </button>
        )}
      </section>

      <Chat
        lines={chat}
        canWrite={seat !== null}
        onSend={say}
        {...(hasEmpty && { readOnlyNote: t("chat.seatToWrite") })}
      />
    </div>
  );
}
