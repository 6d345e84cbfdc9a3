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
