import i18next from "i18next";

/** The belief bars' strings, bundled in all four languages (they are few). */
const en = {
  heading: "What the strongest bot concluded",
  intro:
    "The bot saw only the stars. For each player it asks two questions: if this player were the mortal, which card would they take for the true dream? And if they were a god, whom would they take for the mortal? The taller the bar, the likelier the answer.",
  asMortal: "As mortal",
  asGod: "As god",
  mortalGroup: "{{name}} as mortal: the vision would be",
  godGroup: "{{name}} as god: the mortal would be",
  card: "Card {{card}}",
  percent: "{{percent}} %",
  legendScale: "Each bar is a chance from 0 % (empty) to 100 % (full); its number is the percentage.",
  legendOther: "Blue: the other answers.",
  legendBest: "Yellow: the bot's answer, the likeliest one.",
  loading: "Asking the bot…",
  unavailable: "The bot's view of this round is not available.",
  step: "After star {{step}} of {{total}}",
  start: "Before the first star",
  slider: "Stars counted",
  turns: "Turn by turn",
  prior: "Before the first turn",
  afterTurn: "After turn {{turn}}",
};

export type BeliefStrings = typeof en;

const de: BeliefStrings = {
  heading: "Was der stärkste Bot folgerte",
  intro:
    "Der Bot sah nur die Sterne. Für jeden Spieler stellt er zwei Fragen: Wäre dieser Spieler der Sterbliche, welche Karte hielte er für den wahren Traum? Und wäre er ein Gott, wen hielte er für den Sterblichen? Je höher der Balken, desto wahrscheinlicher die Antwort.",
  asMortal: "Als Sterblicher",
  asGod: "Als Gott",
  mortalGroup: "{{name}} als Sterblicher: die Vision wäre",
  godGroup: "{{name}} als Gott: der Sterbliche wäre",
  card: "Karte {{card}}",
  percent: "{{percent}} %",
  legendScale:
    "Jeder Balken ist eine Wahrscheinlichkeit von 0 % (leer) bis 100 % (voll); seine Zahl ist der Prozentwert.",
  legendOther: "Blau: die anderen Antworten.",
  legendBest: "Gelb: die Antwort des Bots, die wahrscheinlichste.",
  loading: "Der Bot überlegt …",
  unavailable: "Die Sicht des Bots auf diese Runde ist nicht verfügbar.",
  step: "Nach Stern {{step}} von {{total}}",
  start: "Vor dem ersten Stern",
  slider: "Gezählte Sterne",
  turns: "Zug um Zug",
  prior: "Vor dem ersten Zug",
  afterTurn: "Nach Zug {{turn}}",
};

const fr: BeliefStrings = {
  heading: "Ce que le bot le plus fort en a conclu",
  intro:
    "Le bot n'a vu que les étoiles. Pour chaque joueur, il se pose deux questions : si ce joueur était le mortel, quelle carte prendrait-il pour le vrai rêve ? Et s'il était un dieu, qui prendrait-il pour le mortel ? Plus la barre est haute, plus la réponse est probable.",
  asMortal: "En mortel",
  asGod: "En dieu",
  mortalGroup: "{{name}} en mortel : la vision serait",
  godGroup: "{{name}} en dieu : le mortel serait",
  card: "Carte {{card}}",
  percent: "{{percent}} %",
  legendScale:
    "Chaque barre est une probabilité de 0 % (vide) à 100 % (pleine) ; son nombre est le pourcentage.",
  legendOther: "Bleu : les autres réponses.",
  legendBest: "Jaune : la réponse du bot, la plus probable.",
  loading: "Le bot réfléchit…",
  unavailable: "L'avis du bot sur cette manche n'est pas disponible.",
  step: "Après l'étoile {{step}} sur {{total}}",
  start: "Avant la première étoile",
  slider: "Étoiles comptées",
  turns: "Tour après tour",
  prior: "Avant le premier tour",
  afterTurn: "Après le tour {{turn}}",
};

const it: BeliefStrings = {
  heading: "Che cosa ha concluso il bot più forte",
  intro:
    "Il bot ha visto solo le stelle. Per ogni giocatore si fa due domande: se questo giocatore fosse il mortale, quale carta prenderebbe per il vero sogno? E se fosse un dio, chi prenderebbe per il mortale? Più alta è la barra, più probabile è la risposta.",
  asMortal: "Da mortale",
  asGod: "Da dio",
  mortalGroup: "{{name}} da mortale: la visione sarebbe",
  godGroup: "{{name}} da dio: il mortale sarebbe",
  card: "Carta {{card}}",
  percent: "{{percent}} %",
  legendScale: "Ogni barra è una probabilità da 0 % (vuota) a 100 % (piena); il suo numero è la percentuale.",
  legendOther: "Blu: le altre risposte.",
  legendBest: "Giallo: la risposta del bot, la più probabile.",
  loading: "Il bot ci pensa…",
  unavailable: "Il parere del bot su questo round non è disponibile.",
  step: "Dopo la stella {{step}} di {{total}}",
  start: "Prima della prima stella",
  slider: "Stelle contate",
  turns: "Turno per turno",
  prior: "Prima del primo turno",
  afterTurn: "Dopo il turno {{turn}}",
};

export const BELIEF_STRINGS: Record<string, BeliefStrings> = { en, de, fr, it };

/**
 * Adds the strings to each language whose catalogue i18next holds (deep-merged beside the platform's own
 * keys). Only those: a language's bundle must not exist before its catalogue is loaded, or the platform
 * would take it for loaded. Called on every render of the bars; a language loaded later gets its strings
 * at the render its change causes.
 */
export function ensureBeliefStrings(): void {
  if (!i18next.isInitialized) return;
  for (const [language, strings] of Object.entries(BELIEF_STRINGS)) {
    const bundle = i18next.getResourceBundle(language, "translation") as Record<string, unknown> | undefined;
    if (bundle && !bundle.beliefs)
      i18next.addResourceBundle(language, "translation", { beliefs: strings }, true, false);
  }
}
