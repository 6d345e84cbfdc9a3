import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cardImagePath, readDeckFile } from "../deck";
import { BOUNDS_FILE } from "../paths";
import { composeCard, subjectOf } from "./compose";
import { iconSource } from "./icons";
import { MIN_SHADOW_CONTRAST, PHONE_WIDTH, silhouetteContrast } from "./legibility";
import { planDeck } from "./plan";
import { DECK_SEED, EDITION } from "./version";

describe(`shadow cards at phone size (${PHONE_WIDTH} px wide)`, () => {
  it(`show every cast shadow at least ${MIN_SHADOW_CONTRAST} L* darker than the ground around it`, async () => {
    const ids = new Set(readDeckFile(EDITION).cards.map((c) => c.id));
    const shadows = planDeck(DECK_SEED).filter((p) => p.relation === "shadow" && ids.has(p.id));
    expect(shadows.length).toBeGreaterThanOrEqual(5);
    const icons = iconSource(JSON.parse(readFileSync(BOUNDS_FILE, "utf8")));
    const low: string[] = [];
    for (const plan of shadows) {
      const comp = composeCard(plan, icons);
      const other = `fluent-emoji-flat:${subjectOf(plan).other}`;
      const index = comp.objects.findIndex((o) => o.role === "hero" && o.icon === other);
      expect(index, plan.id).toBeGreaterThanOrEqual(0);
      const k = await silhouetteContrast(readFileSync(cardImagePath(plan.id, EDITION)), comp.maskSvg, index);
      if (k.delta < MIN_SHADOW_CONTRAST) low.push(`${plan.id} ΔL* ${k.delta.toFixed(1)}`);
    }
    expect(low).toEqual([]);
  });
});
