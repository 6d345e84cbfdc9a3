import type { GameLanguage, GameListing } from "../record";

/** Dreams as the landing, lobby and credits show it, in every language. */
export const listing: Record<GameLanguage, GameListing> = {
  en: {
    label: "Dreams (3–6 players)",
    blurb:
      "3–6 players. Gods place stars to point at the true dream among four pictures; one mortal among them bluffs along.",
    pitch: "in Dreams, everyone but one player knows which picture is the true dream",
    credit: "Dreams is a board game by Olivier Grégoire, published by Zoch Verlag in 2016.",
  },
  de: {
    label: "Dreams (3–6 Personen)",
    blurb:
      "3–6 Personen. Götter setzen Sterne, die auf den wahren Traum unter vier Bildern deuten; eine Sterbliche unter ihnen blufft mit.",
    pitch: "in Dreams wissen alle bis auf eine Person, welches Bild der wahre Traum ist",
    credit: "Dreams ist ein Brettspiel von Olivier Grégoire, erschienen 2016 bei Zoch Verlag.",
  },
  fr: {
    label: "Dreams (3 à 6 joueurs)",
    blurb:
      "3 à 6 joueurs. Les dieux posent des étoiles qui désignent le vrai rêve parmi quatre images ; un mortel parmi eux bluffe.",
    pitch: "dans Dreams, tous sauf un savent quelle image est le vrai rêve",
    credit: "Dreams est un jeu de société d'Olivier Grégoire, publié par Zoch Verlag en 2016.",
  },
  it: {
    label: "Dreams (3–6 giocatori)",
    blurb:
      "3–6 giocatori. Gli dèi posano stelle che indicano il vero sogno fra quattro immagini; un mortale fra loro bluffa.",
    pitch: "in Dreams tutti tranne uno sanno quale immagine è il vero sogno",
    credit: "Dreams è un gioco da tavolo di Olivier Grégoire, pubblicato da Zoch Verlag nel 2016.",
  },
};
