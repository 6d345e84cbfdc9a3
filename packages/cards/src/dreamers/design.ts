/**
 * The art direction of each Dreamers face: which dream-deck scene sits behind a Dream card, which
 * creature haunts which Nightmare, and the words for the alt texts. Scene names are the dream deck's hero
 * scenes (src/gen/heroes.ts); palettes are its palettes (src/gen/palettes.ts).
 */

import type { Locale } from "../types";
import type { HeroName } from "./scenery/heroes";
import type { LandKind } from "./scenery/types";

export type Words = Record<Locale, string>;

export interface DreamScene {
  hero: HeroName;
  land: LandKind;
  palette: string;
  /** Small props of the dream deck's catalog, placed by its composer. */
  props: string[];
  words: Words;
}

export const DREAM_SCENES: Record<string, DreamScene> = {
  "dream-1a": {
    hero: "whaleLighthouse",
    land: "sea",
    palette: "rose",
    props: ["duck"],
    words: {
      en: "a whale floating over a lighthouse",
      de: "ein Wal schwebt über einem Leuchtturm",
      fr: "une baleine flotte au-dessus d'un phare",
      it: "una balena fluttua sopra un faro",
    },
  },
  "dream-1b": {
    hero: "balloonHouse",
    land: "hills",
    palette: "mint",
    props: ["hedgehog", "tulip"],
    words: {
      en: "a house lifted by balloons",
      de: "ein Haus, von Ballons getragen",
      fr: "une maison soulevée par des ballons",
      it: "una casa sollevata da palloncini",
    },
  },
  "dream-2a": {
    hero: "teapotMoon",
    land: "dunes",
    palette: "twilight",
    props: ["cactus", "snail"],
    words: {
      en: "a teapot pouring stars into a cup",
      de: "eine Teekanne gießt Sterne in eine Tasse",
      fr: "une théière verse des étoiles dans une tasse",
      it: "una teiera versa stelle in una tazza",
    },
  },
  "dream-2b": {
    hero: "stairsClouds",
    land: "mountains",
    palette: "lavender",
    props: ["deer"],
    words: {
      en: "stairs climbing to a door in the clouds",
      de: "eine Treppe führt zu einer Tür in den Wolken",
      fr: "un escalier monte vers une porte dans les nuages",
      it: "una scala sale verso una porta tra le nuvole",
    },
  },
  "dream-3a": {
    hero: "giantRabbit",
    land: "hills",
    palette: "teal",
    props: ["sunflower", "frog"],
    words: {
      en: "a giant rabbit behind the hills",
      de: "ein riesiges Kaninchen hinter den Hügeln",
      fr: "un lapin géant derrière les collines",
      it: "un coniglio gigante dietro le colline",
    },
  },
  "dream-3b": {
    hero: "turtleIsland",
    land: "sea",
    palette: "amber",
    props: ["swan"],
    words: {
      en: "an island on the back of a turtle",
      de: "eine Insel auf dem Rücken einer Schildkröte",
      fr: "une île sur le dos d'une tortue",
      it: "un'isola sul dorso di una tartaruga",
    },
  },
  "dream-4a": {
    hero: "bathtubSea",
    land: "sea",
    palette: "indigo",
    props: ["swan"],
    words: {
      en: "a bathtub afloat on the sea",
      de: "eine Badewanne treibt auf dem Meer",
      fr: "une baignoire flotte sur la mer",
      it: "una vasca da bagno galleggia sul mare",
    },
  },
  "dream-4b": {
    hero: "boatCloud",
    land: "dunes",
    palette: "lavender",
    props: ["llama", "cactus"],
    words: {
      en: "a sailboat on a cloud",
      de: "ein Segelboot auf einer Wolke",
      fr: "un voilier sur un nuage",
      it: "una barca a vela su una nuvola",
    },
  },
  "dream-5a": {
    hero: "crystalBall",
    land: "hills",
    palette: "plum",
    props: ["candle"],
    words: {
      en: "an owl beside a glowing crystal ball",
      de: "eine Eule neben einer leuchtenden Kristallkugel",
      fr: "une chouette près d'une boule de cristal lumineuse",
      it: "un gufo accanto a una sfera di cristallo luminosa",
    },
  },
  "dream-5b": {
    hero: "planetRise",
    land: "hills",
    palette: "forest",
    props: ["telescope", "fox"],
    words: {
      en: "a ringed planet rising over the hills",
      de: "ein Ringplanet geht über den Hügeln auf",
      fr: "une planète à anneaux se lève sur les collines",
      it: "un pianeta con gli anelli sorge sulle colline",
    },
  },
  "dream-6a": {
    hero: "keyMoon",
    land: "lake",
    palette: "mint",
    props: ["lotus", "frog"],
    words: {
      en: "a golden key floating by the moon",
      de: "ein goldener Schlüssel schwebt beim Mond",
      fr: "une clé dorée flotte près de la lune",
      it: "una chiave d'oro fluttua vicino alla luna",
    },
  },
  "dream-6b": {
    hero: "jellyfishSky",
    land: "sea",
    palette: "teal",
    props: ["sailboat"],
    words: {
      en: "jellyfish drifting in the night sky",
      de: "Quallen treiben im Nachthimmel",
      fr: "des méduses dérivent dans le ciel nocturne",
      it: "meduse alla deriva nel cielo notturno",
    },
  },
  "dream-7a": {
    hero: "elephantBalloons",
    land: "hills",
    palette: "rose",
    props: ["tent"],
    words: {
      en: "an elephant carried by balloons",
      de: "ein Elefant, von Ballons getragen",
      fr: "un éléphant porté par des ballons",
      it: "un elefante portato da palloncini",
    },
  },
  "dream-7b": {
    hero: "rocketMoon",
    land: "mountains",
    palette: "indigo",
    props: ["tent", "hedgehog"],
    words: {
      en: "a rocket flying to the moon",
      de: "eine Rakete fliegt zum Mond",
      fr: "une fusée vole vers la lune",
      it: "un razzo vola verso la luna",
    },
  },
  "dream-8a": {
    hero: "umbrellaStars",
    land: "hills",
    palette: "twilight",
    props: ["lady-beetle", "tulip"],
    words: {
      en: "a teddy bear under a floating umbrella",
      de: "ein Teddybär unter einem schwebenden Schirm",
      fr: "un ours en peluche sous un parapluie flottant",
      it: "un orsacchiotto sotto un ombrello fluttuante",
    },
  },
  "dream-8b": {
    hero: "dolphinMoon",
    land: "sea",
    palette: "lavender",
    props: ["lotus"],
    words: {
      en: "a dolphin leaping toward the full moon",
      de: "ein Delfin springt dem Vollmond entgegen",
      fr: "un dauphin bondit vers la pleine lune",
      it: "un delfino salta verso la luna piena",
    },
  },
  "dream-9a": {
    hero: "penguinIce",
    land: "sea",
    palette: "indigo",
    props: ["sailboat"],
    words: {
      en: "a penguin and a polar bear on drifting ice",
      de: "ein Pinguin und ein Eisbär auf treibendem Eis",
      fr: "un manchot et un ours polaire sur la glace",
      it: "un pinguino e un orso polare sul ghiaccio",
    },
  },
  "dream-9b": {
    hero: "kiteHill",
    land: "hills",
    palette: "amber",
    props: ["rabbit", "tulip"],
    words: {
      en: "a fox flying a kite",
      de: "ein Fuchs lässt einen Drachen steigen",
      fr: "un renard fait voler un cerf-volant",
      it: "una volpe fa volare un aquilone",
    },
  },
  "dream-10a": {
    hero: "giraffeMoon",
    land: "dunes",
    palette: "forest",
    props: ["hedgehog", "cactus"],
    words: {
      en: "a giraffe reaching for the moon",
      de: "eine Giraffe streckt sich nach dem Mond",
      fr: "une girafe tend le cou vers la lune",
      it: "una giraffa si allunga verso la luna",
    },
  },
  "dream-10b": {
    hero: "snailHouse",
    land: "hills",
    palette: "plum",
    props: ["tulip", "butterfly"],
    words: {
      en: "a snail carrying a house on its shell",
      de: "eine Schnecke trägt ein Haus auf ihrem Panzer",
      fr: "un escargot porte une maison sur sa coquille",
      it: "una lumaca porta una casa sul guscio",
    },
  },
};

export interface Creature {
  icon: string;
  cx: number;
  cy: number;
  size: number;
  flip?: boolean;
  rotate?: number;
}

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
