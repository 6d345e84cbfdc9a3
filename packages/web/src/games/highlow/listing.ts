import type { GameLanguage, GameListing } from "../record";

/** High-Low as the create form names it (offered only by a server hosting the fixture). */
export const listing: Record<GameLanguage, GameListing> = {
  en: {
    label: "High-Low (2 players, test game)",
    blurb:
      "2 players. Hide a number from 1 to 50, then take turns guessing the other's: higher, lower or hit.",
    pitch: "in High-Low, two players guess each other's hidden number",
  },
  de: {
    label: "High-Low (2 Personen, Testspiel)",
    blurb:
      "2 Personen. Versteckt eine Zahl von 1 bis 50 und ratet abwechselnd die des anderen: höher, tiefer oder Treffer.",
    pitch: "in High-Low raten zwei die versteckte Zahl des anderen",
  },
  fr: {
    label: "High-Low (2 joueurs, jeu de test)",
    blurb:
      "2 joueurs. Cachez un nombre de 1 à 50, puis devinez à tour de rôle celui de l'autre : plus haut, plus bas ou touché.",
    pitch: "dans High-Low, deux joueurs devinent le nombre caché de l'autre",
  },
  it: {
    label: "High-Low (2 giocatori, gioco di prova)",
    blurb:
      "2 giocatori. Nascondete un numero da 1 a 50, poi indovinate a turno quello dell'altro: più alto, più basso o colpito.",
    pitch: "in High-Low due giocatori indovinano il numero nascosto dell'altro",
  },
};
