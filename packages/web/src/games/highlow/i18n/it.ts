import type { HighLowCatalogue } from "./en";

export const it: HighLowCatalogue = {
  name: "High-Low",
  seatName: "Giocatore {{n}}",
  youNamed: "{{name}} (tu)",
  status: {
    choose: "Nascondi un numero: l'altro giocatore proverà a indovinarlo.",
    waitingChoice: "In attesa che {{name}} nasconda un numero…",
    yourGuess: "Tocca a te: indovina il numero nascosto da {{name}}.",
    theirGuess: "{{name}} sta indovinando…",
    over: "La partita è finita.",
  },
  yourNumber: "Il tuo numero nascosto: {{number}}",
  commitment: "Impegno su entrambi i numeri: {{hash}}",
  numberToHide: "Numero da nascondere",
  numberToGuess: "Il tuo tentativo",
  between: "da {{min}} a {{max}}",
  hide: "Nascondi il numero",
  guess: "Indovina",
  guesses: "Tentativi",
  noGuesses: "Ancora nessun tentativo.",
  answer: {
    higher: "{{name}} ha detto {{number}}: più alto",
    lower: "{{name}} ha detto {{number}}: più basso",
    hit: "{{name}} ha detto {{number}}: colpito!",
  },
  gameOver: "Partita finita",
  wins: "{{name}} vince!",
  hid: "{{name}} aveva nascosto {{number}}.",
  commitmentVerified: "Entrambi i numeri corrispondono all'impegno pubblicato prima del primo tentativo.",
  commitmentBroken: "I numeri non corrispondono all'impegno!",
  playAgain: "Gioca ancora",
  howto: {
    title: "Come si gioca a High-Low",
    steps: [
      "High-Low è un piccolissimo gioco per due che serve a provare Firmament; i giocatori non lo vedono mai.",
      "Ogni giocatore nasconde un numero intero da 1 a 50. Quando entrambi l'hanno fatto, viene mostrato un impegno su entrambi i numeri.",
      "Poi indovinate a turno il numero dell'altro. Ogni tentativo riceve una risposta pubblica: più alto, più basso o colpito.",
      "Vince il primo che colpisce. Alla fine entrambi i numeri vengono svelati e confrontati con l'impegno.",
    ],
  },
};
