import type { GameLanguage, GameListing } from "../record";

/** Dreamers as the landing, lobby and credits show it, in every language. */
export const listing: Record<GameLanguage, GameListing> = {
  en: {
    label: "Dreamers (2 players)",
    blurb:
      "2 players. Open three gates together by matching each Nightmare exactly — unless one of you is secretly the Master of Nightmares.",
    pitch:
      "in Dreamers, two players open the gates of sleep together — unless one of them serves the nightmares",
    credit: "Dreamers is a card game by Yössef Fårhi, published by Alone Editions in 2022.",
  },
  de: {
    label: "Dreamers (2 Personen)",
    blurb:
      "2 Personen. Öffnet gemeinsam drei Tore, indem ihr jeden Albtraum genau trefft – es sei denn, eine von euch ist heimlich der Herr der Albträume.",
    pitch:
      "in Dreamers öffnen zwei gemeinsam die Tore des Schlafs – es sei denn, eine von beiden dient den Albträumen",
    credit: "Dreamers ist ein Kartenspiel von Yössef Fårhi, erschienen 2022 bei Alone Editions.",
  },
  fr: {
    label: "Dreamers (2 joueurs)",
    blurb:
      "2 joueurs. Ouvrez ensemble trois portes en atteignant chaque Cauchemar exactement — sauf si l'un de vous est en secret le Maître des Cauchemars.",
    pitch:
      "dans Dreamers, deux joueurs ouvrent ensemble les portes du sommeil — sauf si l'un d'eux sert les cauchemars",
    credit: "Dreamers est un jeu de cartes de Yössef Fårhi, publié par Alone Editions en 2022.",
  },
  it: {
    label: "Dreamers (2 giocatori)",
    blurb:
      "2 giocatori. Aprite insieme tre porte raggiungendo esattamente ogni Incubo — a meno che uno di voi sia in segreto il Signore degli Incubi.",
    pitch:
      "in Dreamers due giocatori aprono insieme le porte del sonno — a meno che uno dei due serva gli incubi",
    credit: "Dreamers è un gioco di carte di Yössef Fårhi, pubblicato da Alone Editions nel 2022.",
  },
};
