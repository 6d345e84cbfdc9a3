import { describe, expect, it } from "vitest";
import { lessonStep, nextLesson } from "./lessons";

const lesson = (id: string) => ({ id, key: `game.guide.${id}` });

describe("the guide's lessons", () => {
  it("numbers lessons in the order they are shown, whatever their place in the game's list", () => {
    // Dreamers' list is identity, nightmare, declare, answer, modifiers …; a learner who answers first
    // meets "answer" third, and it says so.
    const shown: string[] = [];
    const numbers: unknown[] = [];
    for (const id of ["identity", "nightmare", "answer", "declare", "modifiers"]) {
      numbers.push(lessonStep(shown, lesson(id)));
      shown.push(id);
    }
    expect(numbers).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }, { step: 4 }, { step: 5 }]);
    expect(lessonStep(shown, lesson("finish"))).toBe("last");
  });

  it("shows the first fitting lesson not seen yet", () => {
    const fitting = [lesson("identity"), lesson("nightmare")];
    expect(nextLesson(fitting, new Set())?.id).toBe("identity");
    expect(nextLesson(fitting, new Set(["identity"]))?.id).toBe("nightmare");
    expect(nextLesson(fitting, new Set(["identity", "nightmare"]))).toBeNull();
  });
});
