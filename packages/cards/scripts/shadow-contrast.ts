/**
 * Measures how each shadow card's silhouette reads at phone size (src/gen/legibility.ts) and prints one
 * line per card. Usage: npm run deck:contrast [-- --dir artifacts/try] — without --dir, the current
 * edition's committed cards; with it, the candidates of a trial build (`deck:build -- --relation shadow
 * --out artifacts/try`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cardImagePath, readDeckFile } from "../src/deck";
import { composeCard, subjectOf } from "../src/gen/compose";
import { iconSource } from "../src/gen/icons";
import { MIN_SHADOW_CONTRAST, silhouetteContrast } from "../src/gen/legibility";
import { planDeck } from "../src/gen/plan";
import { DECK_SEED, EDITION } from "../src/gen/version";
import { BOUNDS_FILE } from "../src/paths";

const at = process.argv.indexOf("--dir");
const dir = at >= 0 ? process.argv[at + 1] : undefined;
const icons = iconSource(JSON.parse(readFileSync(BOUNDS_FILE, "utf8")));
const committed = new Set(dir ? [] : readDeckFile(EDITION).cards.map((c) => c.id));
const image = (id: string) => (dir ? join(dir, `${id}.webp`) : cardImagePath(id, EDITION));
for (const plan of planDeck(DECK_SEED)) {
  if (plan.relation !== "shadow" || (dir ? !existsSync(image(plan.id)) : !committed.has(plan.id))) continue;
  const comp = composeCard(plan, icons);
  const other = `fluent-emoji-flat:${subjectOf(plan).other}`;
  const index = comp.objects.findIndex((o) => o.role === "hero" && o.icon === other);
  const k = await silhouetteContrast(readFileSync(image(plan.id)), comp.maskSvg, index);
  const verdict = k.delta >= MIN_SHADOW_CONTRAST ? "ok" : "TOO LOW";
  console.log(
    `${plan.id} ${plan.subject} → ${other.slice(18)}: silhouette L* ${k.inside.toFixed(1)}, ground ${k.around.toFixed(1)}, ΔL* ${k.delta.toFixed(1)} ${verdict}`,
  );
}
