import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QrCode } from "../components/Invite";
import { accountApi, type Me } from "./accountApi";
import { accountErrorText } from "./errors";

/** Each passkey with when it was made and last used, each removable (the last only after a warning). */
export function PasskeyList({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const date = (at: number) => new Date(at).toLocaleString(i18n.language);
  const last = me.passkeys.length === 1;
  const remove = (id: string) => {
    if (last && !window.confirm(t("account.confirmLast"))) return;
    setError(null);
    accountApi.removePasskey(id, last).then(onChanged, (e) => setError(accountErrorText(e, t)));
  };
  return (
    <section className="panel" aria-labelledby="passkeys-h">
      <h2 id="passkeys-h">{t("account.passkeysHeading")}</h2>
      <ul className="passkeys">
        {me.passkeys.map((p) => (
          <li key={p.id}>
            <span>
              <strong>{p.device}</strong>
              <br />
              <span className="muted">
                {t("account.created", { date: date(p.createdAt) })}
                {p.lastUsedAt !== null && ` · ${t("account.lastUsed", { date: date(p.lastUsedAt) })}`}
              </span>
            </span>
            <button
              type="button"
              aria-label={t("account.removePasskey", { device: p.device })}
              onClick={() => remove(p.id)}
            >
              {t("account.remove")}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** "Add another device": a one-time link (10 minutes) and its QR code. */
export function AddDevice({ prominent }: { prominent: boolean }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = () => {
    setError(null);
    accountApi.createLink().then(
      (made) => setLink(made.url),
      (e) => setError(accountErrorText(e, t)),
    );
  };
  return (
    <section className={prominent ? "panel account-warning" : "panel"} aria-labelledby="add-device-h">
      <h2 id="add-device-h">{t("account.addDevice")}</h2>
      <p>{t("account.warning")}</p>
      {link === null ? (
        <button type="button" className={prominent ? "primary" : ""} onClick={make}>
          {t("account.addDevice")}
        </button>
      ) : (
        <>
          <p className="muted">{t("account.linkIntro")}</p>
          <div className="invite-row">
            <input
              type="text"
              readOnly
              value={link}
              aria-label={t("account.linkLabel")}
              onFocus={(e) => e.target.select()}
            />
          </div>
          <QrCode text={link} label={t("account.linkQr")} />
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
