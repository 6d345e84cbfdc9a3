import { type DreamsView, legalActions } from "@firmament/dreams";
import type { Lesson } from "../../guide/lessons";

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
/** The Dreams lessons that fit now, most pressing first. */
export function dreamsLessons(view: DreamsView, seen: ReadonlySet<string>): Lesson[] {
  const me = view.me;
  if (!me) return [];
  const legal = legalActions(view);
  const out: Lesson[] = [];
  const god = me.role === "god";
  const placing = view.phase === "placing";
  if (placing && god) out.push({ id: "role", key: "dreams.guide.roleGod", values: { vision: me.vision } });
  if (placing && !god) {
    // The mortal's round is the second lesson on roles; a learner who skipped the first sees both.
    out.push({ id: seen.has("role") ? "mortal" : "role", key: "dreams.guide.roleMortal" });
  }
  if (legal.some((a) => a.type === "place_star"))
    out.push(
      god
        ? { id: "place", key: "dreams.guide.placeGod", values: { vision: me.vision } }
        : { id: "place", key: "dreams.guide.placeMortal" },
    );
  if (placing && view.stars.some((s) => s.seat !== me.seat))
    out.push({ id: "marks", key: "dreams.guide.marks" });
  if (legal.some((a) => a.type === "guess"))
    out.push(
      god
        ? { id: "guess", key: "dreams.guide.guessGod" }
        : { id: "guessImage", key: "dreams.guide.guessMortal" },
    );
  if (view.phase === "reveal" && view.result) {
    out.push({ id: "reveal", key: "dreams.guide.reveal" });
    if (seen.has("reveal") && view.round >= 2) out.push({ id: "finish", key: "dreams.guide.finish" });
  }
  return out;
}
