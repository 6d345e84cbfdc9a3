/**
 * High-Low's strings in English, the source catalogue (`t("highlow.…")`); the other languages have the
 * same keys (tsc checks it).
 */
export const en = {
  name: "High-Low",
  seatName: "Player {{n}}",
  youNamed: "{{name}} (you)",
  status: {
    choose: "Hide a number: the other player will try to guess it.",
    waitingChoice: "Waiting for {{name}} to hide a number…",
    yourGuess: "Your turn: guess the number {{name}} hid.",
    theirGuess: "{{name}} is guessing…",
    over: "The game is over.",
  },
  yourNumber: "Your hidden number: {{number}}",
  commitment: "Commitment to both numbers: {{hash}}",
  numberToHide: "Number to hide",
  numberToGuess: "Your guess",
  between: "from {{min}} to {{max}}",
  hide: "Hide number",
  guess: "Guess",
  guesses: "Guesses",
  noGuesses: "No guess yet.",
  answer: {
    higher: "{{name}} guessed {{number}}: higher",
    lower: "{{name}} guessed {{number}}: lower",
    hit: "{{name}} guessed {{number}}: hit!",
  },
  gameOver: "Game over",
  wins: "{{name}} wins!",
  hid: "{{name}} hid {{number}}.",
  commitmentVerified: "Both numbers match the commitment published before the first guess.",
  commitmentBroken: "The numbers do not match the commitment!",
  playAgain: "Play again",
  howto: {
    title: "How to play High-Low",
    steps: [
      "High-Low is a tiny game for two that exists to test Firmament; players never see it.",
      "Each player hides a whole number from 1 to 50. Once both have, a commitment to both numbers is shown.",
      "Then you take turns guessing the other's number. Each guess is answered in public: higher, lower or hit.",
      "The first hit wins. At the end both numbers are revealed and checked against the commitment.",
    ],
  },
};

export type HighLowCatalogue = typeof en;
