import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../api";
import { liveChoice, type PushState, pushState, refreshCalls, startCalls, stopCalls } from "./webPush";

/**
 * "Call me when it's my move": this device's Web Push calls, asked for only when the player clicks. On
 * the account page (`account`) it also holds the account's "away" setting, which pauses every call.
 */
export function PushCalls({ account = false }: { account?: boolean }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<PushState | "busy" | "failed" | null>(null);
  const [live, setLive] = useState(liveChoice);
  const heading = useId();
  useEffect(() => {
    void pushState().then((now) => {
      setState(now);
      if (now === "on") void refreshCalls(i18n.language);
    });
  }, [i18n.language]);
  if (state === null || state === "unsupported") return null;
  const act = (work: () => Promise<PushState>) => {
    setState("busy");
    work().then(setState, () => setState("failed"));
  };
  return (
    <section className="push-calls panel" aria-labelledby={heading}>
      <h2 id={heading}>{t("push.heading")}</h2>
      <label>
        <input
          type="checkbox"
          checked={live}
          disabled={state === "on" || state === "busy"}
          onChange={(e) => setLive(e.target.checked)}
        />
        {t("push.live")}
      </label>
      {state === "on" ? (
        <button type="button" onClick={() => act(stopCalls)}>
          {t("push.stop")}
        </button>
      ) : (
        <button
          type="button"
          disabled={state === "busy" || state === "denied"}
          onClick={() => act(() => startCalls(live, i18n.language))}
        >
          {t("push.start")}
        </button>
      )}
      <p className="muted" role="status">
        {state === "on" && t("push.on")}
        {state === "denied" && t("push.denied")}
        {state === "failed" && t("push.failed")}
      </p>
      {account && <Away />}
    </section>
  );
}

/** The account's "away" setting: its calls pause on every device; its games go on. */
function Away() {
  const { t } = useTranslation();
  const [away, setAway] = useState<boolean | null>(null);
  useEffect(() => {
    call<{ away: boolean }>("GET", "/api/push/away").then(
      (r) => setAway(r.away),
      () => setAway(null),
    );
  }, []);
  if (away === null) return null;
  return (
    <label>
      <input
        type="checkbox"
        checked={away}
        onChange={(e) => {
          const next = e.target.checked;
          call<{ away: boolean }>("PUT", "/api/push/away", { away: next }).then(
            (r) => setAway(r.away),
            () => undefined,
          );
        }}
      />
      {t("push.away")}
    </label>
  );
}
