import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GAMES } from "./games/registry";
import { LANGUAGES, type Language, setLanguage } from "./i18n";
import { useDocumentTitle, useShownGame } from "./pageGame";
import { Landing } from "./pages/Landing";
import { navigate, useRoute } from "./router";

const loadTablePage = () => import("./pages/TablePage");
// Opened by an invite link: fetch the table screen's code at once, in parallel with the first render.
if (window.location.pathname.startsWith("/t/")) void loadTablePage();
const TablePage = lazy(loadTablePage);
const ReplayPage = lazy(() => import("./pages/ReplayPage"));
const HowToPlay = lazy(() => import("./pages/HowToPlay"));
const Credits = lazy(() => import("./pages/Credits"));
const AccountPage = lazy(() => import("./account/AccountPage"));
const LinkPage = lazy(() => import("./account/LinkPage"));
const PlayerPage = lazy(() => import("./pages/PlayerPage"));
const LeaderboardPage = lazy(() => import("./pages/LeaderboardPage"));
const YourGamesPage = lazy(() => import("./pages/YourGamesPage"));
const Harness = import.meta.env.DEV ? lazy(() => import("./dev/Harness")) : null;

function Link({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <a
      href={to}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

export function App() {
  const { t, i18n } = useTranslation();
  const route = useRoute();
  const shownGame = useShownGame();
  useDocumentTitle();
  // For the first-render benchmark (scripts/bench.ts): when the app's first screen is on the page.
  useEffect(() => {
    performance.mark("firmament:app-rendered");
  }, []);
  return (
    <>
      <a className="skip" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className="top">
        <Link to="/">
          <span className="logo" aria-hidden="true">
            ✦
          </span>{" "}
          <span className="brand">{t("app.title")}</span>
        </Link>
        <nav aria-label={t("app.title")}>
          <Link to={shownGame ? `/how-to-play?game=${shownGame}` : "/how-to-play"}>{t("app.howToPlay")}</Link>
          <Link to="/credits">{t("app.credits")}</Link>
          <Link to="/games">{t("yourGames.nav")}</Link>
          <Link to="/account">{t("account.nav")}</Link>
          <Link to={`/leaderboard/${GAMES[0]?.kind ?? ""}`}>{t("players.leaderboards")}</Link>
          <select
            aria-label={t("app.language")}
            value={i18n.language}
            onChange={(e) => void setLanguage(e.target.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.label}
              </option>
            ))}
          </select>
        </nav>
      </header>
      <main id="main">
        <Suspense fallback={<p className="muted">{t("app.loading")}</p>}>
          {route.name === "home" && <Landing />}
          {route.name === "table" && <TablePage key={route.code} code={route.code} />}
          {route.name === "replay" && (
            <ReplayPage key={`${route.code}/${route.match}`} code={route.code} match={route.match} />
          )}
          {route.name === "howto" && <HowToPlay />}
          {route.name === "credits" && <Credits />}
          {route.name === "account" && <AccountPage />}
          {route.name === "games" && <YourGamesPage />}
          {route.name === "link" && <LinkPage />}
          {route.name === "player" && <PlayerPage key={route.player} name={route.player} />}
          {route.name === "leaderboard" && <LeaderboardPage key={route.game} game={route.game} />}
          {route.name === "notfound" && Harness && window.location.pathname === "/dev" && <Harness />}
          {route.name === "notfound" && !(Harness && window.location.pathname === "/dev") && (
            <div className="panel">
              <p>{t("app.notFound")}</p>
              <Link to="/">{t("app.back")}</Link>
            </div>
          )}
        </Suspense>
      </main>
    </>
  );
}
