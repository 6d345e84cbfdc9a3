/**
 * Which lesson of a guided first game fits the moment. Lessons are chosen from the player's own view and
 * from what the game says they may do now (its `legalActions`): the guide never decides anything about
 * the game, it only picks words for what is already on screen. Each game gives its own lessons (its
 * record's `play.lessons`, games/record.ts).
 */

/** One lesson to show: its id (remembered once seen) and the i18n key and values of its words. */
export interface Lesson {
  id: string;
  /** i18n key prefix: `<key>.title` and `<key>.text`. */
  key: string;
  values?: Record<string, string | number>;
}

/** The first lesson that fits now and has not been seen, or null. */
export function nextLesson(fitting: readonly Lesson[], seen: ReadonlySet<string>): Lesson | null {
  return fitting.find((lesson) => !seen.has(lesson.id)) ?? null;
}

/**
 * What a lesson's card counts: lessons are numbered in the order they are shown (1, 2, 3 …), which the
 * learner's game decides, not by their place in the game's list; the last one says it is the last.
 */
export function lessonStep(seen: readonly string[], lesson: Lesson): { step: number } | "last" {
  return lesson.id === "finish" ? "last" : { step: seen.length + 1 };
}
