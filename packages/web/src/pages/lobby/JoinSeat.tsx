import { COLOURS, type Colour, LIMITS, type TableInfo } from "@firmament/protocol";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api";
import { RadioGroup } from "../../components/RadioGroup";
import { PlayerMark } from "../../components/Symbols";
import { errorText } from "../../errorText";
import { allSeatTokens, lastName, saveName } from "../../tokens";

/** The join form's state and its submission: the name, the colour chosen of the free ones, errors. */
function useJoin(
  table: TableInfo,
  hostToken: string | null,
  onJoined: (seat: number, token: string) => void,
) {
  const { t } = useTranslation();
  const taken = new Set(table.seats.map((s) => s.colour).filter((c): c is Colour => c !== null));
  const free = COLOURS.filter((c) => !taken.has(c));
  const [name, setName] = useState(lastName);
  const [colour, setColour] = useState<Colour | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = colour && free.includes(colour) ? colour : (free[0] ?? null);

  async function join(event: FormEvent) {
    event.preventDefault();
    const clean = name.trim();
    if (!clean || !chosen) {
      setError(t("errors.generic", { message: t("lobby.name") }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const joined = await api.joinTable(table.code, {
        name: clean,
        colour: chosen,
        ...(hostToken ? { hostToken } : {}),
        // this browser's other seats, for the cap on turn-based tables a guest sits at
        ...(table.config.pace?.kind === "turnBased" && {
          held: allSeatTokens()
            .slice(-LIMITS.yourGamesSeats)
            .map((s) => s.token),
        }),
      });
      saveName(clean);
      onJoined(joined.seat, joined.token);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  }
  return { name, setName, free, chosen, setColour, error, busy, join };
}

/** "Take a seat": a name and a free colour. */
export function JoinSeat({
  table,
  hostToken,
  onJoined,
}: {
  table: TableInfo;
  hostToken: string | null;
  onJoined: (seat: number, token: string) => void;
}) {
  const { t } = useTranslation();
  const { name, setName, free, chosen, setColour, error, busy, join } = useJoin(table, hostToken, onJoined);
  const nameId = useId();
  const hasEmpty = table.seats.some((s) => s.kind === "empty");

  if (!hasEmpty || !chosen) return <p className="panel muted">{t("lobby.full")}</p>;
  return (
    <form className="panel join" onSubmit={join} aria-labelledby="join-seat-heading">
      <h2 id="join-seat-heading">{t("lobby.joinHeading")}</h2>
      <label className="field" htmlFor={nameId}>
        <span>{t("lobby.name")}</span>
        <input
          id={nameId}
          type="text"
          autoComplete="nickname"
          maxLength={LIMITS.nameMax}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
      </label>
      <RadioGroup
        legend={t("lobby.colour")}
        name="colour"
        options={free}
        value={chosen}
        onChange={setColour}
        label={(c) => (
          <>
            <PlayerMark colour={c} size={20} />
            {t(`colour.${c}`)}
          </>
        )}
        className="colours"
        optionClassName="colour-choice"
      />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {t("lobby.join")}
      </button>
    </form>
  );
}
