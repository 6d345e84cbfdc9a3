/**
 * The scene composer that dealt the dream deck's first edition (deck 1.5.0), kept as it was for Dreamers'
 * card faces, whose frozen pictures were composed with it; the dream deck itself now grows from the
 * relations in ../../gen. Porting the faces to that grammar would be a new faces version.
 */
/**
 * Composes one dream card as SVG text: a generated night landscape, one surreal hero scene and a few
 * smaller objects, all graded into the scene (haze, rims, shading, shadows, reflections, wash).
 * Pure and deterministic: the same plan and icon bounds give the same SVG bytes. Also emits a "mask" SVG
 * in which every object is painted in its own flat colour and everything in front of it in black, so the
 * build can measure what of each object is visible. Its sky, land and finishing are the dream deck's own.
 */

import { sceneSvgs } from "../../gen/compose";
import { foreground } from "../../gen/furnish";
import { buildLand, cloudBanks, drawLand, moon, sky } from "../../gen/landscape";
import { HEROES, type Hero } from "./heroes";
import { farThings, placeProps } from "./props";
import { Scene } from "./scene";
import { type CardPlan, type Composition, H, type IconSource, W } from "./types";

export function composeCard(plan: CardPlan, icons: IconSource): Composition {
  const sc = new Scene(plan, icons);
  buildLand(sc);
  const mr = sc.rng("moonplace");
  const hero: Hero = HEROES[plan.hero];
  // moon: the hero may place it; otherwise high on one side
  const moonSide = mr.chance(0.5) ? 0.2 : 0.8;
  sc.moon = {
    x: W * (moonSide + mr.range(-0.08, 0.08)),
    y: H * mr.range(0.07, 0.15),
    r: plan.moon === "full" ? mr.range(20, 28) : mr.range(18, 26),
  };
  hero.moonHook?.(sc);
  sky(sc);
  moon(sc);
  cloudBanks(sc);
  drawLand(sc);
  hero.draw(sc);
  placeProps(sc);
  farThings(sc);
  foreground(sc);
  return { ...sceneSvgs(sc), objects: sc.objects };
}
