import { type ReactNode, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { updateSettings, useSettings } from "../settings";
import { useModalDialog } from "./useModalDialog";

/**
 * A table's keyboard help, as a modal dialog: the key to each region, the game's own keys (children),
 * and the switch for single-key shortcuts. "?" or the help button opens it; Escape or "Close" closes
 * it and gives the focus back to where it was.
 */
export function KeyboardHelp({
  open,
  onClose,
  regions,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Each region's key and what it is called, in the order listed. */
  regions: readonly { key: string; label: string }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { shortcuts } = useSettings();
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, onClose, close);
  const headingId = useId();
  const switchId = useId();

  return (
    <dialog {...dialog} className="keyboard-help" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("shortcuts.heading")}</h2>
      <h3>{t("shortcuts.jumpHeading")}</h3>
      <dl className="keys">
        {regions.map(({ key, label }) => (
          <div key={key}>
            <dt>
              <kbd>{key.toUpperCase()}</kbd>
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>?</kbd>
          </dt>
          <dd>{t("shortcuts.help")}</dd>
        </div>
      </dl>
      {children}
      <label className="check" htmlFor={switchId}>
        <input
          id={switchId}
          type="checkbox"
          checked={shortcuts}
          onChange={(e) => updateSettings({ shortcuts: e.target.checked })}
        />
        <span>{t("shortcuts.enabled")}</span>
      </label>
      <button ref={close} type="button" onClick={onClose}>
        {t("app.close")}
      </button>
    </dialog>
  );
}

/** The button that opens a table's keyboard help. */
export function KeyboardHelpButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="help-button"
      aria-label={t("shortcuts.open")}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      ?
    </button>
  );
}
