import { describe, expect, it } from "vitest";
import { entry } from "./catalog";
import { RELATIONS } from "./relations";
import { FAR_THINGS, FORE_PLANTS, GROUND_PROPS, SKY_PROPS, SUBJECTS, WATER_PROPS } from "./subjects";

describe("the current edition's subjects", () => {
  const subjects = new Set(SUBJECTS.map((s) => s.icon));
  const others = SUBJECTS.flatMap((s) => (s.other ? [s.other] : []));
  const pools = [...SKY_PROPS, ...GROUND_PROPS, ...WATER_PROPS, ...FORE_PLANTS, ...FAR_THINGS];

  it("name each subject once, each in a known relation, with what its relation needs", () => {
    expect(subjects.size).toBe(SUBJECTS.length);
    expect(SUBJECTS.length).toBeGreaterThanOrEqual(130);
    for (const s of SUBJECTS) {
      expect(RELATIONS[s.relation], s.icon).toBeDefined();
      expect(entry(s.icon).en[0].length, s.icon).toBeGreaterThan(0);
      if (s.relation === "reflect" || s.relation === "shadow") expect(s.other, s.icon).toBeDefined();
      if (s.relation === "pour") expect(s.stream, s.icon).toBeDefined();
      if (s.other) expect(entry(s.other).en[0].length).toBeGreaterThan(0);
    }
    for (const p of pools) expect(entry(p).en[0].length, p).toBeGreaterThan(0);
  });

  it("keep subjects off every other card: no prop, far thing, reflection or shadow is a subject", () => {
    expect([...pools, ...others].filter((p) => subjects.has(p))).toEqual([]);
  });

  it("give every hero its own other picture: no two reflections or shadows alike, none a prop", () => {
    expect(others.filter((o, i) => others.indexOf(o) !== i)).toEqual([]);
    expect(others.filter((o) => pools.includes(o))).toEqual([]);
  });
});
