import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type RegionKeys, shortcutOf } from "./shortcuts";
import { NEXT_DECISION } from "./useKeepFocus";

/**
 * Moves the focus to a region of the table (its first control when it has one ready, else its next
 * decision, else the region itself). False when the region is not on screen now.
 */
function focusRegion(region: string): boolean {
  const el = document.getElementById(`region-${region}`);
  if (!el) return false;
  const first =
    el.querySelector<HTMLElement>("[data-focus-first]:not(:disabled)") ??
    el.querySelector<HTMLElement>(NEXT_DECISION);
  (first ?? el).focus();
  return true;
}

/**
 * Single-key shortcuts to a table's regions, and "?" for the help; never while typing. Returns what a
 * screen reader is told when a region is not on screen.
 */
export function useRegionShortcuts<R extends string>(
  enabled: boolean,
  keys: RegionKeys<R>,
  labelOf: (region: R) => string,
  openHelp: () => void,
): string {
  const { t } = useTranslation();
  const [jumpNote, setJumpNote] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keys are constant, openHelp and labelOf only read state
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || document.querySelector("dialog[open]")) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const hit = shortcutOf(
        event,
        target && {
          tagName: target.tagName,
          type: target instanceof HTMLInputElement ? target.type : undefined,
          isContentEditable: target.isContentEditable,
        },
        keys,
      );
      if (!hit) return;
      event.preventDefault();
      if (hit === "help") openHelp();
      else if (!focusRegion(hit)) setJumpNote(t("shortcuts.notNow", { region: labelOf(hit) }));
      else setJumpNote("");
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled, t]);
  return jumpNote;
}
