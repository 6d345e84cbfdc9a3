import type { ChatLine, Colour } from "@firmament/protocol";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PlayerMark } from "./Symbols";

const CHAT_MAX = 300;

/** Table chat. Every name and message is rendered as plain text. Only seated players write. */
export function Chat({
  lines,
  canWrite,
  onSend,
  readOnlyNote,
  regionId,
}: {
  lines: ChatLine[];
  canWrite: boolean;
  onSend: (text: string) => Promise<unknown>;
  /** What those who cannot write are told (by default: spectators read but do not write). */
  readOnlyNote?: string;
  /** The section's id, for a keyboard shortcut to reach it (its message field first). */
  regionId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const log = useRef<HTMLDivElement>(null);
  const count = lines.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a line arrives
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    const error = await onSend(message);
    if (!error) setText("");
  }

  return (
    <section className="panel chat" id={regionId} tabIndex={-1} aria-label={t("chat.heading")}>
      <h2>{t("chat.heading")}</h2>
      {/* Scrolls, so it must be reachable by keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log needs focus to scroll by keys */}
      <div className="chat-log" role="log" aria-label={t("chat.heading")} ref={log} tabIndex={0}>
        {lines.length === 0 ? (
          <p className="muted">{t("chat.empty")}</p>
        ) : (
          <ol>
            {lines.map((line) => (
              <li key={line.id} className={line.seat === null ? "chat-line system" : "chat-line"}>
                {line.colour && <PlayerMark colour={line.colour as Colour} size={12} />}
                <span className="chat-name">{line.name}</span>
                <span className="chat-text">{line.text}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
      {canWrite ? (
        <form className="chat-form" onSubmit={submit}>
          <input
            data-focus-first
            type="text"
            aria-label={t("chat.message")}
            placeholder={t("chat.message")}
            maxLength={CHAT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit">{t("chat.send")}</button>
        </form>
      ) : (
        <p className="muted">{readOnlyNote ?? t("chat.spectatorsRead")}</p>
      )}
    </section>
  );
}
