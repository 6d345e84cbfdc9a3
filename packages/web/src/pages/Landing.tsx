import type { CreateTableBody, TableSummary, TimerSetting, Visibility } from "@firmament/protocol";
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { DeckUpload } from "../components/DeckUpload";
import { RadioGroup } from "../components/RadioGroup";
import { errorText } from "../errorText";
import { GAME_TABLES } from "../games/rules";
import type { GameKind } from "../games/types";
import { navigate } from "../router";
import { lastName, saveHostToken, saveSeatToken } from "../tokens";

// What a round looks like: its code, the deck's manifest and the pictures are fetched only once the
// page is scrolled near it, so the first paint never waits for them and a phone that stays on the
// forms does not download them.
const Showcase = lazy(() => import("../games/dreams/Showcase"));

function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      {
        rootMargin: "400px",
      },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={ref}>{near && children}</div>;
}

const CODE = /^[A-HJKMNP-Z2-9]{6}$/;
const DREAMS_SEATS = Array.from(
  { length: GAME_TABLES.dreams.seats.max - GAME_TABLES.dreams.seats.min + 1 },
  (_, i) => GAME_TABLES.dreams.seats.min + i,
);

/** Create a table, join one by code, or open a public one. */
export function Landing() {
  const { t } = useTranslation();
  const [game, setGame] = useState<GameKind>("dreams");
  const [seats, setSeats] = useState(4);
  const [visibility, setVisibility] = useState<Visibility>("private");
  const [timer, setTimer] = useState<TimerSetting>("off");
  const [deckKind, setDeckKind] = useState<"standard" | "custom">("standard");
  const [customDeck, setCustomDeck] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  const ids = { seats: useId(), timer: useId(), code: useId(), codeHint: useId(), learnHint: useId() };
  const deckMissing = game === "dreams" && deckKind === "custom" && customDeck === null;

  useEffect(() => {
    let live = true;
    api
      .publicTables()
      .then((r) => live && setTables(r.tables))
      .catch(() => live && setTables([]));
    return () => {
      live = false;
    };
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (deckMissing) {
      setError(t("landing.needDeck"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const deck = deckKind === "custom" && customDeck ? { custom: customDeck } : "standard";
      const body: CreateTableBody =
        game === "dreams"
          ? { game, seats, visibility, timer, deck }
          : { game, seats: GAME_TABLES.dreamers.seats.max, visibility, timer };
      const made = await api.createTable(body);
      saveHostToken(made.code, made.hostToken);
      navigate(`/t/${made.code}`);
    } catch (e) {
      setError(errorText(e, t));
      setBusy(false);
    }
  }

  /** A guided first game of the chosen game against bots, started at once. */
  async function learn() {
    setBusy(true);
    setError(null);
    try {
      const name = lastName().trim() || t("guide.learnerName");
      const made = await api.createTutorial({ game, name, colour: "blue" });
      saveHostToken(made.code, made.hostToken);
      saveSeatToken(made.code, { seat: made.seat, token: made.token });
      navigate(`/t/${made.code}`);
    } catch (e) {
      setError(errorText(e, t));
      setBusy(false);
    }
  }

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
    <div className="landing">
      <h1 className="visually-hidden">{t("app.title")}</h1>
      <p className="intro">{t("landing.intro")}</p>
      <div className="landing-forms">
        <form className="panel" onSubmit={create} aria-labelledby="create-heading">
          <h2 id="create-heading">{t("landing.createHeading")}</h2>
          <RadioGroup
            legend={t("landing.game")}
            name="game"
            options={["dreams", "dreamers"] as const}
            value={game}
            onChange={(kind) => {
              setGame(kind);
              setError(null);
            }}
            label={(kind) => t(`landing.${kind}`)}
          />
          <p className="muted game-blurb">
            {t(game === "dreams" ? "landing.dreamsBlurb" : "landing.dreamersBlurb")}
          </p>
          <p className="learn">
            <button type="button" onClick={learn} disabled={busy} aria-describedby={ids.learnHint}>
              {t("guide.learn")}
            </button>{" "}
            <span id={ids.learnHint} className="muted">
              {t("guide.learnHint")}
            </span>
          </p>
          {game === "dreams" && (
            <label className="field" htmlFor={ids.seats}>
              <span>{t("landing.seats")}</span>
              <select id={ids.seats} value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
                {DREAMS_SEATS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          <RadioGroup
            legend={t("landing.visibility")}
            name="visibility"
            options={["private", "public"] as const}
            value={visibility}
            onChange={setVisibility}
            label={(v) => t(`landing.${v}`)}
          />
          <label className="field" htmlFor={ids.timer}>
            <span>{t("landing.timer")}</span>
            <select id={ids.timer} value={timer} onChange={(e) => setTimer(e.target.value as TimerSetting)}>
              <option value="off">{t("landing.timerOff")}</option>
              <option value="relaxed">{t("landing.timerRelaxed")}</option>
              <option value="fast">{t("landing.timerFast")}</option>
            </select>
          </label>
          {game === "dreams" && (
            <RadioGroup
              legend={t("landing.deck")}
              name="deck"
              options={["standard", "custom"] as const}
              value={deckKind}
              onChange={(kind) => {
                setDeckKind(kind);
                setCustomDeck(null);
                setError(null);
              }}
              label={(kind) => t(kind === "standard" ? "landing.deckStandard" : "landing.deckOwn")}
            />
          )}
          {game === "dreams" && deckKind === "custom" && (
            <DeckUpload
              onDeck={(id) => {
                setCustomDeck(id);
                if (id) setError(null);
              }}
            />
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {t("landing.create")}
          </button>
        </form>
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
          <p
            id={ids.codeHint}
            className={codeError ? "error" : "muted"}
            role={codeError ? "alert" : undefined}
          >
            {t("landing.codeHint")}
          </p>
          <button type="submit" className="primary">
            {t("landing.join")}
          </button>
          <h2>{t("landing.publicTables")}</h2>
          {tables === null ? (
            <p className="muted">{t("app.loading")}</p>
          ) : tables.length === 0 ? (
            <p className="muted">{t("landing.noPublicTables")}</p>
          ) : (
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
                      game: t(`landing.${table.config.game}`),
                      seated: table.seated,
                      seats: table.config.seats,
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </form>
      </div>
      <WhenNear>
        <Suspense fallback={null}>
          <Showcase />
        </Suspense>
      </WhenNear>
    </div>
  );
}
