import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GamePlay } from "../games/record";
import { gameOf, usePlay } from "../games/registry";
import { useGameStrings } from "../games/strings";
import type { ViewPush } from "../games/types";
import { type Lesson, lessonStep, nextLesson } from "./lessons";
import { type GuideProgress, loadProgress, saveProgress } from "./progress";

function fittingLessons(play: GamePlay, push: ViewPush, seen: ReadonlySet<string>): Lesson[] {
  return play.lessons.fitting(push.view as never, seen);
}

/**
 * The coach card's focus: it takes the focus when a lesson appears (again, if it fell to the page while
 * a lazy part settled) and, after the last card of a moment, gives it back to where the learner was.
 */
function useCoachFocus(lessonId: string | null) {
  const card = useRef<HTMLElement>(null);
  const before = useRef<Element | null>(null);
  useEffect(() => {
    if (!lessonId) return;
    if (!card.current?.contains(document.activeElement)) before.current = document.activeElement;
    card.current?.focus();
    // The card may still be settling (a lazy part of the page suspending around it): if focus fell to
    // the page itself meanwhile, take it again; never from a control the learner moved to.
    const again = window.setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost) card.current?.focus();
    }, 250);
    return () => window.clearTimeout(again);
  }, [lessonId]);

  function giveBack() {
    const back = before.current;
    // After the last card of this moment, focus goes back to where the learner was.
    window.setTimeout(() => {
      if (card.current) return;
      // A control the learner moved to meanwhile keeps the focus.
      if (document.activeElement !== null && document.activeElement !== document.body) return;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
      else document.querySelector<HTMLElement>("main")?.focus();
    }, 0);
  }
  return { card, giveBack };
}

/**
 * The coach of a guided first game: one short card at a time, shown when the game reaches the moment it
 * explains, with "Next" and "Skip tutorial". It takes focus when a lesson appears and gives it back after.
 * The game goes on underneath whatever the learner does with it.
 */
export default function Guide({ code, push }: { code: string; push: ViewPush }) {
  const { t, i18n } = useTranslation();
  const kind = push.view.game;
  useGameStrings(gameOf(kind));
  const play = usePlay(kind);
  const [progress, setProgress] = useState<GuideProgress>(() => loadProgress(code));
  const seen = new Set(progress.seen);
  const due = progress.skipped ? null : nextLesson(fittingLessons(play, push, seen), seen);
  // A game's words arrive with its code: wait for them rather than show English for a moment.
  const lesson =
    due && i18n.getResource(i18n.language, "translation", `${due.key}.title`) !== undefined ? due : null;
  const ids = { title: useId(), text: useId() };
  const { card, giveBack } = useCoachFocus(lesson?.id ?? null);

  function update(next: GuideProgress) {
    saveProgress(code, next);
    setProgress(next);
    giveBack();
  }

  if (!lesson) return null;
  const step = lessonStep(progress.seen, lesson);
  const last = step === "last";
  return (
    <section
      ref={card}
      className="coach"
      role="dialog"
      aria-modal="false"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      tabIndex={-1}
      data-lesson={lesson.id}
    >
      <p className="coach-step muted">{step === "last" ? t("guide.lastStep") : t("guide.step", step)}</p>
      <h2 id={ids.title}>{t(`${lesson.key}.title`, lesson.values)}</h2>
      <p id={ids.text}>{t(`${lesson.key}.text`, lesson.values)}</p>
      <div className="coach-buttons">
        <button
          type="button"
          className="primary"
          onClick={() =>
            update(
              last ? { ...progress, skipped: true } : { ...progress, seen: [...progress.seen, lesson.id] },
            )
          }
        >
          {t(last ? "guide.done" : "guide.next")}
        </button>
        {!last && (
          <button type="button" onClick={() => update({ ...progress, skipped: true })}>
            {t("guide.skip")}
          </button>
        )}
      </div>
    </section>
  );
}
