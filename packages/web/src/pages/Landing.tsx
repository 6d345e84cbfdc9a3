import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GameShowcase } from "../games";
import { GAMES } from "../games/registry";
import { CreateForm } from "./landing/CreateForm";
import { JoinForm } from "./landing/JoinForm";
import { PlayNow } from "./landing/PlayNow";
import { YourGamesSection } from "./landing/YourGamesSection";

// What a round looks like: its code, the deck's manifest and the pictures are fetched only once the
// page is scrolled near it, so the first paint never waits for them and a phone that stays on the
// forms does not download them.
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

/** The introduction: what the site is, then each game's clause. */
function Intro() {
  const { t } = useTranslation();
  const clauses = GAMES.map((game) => t(`${game.kind}.listing.pitch`)).join(t("landing.introJoin"));
  const games = clauses.charAt(0).toLocaleUpperCase() + clauses.slice(1);
  return <p className="intro">{t("landing.intro", { games })}</p>;
}

/** Create a table, join one by code, or open a public one. */
export function Landing() {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <h1 className="visually-hidden">{t("app.title")}</h1>
      <YourGamesSection />
      <Intro />
      <PlayNow />
      <div className="landing-forms">
        <CreateForm />
        <JoinForm />
      </div>
      <WhenNear>
        {GAMES.map((game) => (
          <GameShowcase key={game.kind} kind={game.kind} />
        ))}
      </WhenNear>
    </div>
  );
}
