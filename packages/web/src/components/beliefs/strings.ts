import i18next from "i18next";

/** The belief bars' strings, bundled in all four languages (they are few). */
const en = {
  heading: "What the strongest bot concluded",
  intro:
    "From the stars alone, for every seat: had it been the mortal, which card it would take for the vision; had it been a god (knowing the vision), whom it would take for the mortal.",
  asMortal: "As mortal",
  asGod: "As god",
  mortalGroup: "{{name}} as mortal: the vision would be",
  godGroup: "{{name}} as god: the mortal would be",
  card: "Card {{card}}",
  percent: "{{percent}} %",
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
    "Nur aus den Sternen, für jeden Platz: Wäre er der Sterbliche gewesen, welche Karte er für die Vision hielte; wäre er ein Gott gewesen (der die Vision kennt), wen er für den Sterblichen hielte.",
  asMortal: "Als Sterblicher",
  asGod: "Als Gott",
  mortalGroup: "{{name}} als Sterblicher: die Vision wäre",
  godGroup: "{{name}} als Gott: der Sterbliche wäre",
  card: "Karte {{card}}",
  percent: "{{percent}} %",
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
    "D'après les seules étoiles, pour chaque place : si elle avait été le mortel, quelle carte il prendrait pour la vision ; si elle avait été un dieu (connaissant la vision), qui il prendrait pour le mortel.",
  asMortal: "En mortel",
  asGod: "En dieu",
  mortalGroup: "{{name}} en mortel : la vision serait",
  godGroup: "{{name}} en dieu : le mortel serait",
  card: "Carte {{card}}",
  percent: "{{percent}} %",
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
    "Dalle sole stelle, per ogni posto: se fosse stato il mortale, quale carta prenderebbe per la visione; se fosse stato un dio (che conosce la visione), chi prenderebbe per il mortale.",
  asMortal: "Da mortale",
  asGod: "Da dio",
  mortalGroup: "{{name}} da mortale: la visione sarebbe",
  godGroup: "{{name}} da dio: il mortale sarebbe",
  card: "Carta {{card}}",
  percent: "{{percent}} %",
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
