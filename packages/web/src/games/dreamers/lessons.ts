import { type DreamersView, legalActions } from "@firmament/dreamers";
import type { Lesson } from "../../guide/lessons";

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

/** The Dreamers lessons that fit now, most pressing first. */
export function dreamersLessons(view: DreamersView, seen: ReadonlySet<string>): Lesson[] {
  const me = view.me;
  if (!me) return [];
  const legal = legalActions(view);
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
