/**
 * Which lesson of a guided first game fits the moment. Lessons are chosen from the player's own view and
 * from what the game says they may do now (its `legalActions`): the guide never decides anything about
 * the game, it only picks words for what is already on screen.
 */
import { type DreamersView, legalActions as dreamersLegal } from "@firmament/dreamers";
import { type DreamsView, legalActions as dreamsLegal } from "@firmament/dreams";

/** One lesson to show: its id (remembered once seen) and the i18n key and values of its words. */
export interface Lesson {
  id: string;
  /** i18n key prefix: `<key>.title` and `<key>.text`. */
  key: string;
  values?: Record<string, string | number>;
}

/** Every Dreams lesson in teaching order (their ids; the step counter counts these). */
export const DREAMS_LESSONS = [
  "role",
  "place",
  "marks",
  "guess",
  "reveal",
  "mortal",
  "guessImage",
  "finish",
] as const;
/** Every Dreamers lesson in teaching order. */
export const DREAMERS_LESSONS = [
  "identity",
  "nightmare",
  "declare",
  "answer",
  "modifiers",
  "accuse",
  "roundEnd",
  "finish",
] as const;

/** The Dreams lessons that fit now, most pressing first. */
export function dreamsLessons(view: DreamsView, seen: ReadonlySet<string>): Lesson[] {
  const me = view.me;
  if (!me) return [];
  const legal = dreamsLegal(view);
  const out: Lesson[] = [];
  const god = me.role === "god";
  const placing = view.phase === "placing";
  if (placing && god) out.push({ id: "role", key: "guide.dreams.roleGod", values: { vision: me.vision } });
  if (placing && !god) {
    // The mortal's round is the second lesson on roles; a learner who skipped the first sees both.
    out.push({ id: seen.has("role") ? "mortal" : "role", key: "guide.dreams.roleMortal" });
  }
  if (legal.some((a) => a.type === "place_star"))
    out.push(
      god
        ? { id: "place", key: "guide.dreams.placeGod", values: { vision: me.vision } }
        : { id: "place", key: "guide.dreams.placeMortal" },
    );
  if (placing && view.stars.some((s) => s.seat !== me.seat))
    out.push({ id: "marks", key: "guide.dreams.marks" });
  if (legal.some((a) => a.type === "guess"))
    out.push(
      god
        ? { id: "guess", key: "guide.dreams.guessGod" }
        : { id: "guessImage", key: "guide.dreams.guessMortal" },
    );
  if (view.phase === "reveal" && view.result) {
    out.push({ id: "reveal", key: "guide.dreams.reveal" });
    if (seen.has("reveal") && view.round >= 2) out.push({ id: "finish", key: "guide.dreams.finish" });
  }
  return out;
}

/** The Dreamers lessons that fit now, most pressing first. */
export function dreamersLessons(view: DreamersView, seen: ReadonlySet<string>): Lesson[] {
  const me = view.me;
  if (!me) return [];
  const legal = dreamersLegal(view);
  const out: Lesson[] = [];
  const over = view.phase === "round_over" || view.phase === "over";
  if (!over && me.identity)
    out.push({
      id: "identity",
      key: me.identity === "master" ? "dreamers.guide.identityMaster" : "dreamers.guide.identityDreamer",
    });
  if (!over && view.nightmare)
    out.push({ id: "nightmare", key: "dreamers.guide.nightmare", values: { value: view.nightmare.value } });
  const play = legal.find((a) => a.type === "play_dream");
  if (play?.type === "play_dream")
    out.push(
      play.declare
        ? { id: "declare", key: "dreamers.guide.declare" }
        : { id: "answer", key: "dreamers.guide.answer" },
    );
  if (legal.some((a) => a.type === "modify"))
    out.push({
      id: "modifiers",
      key: "dreamers.guide.modifiers",
      values: { value: view.nightmare?.value ?? "" },
    });
  else if (view.phase.startsWith("modify") && legal.some((a) => a.type === "pass"))
    out.push({
      id: "modifiers",
      key: "dreamers.guide.noModifier",
      values: { value: view.nightmare?.value ?? "" },
    });
  if (legal.some((a) => a.type === "accuse")) out.push({ id: "accuse", key: "dreamers.guide.accuse" });
  if (over && view.results.length > 0) {
    out.push({ id: "roundEnd", key: "dreamers.guide.roundEnd" });
    if (seen.has("roundEnd")) out.push({ id: "finish", key: "dreamers.guide.finish" });
  }
  return out;
}

/** The first lesson that fits now and has not been seen, or null. */
export function nextLesson(fitting: readonly Lesson[], seen: ReadonlySet<string>): Lesson | null {
  return fitting.find((lesson) => !seen.has(lesson.id)) ?? null;
}
