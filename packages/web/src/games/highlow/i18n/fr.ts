import type { HighLowCatalogue } from "./en";

export const fr: HighLowCatalogue = {
  name: "High-Low",
  seatName: "Joueur {{n}}",
  youNamed: "{{name}} (vous)",
  status: {
    choose: "Cachez un nombre : l'autre joueur va essayer de le deviner.",
    waitingChoice: "En attente que {{name}} cache un nombre…",
    yourGuess: "À vous : devinez le nombre caché par {{name}}.",
    theirGuess: "{{name}} devine…",
    over: "La partie est terminée.",
  },
  yourNumber: "Votre nombre caché : {{number}}",
  commitment: "Engagement sur les deux nombres : {{hash}}",
  numberToHide: "Nombre à cacher",
  numberToGuess: "Votre proposition",
  between: "de {{min}} à {{max}}",
  hide: "Cacher le nombre",
  guess: "Deviner",
  guesses: "Propositions",
  noGuesses: "Aucune proposition pour l'instant.",
  answer: {
    higher: "{{name}} a proposé {{number}} : plus haut",
    lower: "{{name}} a proposé {{number}} : plus bas",
    hit: "{{name}} a proposé {{number}} : touché !",
  },
  gameOver: "Partie terminée",
  wins: "{{name}} gagne !",
  hid: "{{name}} avait caché {{number}}.",
  commitmentVerified: "Les deux nombres correspondent à l'engagement publié avant la première proposition.",
  commitmentBroken: "Les nombres ne correspondent pas à l'engagement !",
  playAgain: "Rejouer",
  howto: {
    title: "Comment jouer à High-Low",
    steps: [
      "High-Low est un tout petit jeu à deux qui sert à tester Firmament ; les joueurs ne le voient jamais.",
      "Chaque joueur cache un nombre entier de 1 à 50. Quand les deux l'ont fait, un engagement sur les deux nombres est affiché.",
      "Ensuite, vous devinez à tour de rôle le nombre de l'autre. Chaque proposition reçoit une réponse publique : plus haut, plus bas ou touché.",
      "Le premier qui touche gagne. À la fin, les deux nombres sont révélés et comparés à l'engagement.",
    ],
  },
};
