import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../api";
import { liveChoice, type PushState, pushState, refreshCalls, startCalls, stopCalls } from "./webPush";

export type CallsState = PushState | "busy" | "failed";

/**
 * This device's calls: `state` (null while it is being read), `first` (the state this page found,
 * before any click here), the "live tables too" choice, and the player's clicks.
 */
export function usePushCalls() {
  const { i18n } = useTranslation();
  const [state, setState] = useState<CallsState | null>(null);
  const [first, setFirst] = useState<PushState | null>(null);
  const [live, setLive] = useState(liveChoice);
  useEffect(() => {
    void pushState().then((now) => {
      setState(now);
      setFirst((found) => found ?? now);
      if (now === "on") void refreshCalls(i18n.language);
    });
  }, [i18n.language]);
  const act = (work: () => Promise<PushState>) => {
    setState("busy");
    work().then(setState, () => setState("failed"));
  };
  return {
    state,
    first,
    live,
    setLive,
    start: () => act(() => startCalls(live, i18n.language)),
    stop: () => act(stopCalls),
  };
}

export type PushCallsControl = ReturnType<typeof usePushCalls> & { state: CallsState };

/**
 * The panel itself: `intro` (until calls are on), the "live tables too" choice, the start or stop
 * button, and what became of it.
 */
export function PushCallsPanel({
  calls,
  intro,
  children,
}: {
  calls: PushCallsControl;
  intro?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useId();
  const { state } = calls;
  return (
    <section className="push-calls panel" aria-labelledby={heading}>
      <h2 id={heading}>{t("push.heading")}</h2>
      {intro && state !== "on" && <p className="muted">{intro}</p>}
      <label>
        <input
          type="checkbox"
          checked={calls.live}
          disabled={state === "on" || state === "busy"}
          onChange={(e) => calls.setLive(e.target.checked)}
        />
        {t("push.live")}
      </label>
      {state === "on" ? (
        <button type="button" onClick={calls.stop}>
          {t("push.stop")}
        </button>
      ) : (
        <button type="button" disabled={state === "busy" || state === "denied"} onClick={calls.start}>
          {t("push.start")}
        </button>
      )}
      <p className="muted" role="status">
        {state === "on" && t("push.on")}
        {state === "denied" && t("push.denied")}
        {state === "failed" && t("push.failed")}
      </p>
      {children}
    </section>
  );
}

/**
 * "Call me when it's my move": this device's Web Push calls, asked for only when the player clicks. On
 * the account page (`account`) it also holds the account's "away" setting, which pauses every call.
 */
export function PushCalls({ account = false }: { account?: boolean }) {
  const calls = usePushCalls();
  if (calls.state === null || calls.state === "unsupported") return null;
  return <PushCallsPanel calls={{ ...calls, state: calls.state }}>{account && <Away />}</PushCallsPanel>;
}

/**
 * Whether "your games" offers calls: only to a player with turn-based games, and only where this page
 * found calls possible but not yet asked for (not on, not blocked). What the player then does here
 * stays shown: subscribed, with the way to stop, or blocked.
 */
export function offersCalls(first: PushState | null, turnBasedGames: boolean): boolean {
  return turnBasedGames && first === "off";
}

/** The same panel on "your games", under the rule of `offersCalls`. */
export function PushCallsOffer({ turnBasedGames }: { turnBasedGames: boolean }) {
  const { t } = useTranslation();
  const calls = usePushCalls();
  if (calls.state === null || !offersCalls(calls.first, turnBasedGames)) return null;
  return <PushCallsPanel calls={{ ...calls, state: calls.state }} intro={t("push.offer")} />;
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
