import { useState } from "react";
import { useTranslation } from "react-i18next";
import { navigate } from "../router";
import { accountApi } from "./accountApi";
import { accountErrorText } from "./errors";

/** `/link#<token>`, opened on a new device: saves a passkey here on the account that made the link. */
export default function LinkPage() {
  const { t } = useTranslation();
  const token = window.location.hash.slice(1);
  const [error, setError] = useState<string | null>(
    /^[A-Za-z0-9_-]{43}$/.test(token) ? null : t("account.linkGone"),
  );
  const [busy, setBusy] = useState(false);
  const add = () => {
    setBusy(true);
    setError(null);
    accountApi
      .redeemLink(token)
      .then(
        () => navigate("/account"),
        (e) => setError(accountErrorText(e, t)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section className="panel account-form" aria-labelledby="link-h">
      <h1 id="link-h">{t("account.linkHeading")}</h1>
      <p>{t("account.warning")}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="primary" disabled={busy} onClick={add}>
        {t("account.linkAdd")}
      </button>
    </section>
  );
}
