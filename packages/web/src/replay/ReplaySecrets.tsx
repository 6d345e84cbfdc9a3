import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The panel under a replay frame with its round's secrets: `children` once they are revealed, else a note. */
export function ReplaySecrets({
  round,
  revealed,
  children,
}: {
  round: number;
  revealed: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel replay-secrets" aria-label={t("replay.secrets", { round })}>
      <h2>{t("replay.secrets", { round })}</h2>
      {revealed ? <ul>{children}</ul> : <p className="muted">{t("replay.secretsLater")}</p>}
    </section>
  );
}
