import { useSyncExternalStore } from "react";

/** A player's table preferences, remembered in this browser. */
export interface Settings {
  /** Show one's role and vision all round long, instead of hiding it again 10 s after Peek. */
  keepRole: boolean;
  /** A click or tap only aims; the star is placed with "Place star" (or Enter again). */
  confirmPlacement: boolean;
  /** Single-key shortcuts (F, I, S, …, ?) on the table; they can be turned off (WCAG 2.1.4). */
  shortcuts: boolean;
  /**
   * When it becomes my turn while the tab is in the background: the tab's title and icon change, and a
   * system notification appears if this browser allows them. Off turns every turn alert off.
   */
  turnAlerts: boolean;
  /** With turn alerts on: also a short sound. */
  turnSound: boolean;
}

const KEY = "firmament.settings";

/** Touch screens confirm each star by default: a tap is easily off by a few pixels. */
export function defaultSettings(touch: boolean): Settings {
  return { keepRole: false, confirmPlacement: touch, shortcuts: true, turnAlerts: true, turnSound: false };
}

/** Stored settings over the defaults; anything missing, unknown or of the wrong type is ignored. */
export function parseSettings(raw: string | null, defaults: Settings): Settings {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : {};
  } catch {
    return defaults;
  }
  if (!stored || typeof stored !== "object") return defaults;
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === "boolean") out[key] = value;
  }
  return out;
}

function isTouch(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(pointer: coarse)").matches;
}

function load(): Settings {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    // Storage disabled: the defaults hold for this page.
  }
  return parseSettings(raw, defaultSettings(isTouch()));
}

let current: Settings | null = null;
const listeners = new Set<() => void>();

function snapshot(): Settings {
  current ??= load();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes some settings for every component showing them, and remembers them. */
export function updateSettings(patch: Partial<Settings>): void {
  current = { ...snapshot(), ...patch };
  try {
    window.localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Not remembered, but still applied until the page is closed.
  }
  for (const listener of listeners) listener();
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, snapshot);
}
