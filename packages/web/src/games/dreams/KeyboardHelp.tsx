import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useModalDialog } from "../../components/useModalDialog";
import { updateSettings, useSettings } from "../../settings";
import { REGION_KEYS, REGIONS } from "./shortcuts";

/**
 * The table's keyboard help, as a modal dialog: the keys to each region, the firmament's keys, and
 * the switch for single-key shortcuts. "?" or the help button opens it; Escape or "Close" closes it
 * and gives the focus back to where it was.
 */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { shortcuts } = useSettings();
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, onClose, close);
  const headingId = useId();
  const switchId = useId();

  const key = (k: string) => <kbd>{k.toUpperCase()}</kbd>;
  return (
    <dialog {...dialog} className="keyboard-help" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("dreams.shortcuts.heading")}</h2>
      <h3>{t("dreams.shortcuts.jumpHeading")}</h3>
      <dl className="keys">
        {REGIONS.map((region) => (
          <div key={region}>
            <dt>{key(REGION_KEYS[region])}</dt>
            <dd>{t(`dreams.shortcuts.region_${region}`)}</dd>
          </div>
        ))}
        <div>
          <dt>{key("?")}</dt>
          <dd>{t("dreams.shortcuts.help")}</dd>
        </div>
      </dl>
      <h3>{t("dreams.shortcuts.firmamentHeading")}</h3>
      <dl className="keys">
        <div>
          <dt>
            <kbd>←</kbd> <kbd>↑</kbd> <kbd>→</kbd> <kbd>↓</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.arrows")}</dd>
        </div>
        <div>
          <dt>
            <kbd>Shift</kbd> + <kbd>←</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.fine")}</dd>
        </div>
        <div>
          <dt>
            <kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.kinds")}</dd>
        </div>
        <div>
          <dt>
            <kbd>Enter</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.enter")}</dd>
        </div>
        <div>
          <dt>
            <kbd>Esc</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.escape")}</dd>
        </div>
      </dl>
      <label className="check" htmlFor={switchId}>
        <input
          id={switchId}
          type="checkbox"
          checked={shortcuts}
          onChange={(e) => updateSettings({ shortcuts: e.target.checked })}
        />
        <span>{t("dreams.shortcuts.enabled")}</span>
      </label>
      <button ref={close} type="button" onClick={onClose}>
        {t("app.close")}
      </button>
    </dialog>
  );
}
