import type { TableSummary } from "@firmament/protocol";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api";
import { moveTimeText } from "../../components/duration";
import { navigate } from "../../router";

const CODE = /^[A-HJKMNP-Z2-9]{6}$/;

type Listed = { live: TableSummary[]; turnBased: TableSummary[] };

function usePublicTables(): Listed | null {
  const [tables, setTables] = useState<Listed | null>(null);
  useEffect(() => {
    let live = true;
    api
      .publicTables()
      .then((r) => live && setTables({ live: r.tables, turnBased: r.turnBased ?? [] }))
      .catch(() => live && setTables({ live: [], turnBased: [] }));
    return () => {
      live = false;
    };
  }, []);
  return tables;
}

/** Open public tables, each a link with its game and seats. */
function PublicTables({ tables, none }: { tables: TableSummary[] | null; none: string }) {
  const { t } = useTranslation();
  if (tables === null) return <p className="muted">{t("app.loading")}</p>;
  if (tables.length === 0) return <p className="muted">{none}</p>;
  return (
    <ul className="public-tables">
      {tables.map((table) => (
        <li key={table.code}>
          <a
            href={`/t/${table.code}`}
            onClick={(e) => {
              e.preventDefault();
              navigate(`/t/${table.code}`);
            }}
          >
            {table.code}
          </a>{" "}
          <span className="muted">
            {t("landing.gameOf", {
              game: t(`${table.config.game}.listing.label`),
              seated: table.seated,
              seats: table.config.seats,
            })}
          </span>
          {table.config.pace?.kind === "turnBased" && (
            <span className="muted">
              {" · "}
              {t("yourGames.perMove", { time: moveTimeText(table.config.pace.moveHours, t) })}
            </span>
          )}
          {table.config.rated && <span className="tag">{t("players.ratedTag")}</span>}
        </li>
      ))}
    </ul>
  );
}

/** "Join a table": by its code, or one of the open public tables. */
export function JoinForm() {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const tables = usePublicTables();
  const ids = { code: useId(), codeHint: useId() };

  function join(event: FormEvent) {
    event.preventDefault();
    const clean = code.trim().toUpperCase();
    if (!CODE.test(clean)) {
      setCodeError(t("landing.codeHint"));
      return;
    }
    navigate(`/t/${clean}`);
  }

  return (
    <form className="panel" onSubmit={join} aria-labelledby="join-heading" noValidate>
      <h2 id="join-heading">{t("landing.joinHeading")}</h2>
      <label className="field" htmlFor={ids.code}>
        <span>{t("landing.code")}</span>
        <input
          id={ids.code}
          type="text"
          inputMode="text"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={12}
          value={code}
          aria-describedby={ids.codeHint}
          aria-invalid={codeError ? true : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setCodeError(null);
          }}
        />
      </label>
      <p id={ids.codeHint} className={codeError ? "error" : "muted"} role={codeError ? "alert" : undefined}>
        {t("landing.codeHint")}
      </p>
      <button type="submit" className="primary">
        {t("landing.join")}
      </button>
      <h2>{t("landing.publicTables")}</h2>
      <PublicTables tables={tables?.live ?? null} none={t("landing.noPublicTables")} />
      <h2>{t("landing.publicTurnBased")}</h2>
      <PublicTables tables={tables?.turnBased ?? null} none={t("landing.noPublicTurnBased")} />
    </form>
  );
}
