import type { DreamsView } from "@firmament/dreams";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateSettings, useSettings } from "../../settings";

const PEEK_MS = 10_000;

/**
 * The secret marker. By default it hides again 10 s after Peek, like a tile put back face down, so a
 * neighbour on the sofa does not read it; a player alone at the screen may keep it shown (a setting
 * this browser remembers), and can still hide it for the round with the same button.
 */
export function Marker({ view }: { view: DreamsView }) {
  const { t } = useTranslation();
  const { keepRole } = useSettings();
  const keepId = useId();
  // What the player chose this round with the button; the setting decides until then.
  const [chosen, setChosen] = useState<{ round: number; open: boolean } | null>(null);
  const me = view.me;
  const open = chosen?.round === view.round ? chosen.open : keepRole;
  const timed = open && !keepRole;
  useEffect(() => {
    if (!timed) return;
    const timer = window.setTimeout(() => setChosen({ round: view.round, open: false }), PEEK_MS);
    return () => window.clearTimeout(timer);
  }, [timed, view.round]);
  if (!me) return null;
  return (
    <section className="panel marker" id="region-marker" tabIndex={-1} aria-label={t("dreams.game.marker")}>
      <h2>{t("dreams.game.marker")}</h2>
      <button
        type="button"
        aria-pressed={open}
        onClick={() => setChosen({ round: view.round, open: !open })}
        data-focus-first
      >
        {t("dreams.game.peek")}
      </button>
      <p className={`marker-face${open ? " open" : ""}`} aria-live="polite">
        {!open
          ? t(keepRole ? "dreams.game.markerHiddenKept" : "dreams.game.markerHidden")
          : me.role === "god"
            ? t("dreams.game.youAreGod", { vision: me.vision })
            : t("dreams.game.youAreMortal")}
      </p>
      <label className="check" htmlFor={keepId}>
        <input
          id={keepId}
          type="checkbox"
          checked={keepRole}
          onChange={(e) => {
            updateSettings({ keepRole: e.target.checked });
            setChosen(null);
          }}
        />
        <span>{t("dreams.game.keepRole")}</span>
      </label>
    </section>
  );
}
