import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PushCalls } from "../callback/PushCalls";
import { accountApi, type Me } from "./accountApi";
import { accountErrorText } from "./errors";
import { AddDevice, PasskeyList } from "./Passkeys";
import { SignedOut } from "./SignedOut";

/** `/account`: sign in or up when signed out; otherwise your passkeys, another device, your data. */
export default function AccountPage() {
  const { t } = useTranslation();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [fresh, setFresh] = useState(false);
  const reload = useCallback(() => {
    accountApi.me().then(setMe, () => setMe(null));
  }, []);
  useEffect(reload, [reload]);
  const signedUp = useCallback(() => {
    setFresh(true);
    reload();
  }, [reload]);
  return (
    <div className="account">
      <h1>{me ? t("account.signedInAs", { name: me.name }) : t("account.heading")}</h1>
      {me === undefined && <p className="muted">{t("app.loading")}</p>}
      {me === null && <SignedOut onSignedIn={reload} onSignedUp={signedUp} />}
      {me && (
        <>
          {fresh && <AddDevice prominent />}
          <PasskeyList me={me} onChanged={reload} />
          {!fresh && <AddDevice prominent={false} />}
          <PushCalls account />
          <Sessions onSignedOut={() => setMe(null)} />
          <YourData me={me} onDeleted={() => setMe(null)} />
        </>
      )}
    </div>
  );
}

function Sessions({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const signOut = (everywhere: boolean) => void accountApi.signOut(everywhere).then(onSignedOut, onSignedOut);
  return (
    <section className="panel account-actions" aria-label={t("account.signOut")}>
      <button type="button" onClick={() => signOut(false)}>
        {t("account.signOut")}
      </button>
      <button type="button" onClick={() => signOut(true)}>
        {t("account.signOutEverywhere")}
      </button>
    </section>
  );
}

function YourData({ me, onDeleted }: { me: Me; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const remove = () => {
    if (!window.confirm(t("account.confirmDelete", { name: me.name }))) return;
    accountApi.deleteAccount().then(onDeleted, (e) => setError(accountErrorText(e, t)));
  };
  return (
    <section className="panel account-actions" aria-labelledby="data-h">
      <h2 id="data-h">{t("account.dataHeading")}</h2>
      <a className="button" href="/api/account/export" download>
        {t("account.download")}
      </a>
      <button type="button" className="danger" onClick={remove}>
        {t("account.deleteAccount")}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
