/** Alt texts of the Dreamers faces in every locale: what the card is, then what its picture shows. */
import type { Locale } from "../types";
import { DREAM_SCENES, type Words } from "./design";
import type { Face } from "./faces";
import { NIGHTMARE_SCENES } from "./nightmare-design";

const COLON: Words = { en: ": ", de: ": ", fr: " : ", it: ": " };

const DREAM: Words = { en: "Dream card", de: "Traumkarte", fr: "Carte Rêve", it: "Carta Sogno" };
const NIGHTMARE: Words = {
  en: "Nightmare card",
  de: "Albtraumkarte",
  fr: "Carte Cauchemar",
  it: "Carta Incubo",
};
const MODIFIER: Words = { en: "modifier", de: "Modifikator", fr: "modificateur", it: "modificatore" };
const SIGN: Record<"+" | "-" | "x", Words> = {
  "+": { en: "plus", de: "plus", fr: "plus", it: "più" },
  "-": { en: "minus", de: "minus", fr: "moins", it: "meno" },
  x: { en: "times", de: "mal", fr: "fois", it: "per" },
};
const SKULL: Words = {
  en: "with the skull",
  de: "mit dem Totenkopf",
  fr: "avec le crâne",
  it: "con il teschio",
};

/** Alt texts of the faces without a value (id → words). */
const OTHERS: Record<string, Words> = {
  "identity-dreamer": {
    en: "Identity card, Dreamer: a sleeper in bed on a cloud inside a ring of stars, a crescent moon in the corner.",
    de: "Identitätskarte, Träumer: eine schlafende Person im Bett auf einer Wolke in einem Sternenring, eine Mondsichel in der Ecke.",
    fr: "Carte d'identité, Rêveur : une personne endormie dans son lit sur un nuage, dans un cercle d'étoiles, un croissant de lune dans le coin.",
    it: "Carta identità, Sognatore: una persona che dorme nel letto su una nuvola in un cerchio di stelle, una falce di luna nell'angolo.",
  },
  "identity-master": {
    en: "Identity card, Master of Nightmares: a sorcerer in shadow with bats inside a ring of thorns, a horned crown in the corner.",
    de: "Identitätskarte, Meister der Albträume: ein Zauberer im Schatten mit Fledermäusen in einem Dornenring, eine gehörnte Krone in der Ecke.",
    fr: "Carte d'identité, Maître des Cauchemars : un sorcier dans l'ombre avec des chauves-souris, dans un cercle d'épines, une couronne à cornes dans le coin.",
    it: "Carta identità, Signore degli Incubi: uno stregone nell'ombra con pipistrelli in un cerchio di spine, una corona con le corna nell'angolo.",
  },
  "gate-closed": {
    en: "Gate, closed: a stone arch with its wooden doors shut and padlocked, a closed padlock in the corner.",
    de: "Tor, geschlossen: ein Steinbogen mit verschlossenen Holztüren und Vorhängeschloss, ein geschlossenes Schloss in der Ecke.",
    fr: "Porte, fermée : une arche de pierre aux battants de bois fermés par un cadenas, un cadenas fermé dans le coin.",
    it: "Porta, chiusa: un arco di pietra con i battenti di legno chiusi da un lucchetto, un lucchetto chiuso nell'angolo.",
  },
  "gate-open": {
    en: "Gate, open: a stone arch with its doors swung open and light pouring through, an open padlock in the corner.",
    de: "Tor, offen: ein Steinbogen mit weit geöffneten Türen, durch die Licht strömt, ein offenes Schloss in der Ecke.",
    fr: "Porte, ouverte : une arche de pierre aux battants grands ouverts d'où jaillit la lumière, un cadenas ouvert dans le coin.",
    it: "Porta, aperta: un arco di pietra con i battenti spalancati da cui entra la luce, un lucchetto aperto nell'angolo.",
  },
  "first-player": {
    en: "First-player card: a red flag on a hill inside a ring of light.",
    de: "Startspielerkarte: eine rote Fahne auf einem Hügel in einem Lichtkranz.",
    fr: "Carte premier joueur : un drapeau rouge sur une colline dans un cercle de lumière.",
    it: "Carta primo giocatore: una bandiera rossa su una collina in un cerchio di luce.",
  },
  "back-dream": {
    en: "Back of a Dream card: a crescent moon in a ring of stars on a night-blue ground.",
    de: "Rückseite einer Traumkarte: eine Mondsichel in einem Sternenring auf nachtblauem Grund.",
    fr: "Dos d'une carte Rêve : un croissant de lune dans un cercle d'étoiles sur fond bleu nuit.",
    it: "Retro di una carta Sogno: una falce di luna in un cerchio di stelle su fondo blu notte.",
  },
  "back-nightmare": {
    en: "Back of a Nightmare card: a red eclipse in a ring of thorns on a dark crimson ground.",
    de: "Rückseite einer Albtraumkarte: eine rote Finsternis in einem Dornenring auf dunkelrotem Grund.",
    fr: "Dos d'une carte Cauchemar : une éclipse rouge dans un cercle d'épines sur fond pourpre sombre.",
    it: "Retro di una carta Incubo: un'eclissi rossa in un cerchio di spine su fondo cremisi scuro.",
  },
  "back-identity": {
    en: "Back of an identity card: a moon half light and half dark, ringed by stars on one side and thorns on the other.",
    de: "Rückseite einer Identitätskarte: ein halb heller, halb dunkler Mond, auf der einen Seite von Sternen, auf der anderen von Dornen umgeben.",
    fr: "Dos d'une carte d'identité : une lune mi-claire mi-sombre, entourée d'étoiles d'un côté et d'épines de l'autre.",
    it: "Retro di una carta identità: una luna metà chiara e metà scura, circondata da stelle da un lato e da spine dall'altro.",
  },
};

const LOCALES: Locale[] = ["en", "de", "fr", "it"];

function sentence(text: string): string {
  return `${text}.`;
}

export function faceAlt(face: Face): Record<Locale, string> {
  const out = {} as Record<Locale, string>;
  if (face.kind === "dream") {
    const scene = DREAM_SCENES[face.id];
    const effect = face.effect;
    if (!scene || !effect || face.value === undefined) throw new Error(`${face.id}: no alt text`);
    for (const l of LOCALES) {
      const what =
        effect === "skull"
          ? `${DREAM[l]} ${face.value} ${SKULL[l]}`
          : `${DREAM[l]} ${face.value}, ${MODIFIER[l]} ${SIGN[effect[0] as "+" | "-" | "x"][l]} ${effect.slice(1)}`;
      out[l] = sentence(`${what}${COLON[l]}${scene.words[l]}`);
    }
    return out;
  }
  if (face.kind === "nightmare") {
    const scene = NIGHTMARE_SCENES[face.id];
    if (!scene || face.value === undefined) throw new Error(`${face.id}: no alt text`);
    for (const l of LOCALES) out[l] = sentence(`${NIGHTMARE[l]} ${face.value}${COLON[l]}${scene.words[l]}`);
    return out;
  }
  const words = OTHERS[face.id];
  if (!words) throw new Error(`${face.id}: no alt text`);
  return { ...words };
}
