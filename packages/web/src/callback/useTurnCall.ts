import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ViewPush } from "../games/types";
import { useSettings } from "../settings";
import { callState, isMyTurn, TURN_ICON } from "./turn";

/** A short two-note chime made with WebAudio (no audio file); silent if the browser refuses. */
function chime(): void {
  try {
    const Context = window.AudioContext;
    if (!Context) return;
    const audio = new Context();
    const start = audio.currentTime;
    for (const [i, frequency] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      const at = start + i * 0.14;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.13);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.14);
    }
    window.setTimeout(() => void audio.close(), 600);
  } catch {
    // no sound: the title and icon still call
  }
}

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>("link[rel~='icon']");
}

type Saved = { title: string; icon: string | null };

function restore(saved: { current: Saved | null }): void {
  if (!saved.current) return;
  document.title = saved.current.title;
  const link = iconLink();
  if (link && saved.current.icon !== null) link.href = saved.current.icon;
  saved.current = null;
}

/**
 * Calls the player back when it becomes their turn while the tab is hidden: the tab's title and icon
 * change (restored when the tab is visible again), an optional chime plays, and a system notification
 * appears if this browser allows them. "Your turn" is the view's own `awaiting`.
 */
export function useTurnCall(push: ViewPush | null, code: string): void {
  const { t } = useTranslation();
  const { turnAlerts, turnSound } = useSettings();
  const mine = push ? isMyTurn(push.view) : false;
  const wasMine = useRef(false);
  const saved = useRef<Saved | null>(null);
  const update = useRef<() => void>(() => undefined);

  update.current = () => {
    const state = callState(wasMine.current, mine, document.hidden, turnAlerts);
    wasMine.current = mine;
    if (!state.marked) return restore(saved);
    saved.current ??= { title: document.title, icon: iconLink()?.href ?? null };
    document.title = t("alerts.title", { app: t("app.title") });
    const link = iconLink();
    if (link) link.href = TURN_ICON;
    if (!state.ring) return;
    if (turnSound) chime();
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      try {
        const note = new Notification(t("alerts.notificationTitle"), {
          body: t("alerts.notificationBody", { code }),
          tag: `firmament-turn-${code}`,
          icon: "/icons/icon-192.png",
        });
        note.onclick = () => {
          window.focus();
          note.close();
        };
      } catch {
        // some browsers allow notifications only from a service worker: title and icon still call
      }
    }
  };

  // After every render: the view, the setting or the language may have changed.
  useEffect(() => update.current());

  useEffect(() => {
    const onVisibility = () => update.current();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      restore(saved);
    };
  }, []);
}
