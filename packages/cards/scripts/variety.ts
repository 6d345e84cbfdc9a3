/**
 * How often the current edition's furnishing repeats (src/gen/variety.ts): on how many cards each thing is,
 * and how many cards share one palette, land and landmark. Usage: npm run deck:variety
 */
import { readFileSync } from "node:fs";
import { readDeckFile } from "../src/deck";
import { composeCard } from "../src/gen/compose";
import { iconSource } from "../src/gen/icons";
import { planDeck } from "../src/gen/plan";
import { capOfThing, furnishingOf, thingCounts } from "../src/gen/variety";
import { DECK_SEED, EDITION } from "../src/gen/version";
import { BOUNDS_FILE } from "../src/paths";

const deck = readDeckFile(EDITION);
const plans = new Map(planDeck(DECK_SEED).map((p) => [p.id, p]));
const icons = iconSource(JSON.parse(readFileSync(BOUNDS_FILE, "utf8")));
const things: string[][] = [];
const scenes = new Map<string, number>();
for (const c of deck.cards) {
  const plan = plans.get(c.id);
  if (!plan) throw new Error(`${c.id} is not planned`);
  things.push(furnishingOf(c, composeCard(plan, icons).objects));
  const scene = `${plan.palette} ${plan.land} ${plan.landmark ?? "no landmark"}`;
  scenes.set(scene, (scenes.get(scene) ?? 0) + 1);
}
const counts = thingCounts(things);
const per = things.map((t) => t.length).sort((a, b) => a - b);
const short = (t: string) => t.replace("fluent-emoji-flat:", "");
console.log(
  `edition ${EDITION}, deck ${deck.version}: ${deck.cards.length} cards, ${counts.length} furnishing things`,
);
console.log(
  `furnishing things per card: min ${per[0]} median ${per[per.length >> 1]} max ${per[per.length - 1]}`,
);
console.log(
  `most repeated: ${counts
    .slice(0, 16)
    .map(([t, n]) => `${short(t)} ${n} (cap ${capOfThing(t)})`)
    .join(", ")}`,
);
const top = [...scenes].sort((a, b) => b[1] - a[1]).slice(0, 3);
console.log(`most shared palette, land and landmark: ${top.map(([s, n]) => `${s} ${n}`).join(", ")}`);
