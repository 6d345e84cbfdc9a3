import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateSettings, useSettings } from "../settings";

type Permission = "default" | "granted" | "denied" | "unsupported";

function permission(): Permission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** The one setting for turn alerts, the optional sound, and asking for notifications (on a click only). */
export function TurnAlertsSettings() {
  const { t } = useTranslation();
  const { turnAlerts, turnSound } = useSettings();
  const [allowed, setAllowed] = useState<Permission>(permission);
  const heading = useId();
  return (
    <section className="turn-alerts panel" aria-labelledby={heading}>
      <h2 id={heading}>{t("alerts.heading")}</h2>
      <label>
        <input
          type="checkbox"
          checked={turnAlerts}
          onChange={(e) => updateSettings({ turnAlerts: e.target.checked })}
        />
        {t("alerts.enabled")}
      </label>
      <label>
        <input
          type="checkbox"
          checked={turnSound}
          disabled={!turnAlerts}
          onChange={(e) => updateSettings({ turnSound: e.target.checked })}
        />
        {t("alerts.sound")}
      </label>
      {allowed === "default" && (
        <button
          type="button"
          disabled={!turnAlerts}
          onClick={() => {
            void Notification.requestPermission().then((answer) => setAllowed(answer));
          }}
        >
          {t("alerts.notify")}
        </button>
      )}
      {allowed === "granted" && <p className="muted">{t("alerts.notifyOn")}</p>}
      {allowed === "denied" && <p className="muted">{t("alerts.notifyBlocked")}</p>}
    </section>
  );
}
