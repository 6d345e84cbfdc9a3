/** The art direction of each Nightmare face: the dream it haunts and the creatures that haunt it. */

import type { Words } from "./design";
import type { IconDraw } from "./icon";
import type { HeroName } from "./scenery/heroes";
import type { LandKind } from "./scenery/types";

/** A creature is drawn as an icon; its grade is the Nightmare's own. */
export type Creature = Pick<IconDraw, "icon" | "cx" | "cy" | "size" | "flip" | "rotate">;

export interface NightmareScene {
  /** The dream the nightmare haunts (drawn darkened behind the creature). */
  hero: HeroName;
  land: LandKind;
  palette: string;
  /** Drawn in order; the first is the main creature. */
  creatures: Creature[];
  words: Words;
}

export const NIGHTMARE_SCENES: Record<string, NightmareScene> = {
  "nightmare-6": {
    hero: "castleCloud",
    land: "hills",
    palette: "indigo",
    creatures: [{ icon: "ghost", cx: 250, cy: 370, size: 190, rotate: -8 }],
    words: {
      en: "a ghost drifting from a castle in the clouds",
      de: "ein Gespenst schwebt von einem Wolkenschloss herab",
      fr: "un fantôme s'échappe d'un château dans les nuages",
      it: "un fantasma scende da un castello tra le nuvole",
    },
  },
  "nightmare-7": {
    hero: "catMoon",
    land: "mountains",
    palette: "plum",
    creatures: [
      { icon: "bat", cx: 230, cy: 330, size: 150, rotate: -10 },
      { icon: "bat", cx: 95, cy: 420, size: 80, rotate: 12, flip: true },
      { icon: "bat", cx: 330, cy: 450, size: 64, rotate: -18 },
    ],
    words: {
      en: "bats swarming under the moon",
      de: "Fledermäuse schwärmen unter dem Mond",
      fr: "des chauves-souris tournoient sous la lune",
      it: "pipistrelli sciamano sotto la luna",
    },
  },
  "nightmare-8": {
    hero: "bookTower",
    land: "hills",
    palette: "teal",
    creatures: [
      { icon: "spider-web", cx: 300, cy: 330, size: 200 },
      { icon: "spider", cx: 285, cy: 345, size: 110 },
    ],
    words: {
      en: "a spider in its web beside a tower of books",
      de: "eine Spinne in ihrem Netz neben einem Bücherturm",
      fr: "une araignée dans sa toile près d'une tour de livres",
      it: "un ragno nella sua tela accanto a una torre di libri",
    },
  },
  "nightmare-9": {
    hero: "hourglassDunes",
    land: "dunes",
    palette: "amber",
    creatures: [{ icon: "snake", cx: 210, cy: 470, size: 230, flip: true }],
    words: {
      en: "a snake coiled in the dunes by an hourglass",
      de: "eine Schlange in den Dünen neben einer Sanduhr",
      fr: "un serpent enroulé dans les dunes près d'un sablier",
      it: "un serpente nelle dune accanto a una clessidra",
    },
  },
  "nightmare-10": {
    hero: "ladderMoon",
    land: "hills",
    palette: "indigo",
    creatures: [{ icon: "wolf", cx: 250, cy: 440, size: 210, flip: true }],
    words: {
      en: "a wolf at the foot of a ladder to the moon",
      de: "ein Wolf am Fuß einer Leiter zum Mond",
      fr: "un loup au pied d'une échelle vers la lune",
      it: "un lupo ai piedi di una scala verso la luna",
    },
  },
  "nightmare-10b": {
    hero: "snailHouse",
    land: "dunes",
    palette: "twilight",
    creatures: [{ icon: "scorpion", cx: 230, cy: 460, size: 200, rotate: -6 }],
    words: {
      en: "a scorpion creeping toward a snail's house",
      de: "ein Skorpion kriecht auf ein Schneckenhaus zu",
      fr: "un scorpion rampe vers la maison d'un escargot",
      it: "uno scorpione striscia verso la casa di una lumaca",
    },
  },
  "nightmare-11": {
    hero: "bathtubSea",
    land: "sea",
    palette: "teal",
    creatures: [{ icon: "shark", cx: 230, cy: 470, size: 220, rotate: -10 }],
    words: {
      en: "a shark circling a bathtub at sea",
      de: "ein Hai umkreist eine Badewanne auf dem Meer",
      fr: "un requin tourne autour d'une baignoire en mer",
      it: "uno squalo gira intorno a una vasca in mare",
    },
  },
  "nightmare-11b": {
    hero: "lanternLake",
    land: "lake",
    palette: "plum",
    creatures: [{ icon: "octopus", cx: 220, cy: 450, size: 220 }],
    words: {
      en: "an octopus rising from a lake of lanterns",
      de: "ein Krake steigt aus einem See voller Laternen",
      fr: "une pieuvre surgit d'un lac de lanternes",
      it: "una piovra emerge da un lago di lanterne",
    },
  },
  "nightmare-12": {
    hero: "mushroomGrove",
    land: "hills",
    palette: "forest",
    creatures: [
      { icon: "blackbird", cx: 240, cy: 340, size: 150, flip: true, rotate: -8 },
      { icon: "blackbird", cx: 110, cy: 430, size: 96, rotate: 6 },
      { icon: "blackbird", cx: 330, cy: 470, size: 80, flip: true, rotate: 10 },
    ],
    words: {
      en: "crows circling over a mushroom grove",
      de: "Krähen kreisen über einem Pilzhain",
      fr: "des corbeaux tournoient au-dessus d'un bosquet de champignons",
      it: "corvi volteggiano sopra un boschetto di funghi",
    },
  },
  "nightmare-13": {
    hero: "doorField",
    land: "hills",
    palette: "rose",
    creatures: [{ icon: "person-vampire", cx: 240, cy: 410, size: 240 }],
    words: {
      en: "a vampire standing before a door in a field",
      de: "ein Vampir steht vor einer Tür im Feld",
      fr: "un vampire se dresse devant une porte dans un champ",
      it: "un vampiro davanti a una porta in un campo",
    },
  },
  "nightmare-14": {
    hero: "clockMoon",
    land: "mountains",
    palette: "twilight",
    creatures: [{ icon: "t-rex", cx: 220, cy: 420, size: 260, flip: true }],
    words: {
      en: "a tyrannosaur roaring under a clock moon",
      de: "ein Tyrannosaurus brüllt unter einem Uhrenmond",
      fr: "un tyrannosaure rugit sous une lune-horloge",
      it: "un tirannosauro ruggisce sotto una luna orologio",
    },
  },
  "nightmare-15": {
    hero: "stairsClouds",
    land: "lake",
    palette: "amber",
    creatures: [{ icon: "goblin", cx: 220, cy: 390, size: 220, rotate: -6 }],
    words: {
      en: "an angry goblin mask looming over stairs to the clouds",
      de: "eine zornige Koboldmaske über einer Treppe zu den Wolken",
      fr: "un masque de gobelin furieux au-dessus d'un escalier vers les nuages",
      it: "una maschera di goblin furiosa sopra una scala verso le nuvole",
    },
  },
  "nightmare-16": {
    hero: "doorField",
    land: "mountains",
    palette: "plum",
    creatures: [{ icon: "dragon", cx: 225, cy: 400, size: 290, flip: true }],
    words: {
      en: "a dragon rising before a door in the mountains",
      de: "ein Drache erhebt sich vor einer Tür in den Bergen",
      fr: "un dragon se dresse devant une porte dans les montagnes",
      it: "un drago si erge davanti a una porta tra le montagne",
    },
  },
};
