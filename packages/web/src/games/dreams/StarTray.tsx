import { type DreamsView, STAR_KINDS, type StarKind } from "@firmament/dreams";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { updateSettings, useSettings } from "../../settings";
import { StarGlyph } from "./StarGlyph";

/** The three kinds as radio buttons (a used one disabled), each with its key, 1 to 3. */
function KindRadios({
  view,
  kind,
  onKind,
  canPlace,
}: {
  view: DreamsView;
  kind: StarKind | null;
  onKind: (k: StarKind) => void;
  canPlace: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const left = view.me?.starsLeft ?? [];
  return (
    <div className="tray-kinds">
      {STAR_KINDS.map((k, i) => {
        const available = left.includes(k);
        return (
          <label key={k} className={`tray-kind${available ? "" : " used"}${kind === k ? " chosen" : ""}`}>
            <input
              type="radio"
              name={name}
              value={k}
              checked={kind === k}
              disabled={!available || !canPlace}
              onChange={() => onKind(k)}
              aria-label={t(`dreams.game.${k}`)}
              {...(kind === k && { "data-focus-first": true })}
            />
            <StarGlyph kind={k} size={28} />
            <span className="tray-key" aria-hidden="true">
              {i + 1}
            </span>
            {!available && <span className="tray-used">{t("dreams.game.used")}</span>}
          </label>
        );
      })}
    </div>
  );
}

/** The setting to confirm each star before it is placed (remembered by this browser). */
function ConfirmSetting({ checked }: { checked: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <label className="check" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => updateSettings({ confirmPlacement: e.target.checked })}
      />
      <span>{t("dreams.game.confirmSetting")}</span>
    </label>
  );
}

/**
 * The star kinds as radio buttons, the button that places the star, and the setting to confirm each
 * star. With confirming on, a click, a tap or Enter on the firmament only aims: the star waits there
 * ("pending") until "Place star", or is taken back with "Cancel".
 */
export function StarTray({
  view,
  kind,
  onKind,
  onPlace,
  onCancel,
  pending,
  busy,
  canPlace,
}: {
  view: DreamsView;
  kind: StarKind | null;
  onKind: (k: StarKind) => void;
  onPlace: () => void;
  onCancel: () => void;
  /** Confirming is on and a spot is chosen: the star waits there. */
  pending: boolean;
  busy: boolean;
  canPlace: boolean;
}) {
  const { t } = useTranslation();
  const { confirmPlacement } = useSettings();
  return (
    <fieldset className="panel tray" id="region-stars" tabIndex={-1}>
      <legend>{t("dreams.game.starKind")}</legend>
      <KindRadios view={view} kind={kind} onKind={onKind} canPlace={canPlace} />
      <div className="tray-actions">
        <button
          type="button"
          className="primary"
          onClick={onPlace}
          disabled={!canPlace || busy || (confirmPlacement && !pending)}
        >
          {t("dreams.game.place")}
        </button>
        {pending && (
          <button type="button" onClick={onCancel} disabled={busy}>
            {t("dreams.game.cancelStar")}
          </button>
        )}
      </div>
      {confirmPlacement && canPlace && (
        <p className="muted tray-hint">{pending ? t("dreams.game.confirmHint") : t("dreams.game.aimHint")}</p>
      )}
      <ConfirmSetting checked={confirmPlacement} />
    </fieldset>
  );
}
