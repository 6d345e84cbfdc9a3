import type { HighLowCatalogue } from "./en";

export const de: HighLowCatalogue = {
  name: "High-Low",
  seatName: "Spieler {{n}}",
  youNamed: "{{name}} (du)",
  status: {
    choose: "Verstecke eine Zahl: die andere Person versucht, sie zu erraten.",
    waitingChoice: "Warte, bis {{name}} eine Zahl versteckt…",
    yourGuess: "Du bist dran: rate die Zahl, die {{name}} versteckt hat.",
    theirGuess: "{{name}} rät…",
    over: "Das Spiel ist vorbei.",
  },
  yourNumber: "Deine versteckte Zahl: {{number}}",
  commitment: "Festlegung auf beide Zahlen: {{hash}}",
  numberToHide: "Zahl zum Verstecken",
  numberToGuess: "Dein Tipp",
  between: "von {{min}} bis {{max}}",
  hide: "Zahl verstecken",
  guess: "Raten",
  guesses: "Tipps",
  noGuesses: "Noch kein Tipp.",
  answer: {
    higher: "{{name}} tippte {{number}}: höher",
    lower: "{{name}} tippte {{number}}: tiefer",
    hit: "{{name}} tippte {{number}}: Treffer!",
  },
  gameOver: "Spiel vorbei",
  wins: "{{name}} gewinnt!",
  hid: "{{name}} versteckte {{number}}.",
  commitmentVerified: "Beide Zahlen passen zur Festlegung, die vor dem ersten Tipp gezeigt wurde.",
  commitmentBroken: "Die Zahlen passen nicht zur Festlegung!",
  playAgain: "Noch einmal spielen",
  howto: {
    title: "So spielt man High-Low",
    steps: [
      "High-Low ist ein winziges Spiel für zwei, das nur zum Testen von Firmament da ist; Spielende sehen es nie.",
      "Jede Person versteckt eine ganze Zahl von 1 bis 50. Sobald beide das getan haben, wird eine Festlegung auf beide Zahlen gezeigt.",
      "Dann ratet ihr abwechselnd die Zahl des anderen. Jeder Tipp wird öffentlich beantwortet: höher, tiefer oder Treffer.",
      "Der erste Treffer gewinnt. Am Ende werden beide Zahlen aufgedeckt und mit der Festlegung verglichen.",
    ],
  },
};
