import {
  type CreateTableBody,
  MOVE_HOURS,
  type Pace,
  type TimerSetting,
  type Visibility,
} from "@firmament/protocol";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api";
import { RadioGroup } from "../../components/RadioGroup";
import { errorText } from "../../errorText";
import type { AnyGameRecord, CreateChoice } from "../../games/record";
import { FIXTURE_GAMES, GAMES, gameOf } from "../../games/registry";
import type { GameKind } from "../../games/types";
import { navigate } from "../../router";
import { saveHostToken, saveSeatToken } from "../../tokens";
import { LearnByPlaying } from "./LearnByPlaying";

const NO_CHOICE: CreateChoice = { fields: {}, missing: null };

/**
 * The games the form offers: the players' games at once, and a test fixture game once the server has
 * said it hosts it (`GET /api/games`; a server without fixtures lists none, and a failed request adds none).
 */
function useOfferedGames(): readonly AnyGameRecord[] {
  const [listed, setListed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (FIXTURE_GAMES.length === 0) return;
    let live = true;
    api.games().then(
      (answer) => live && setListed(new Set(answer.games.map((game) => game.kind))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return [...GAMES, ...FIXTURE_GAMES.filter((game) => listed.has(game.kind))];
}

/** The game radios, the chosen game's blurb and "Learn by playing". */
function GameChoice({
  games,
  game,
  onGame,
  onLearn,
  busy,
}: {
  games: readonly AnyGameRecord[];
  game: GameKind;
  onGame: (kind: GameKind) => void;
  onLearn: (name: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RadioGroup
        legend={t("landing.game")}
        name="game"
        options={games.map((g) => g.kind)}
        value={game}
        onChange={onGame}
        label={(kind) => t(`${kind}.listing.label`)}
      />
      <p className="muted game-blurb">{t(`${game}.listing.blurb`)}</p>
      <LearnByPlaying busy={busy} onLearn={onLearn} />
    </>
  );
}

/** How many seats, for a game whose tables may have more or fewer. */
function SeatsField({
  game,
  seats,
  onSeats,
}: {
  game: AnyGameRecord;
  seats: number;
  onSeats: (n: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { min, max } = game.seats;
  if (min === max) return null;
  return (
    <label className="field" htmlFor={id}>
      <span>{t("landing.seats")}</span>
      <select id={id} value={seats} onChange={(e) => onSeats(Number(e.target.value))}>
        {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

function VisibilityField({
  visibility,
  onVisibility,
}: {
  visibility: Visibility;
  onVisibility: (visibility: Visibility) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      legend={t("landing.visibility")}
      name="visibility"
      options={["private", "public"] as const}
      value={visibility}
      onChange={onVisibility}
      label={(v) => t(`landing.${v}`)}
    />
  );
}

function TimerField({ timer, onTimer }: { timer: TimerSetting; onTimer: (timer: TimerSetting) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span>{t("landing.timer")}</span>
      <select id={id} value={timer} onChange={(e) => onTimer(e.target.value as TimerSetting)}>
        <option value="off">{t("landing.timerOff")}</option>
        <option value="relaxed">{t("landing.timerRelaxed")}</option>
        <option value="fast">{t("landing.timerFast")}</option>
      </select>
    </label>
  );
}

/** Live (everyone at once), or turn-based with a time per move: "live", or the hours per move. */
function PaceField({ pace, onPace }: { pace: Pace; onPace: (pace: Pace) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const value = pace.kind === "live" ? "live" : String(pace.moveHours);
  return (
    <label className="field" htmlFor={id}>
      <span>{t("pace.label")}</span>
      <select
        id={id}
        value={value}
        onChange={(e) =>
          onPace(
            e.target.value === "live"
              ? { kind: "live" }
              : { kind: "turnBased", moveHours: Number(e.target.value) as (typeof MOVE_HOURS)[number] },
          )
        }
      >
        <option value="live">{t("pace.live")}</option>
        {MOVE_HOURS.map((hours) => (
          <option key={hours} value={hours}>
            {t("pace.turnBased", { time: t(`pace.move${hours}`) })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Creating the table (or a guided game) and going there; `fail` shows why it could not. */
function useCreate(setError: (error: string | null) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function run(
    make: () => Promise<{ code: string; hostToken: string; seat?: number; token?: string }>,
  ) {
    setBusy(true);
    setError(null);
    try {
      const made = await make();
      saveHostToken(made.code, made.hostToken);
      if (made.seat !== undefined && made.token)
        saveSeatToken(made.code, { seat: made.seat, token: made.token });
      navigate(`/t/${made.code}`);
    } catch (e) {
      setError(errorText(e, t));
      setBusy(false);
    }
  }
  return { busy, run };
}

/** Whether the table is rated: its signed-in players' ratings change with its results. */
function RatedField({ rated, onRated }: { rated: boolean; onRated: (rated: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field check">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={rated}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onRated(e.target.checked)}
        />{" "}
        {t("players.rated")}
      </label>
      <p id={`${id}-hint`} className="muted">
        {t("players.ratedHint")}
      </p>
    </div>
  );
}

/** "Create a table": the game, its seats, visibility, timer and the game's own options. */
export function CreateForm() {
  const { t } = useTranslation();
  const [game, setGame] = useState<GameKind>(GAMES[0]?.kind as GameKind);
  const [seats, setSeats] = useState(GAMES[0]?.seats.preset ?? 0);
  const [visibility, setVisibility] = useState<Visibility>("private");
  const [timer, setTimer] = useState<TimerSetting>("off");
  const [pace, setPace] = useState<Pace>({ kind: "live" });
  const [rated, setRated] = useState(false);
  const [choice, setChoice] = useState<CreateChoice>(NO_CHOICE);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useCreate(setError);
  const games = useOfferedGames();
  const record = gameOf(game);
  const onChoice = useCallback((next: CreateChoice) => {
    setChoice(next);
    setError(null);
  }, []);

  function create(event: FormEvent) {
    event.preventDefault();
    if (choice.missing) return setError(choice.missing);
    const tableSeats = Math.min(record.seats.max, Math.max(record.seats.min, seats));
    const body = {
      game,
      seats: tableSeats,
      visibility,
      timer: pace.kind === "live" ? timer : "off",
      ...(pace.kind === "turnBased" && { pace }),
      ...(rated && { rated: true }),
      ...choice.fields,
    } as CreateTableBody;
    void run(() => api.createTable(body));
  }
  const learn = (name: string) => void run(() => api.createTutorial({ game, name, colour: "blue" }));

  const Options = record.CreateOptions;
  return (
    <form className="panel" onSubmit={create} aria-labelledby="create-heading">
      <h2 id="create-heading">{t("landing.createHeading")}</h2>
      <GameChoice
        games={games}
        game={game}
        onGame={(kind) => {
          setGame(kind);
          setChoice(NO_CHOICE);
          setError(null);
        }}
        onLearn={learn}
        busy={busy}
      />
      <SeatsField game={record} seats={seats} onSeats={setSeats} />
      <VisibilityField visibility={visibility} onVisibility={setVisibility} />
      <PaceField pace={pace} onPace={setPace} />
      {pace.kind === "live" && <TimerField timer={timer} onTimer={setTimer} />}
      <RatedField rated={rated} onRated={setRated} />
      {Options && <Options key={game} onChange={onChoice} />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {t("landing.create")}
      </button>
    </form>
  );
}
