import { WebAuthnAbortService } from "@simplewebauthn/browser";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountApi } from "./accountApi";
import { accountErrorText } from "./errors";

/** Sign-in: offered in the browser's autofill of the user name field, and by a button. */
function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void accountApi.autofillSupported().then((supported) => {
      if (!supported || !live) return;
      // conditional mediation: the passkeys appear in the field's autofill; pending until one is picked
      accountApi.signIn(true).then(onSignedIn, () => undefined);
    });
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [onSignedIn]);
  const signIn = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    accountApi.signIn(false).then(onSignedIn, (failure) => setError(accountErrorText(failure, t)));
  };
  return (
    <form className="panel account-form" onSubmit={signIn} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t("account.signInHeading")}</h2>
      <p className="muted">{t("account.signInIntro")}</p>
      <label className="field" htmlFor={id}>
        <span>{t("account.username")}</span>
        <input id={id} name="username" type="text" autoComplete="username webauthn" />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary">
        {t("account.signInButton")}
      </button>
    </form>
  );
}

/** Sign-up: a name chosen once, then a passkey on this device. */
function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signUp = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    accountApi
      .signUp(name.trim())
      .then(onSignedUp, (failure) => setError(accountErrorText(failure, t)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="panel account-form" onSubmit={signUp} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t("account.signUpHeading")}</h2>
      <p className="muted">{t("account.signUpIntro")}</p>
      <label className="field" htmlFor={id}>
        <span>{t("account.name")}</span>
        <input
          id={id}
          type="text"
          required
          maxLength={24}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy || name.trim() === ""}>
        {t("account.signUpButton")}
      </button>
    </form>
  );
}

export function SignedOut({ onSignedIn, onSignedUp }: { onSignedIn: () => void; onSignedUp: () => void }) {
  return (
    <div className="landing-forms">
      <SignInForm onSignedIn={onSignedIn} />
      <SignUpForm onSignedUp={onSignedUp} />
    </div>
  );
}
