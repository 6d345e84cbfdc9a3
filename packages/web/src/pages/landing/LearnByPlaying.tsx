import { LIMITS } from "@firmament/protocol";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { lastName, saveName } from "../../tokens";

/**
 * "Learn by playing": asks the learner's name first (the last one used, ready to change), so the guided
 * game seats them by their own name; Enter or "Start the guided game" starts it.
 */
export function LearnByPlaying({ busy, onLearn }: { busy: boolean; onLearn: (name: string) => void }) {
  const { t } = useTranslation();
  const hint = useId();
  const nameId = useId();
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState(lastName);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (asking) field.current?.focus();
  }, [asking]);
  const chosen = name.trim();
  function start() {
    if (!chosen || busy) return;
    saveName(chosen);
    onLearn(chosen);
  }

  if (!asking)
    return (
      <p className="learn">
        <button type="button" onClick={() => setAsking(true)} disabled={busy} aria-describedby={hint}>
          {t("guide.learn")}
        </button>{" "}
        <span id={hint} className="muted">
          {t("guide.learnHint")}
        </span>
      </p>
    );
  return (
    <div className="learn learn-name">
      <label htmlFor={nameId}>{t("guide.nameLabel")}</label>
      <input
        id={nameId}
        ref={field}
        value={name}
        maxLength={LIMITS.nameMax}
        autoComplete="nickname"
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          // Inside the create form: Enter starts the guided game, not a table.
          if (e.key !== "Enter") return;
          e.preventDefault();
          start();
        }}
      />
      <button type="button" className="primary" disabled={busy || !chosen} onClick={start}>
        {t("guide.start")}
      </button>
    </div>
  );
}
