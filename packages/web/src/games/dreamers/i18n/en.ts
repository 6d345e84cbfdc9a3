/**
 * Dreamers' strings in English, the source catalogue: loaded into i18next under the `dreamers` key, so
 * components read them as `t("dreamers.…")`. Every other language has exactly the same keys (tsc and
 * catalogues.test.ts check it).
 */
export const en = {
  name: "Dreamers",
  round: "Round {{round}} of {{rounds}}",
  turn: "Turn {{turn}}",
  seatName: "Player {{n}}",
  you: "you",
  identity: {
    dreamer: "Dreamer",
    master: "Master of Nightmares",
  },
  youAre: {
    dreamer: "You are a Dreamer.",
    master: "You are the Master of Nightmares.",
  },
  goal: {
    dreamer: "Open the three gates. If you suspect the other player, accuse them with the skull.",
    master: "Keep the third gate closed without giving yourself away.",
  },
  yourIdentity: "Your identity",
  notDealt: "Not dealt yet.",
  status: {
    chooseIdentity: "You were wrongly accused: choose your identity.",
    choosingIdentity: "{{name}} is choosing an identity…",
    dealing: "The identities are being dealt…",
    yourLead: "Your lead: play a card face down and declare it.",
    yourPlay: "Play a card face down.",
    choosingCard: "{{name}} is choosing a card…",
    yourModifier: "The sum missed: play a modifier or pass.",
    mayModify: "{{name}} may play a modifier…",
    yourClosingAccuse: "Accuse with the skull, or end the turn.",
    yourClosing: "End the turn.",
    closing: "{{name}} is ending the turn…",
    ready: "The round is over. Ready when you are.",
    roundOver: "The round is over.",
    waitingFor: "Waiting for {{name}}…",
    over: "Game over.",
  },
  card: {
    dream: "Dream card {{value}}",
    dreamWith: "Dream card {{value}} with {{effect}}",
    skull: "the skull",
    skullShort: "skull",
    faceDown: "A card face down",
    faceDownShort: "face down",
    back: "card back",
  },
  nightmare: {
    heading: "Nightmare",
    target: "Sum to reach",
    value: "Nightmare {{value}}",
    toReach: "The sum to reach: {{value}}",
    none: "No Nightmare turned up yet.",
  },
  gates: {
    heading: "Gates",
    open: "Gate {{n}}: open",
    closed: "Gate {{n}}: closed",
    openShort: "open",
    closedShort: "closed",
    summary: "{{open}} of 3 gates open",
  },
  firstPlayer: "First player",
  firstPlayerIs: "{{name}} leads this turn.",
  decks: "Dream deck {{dreamDeck}} · discards {{dreamDiscard}} · Nightmares left {{nightmareDeck}}",
  table: {
    heading: "This turn",
    cardOf: "{{name}}'s card",
    yourCard: "Your card",
    yourCardInline: "your card",
    waiting: "waiting",
    declared: "Declared: {{declaration}}",
    modifiedBy: "{{modifier}} played on it: {{value}}",
    sum: "Sum {{sum}}",
    exact: "Exactly the Nightmare: a gate opens!",
    missed: "Missed the Nightmare ({{n}}) by\u00a0{{diff}}.",
  },
  declaration: {
    close: "close",
    between: "between",
    far: "far",
  },
  actions: {
    heading: "Your move",
    playCard: "Play Dream card {{card}}",
    pickCard: "Pick the card to play face down.",
    declareHeading: "Then declare your {{value}}:",
    declare: "Declare {{declaration}}",
    honest: "honest",
    honestHint: "The honest word for a {{value}} against {{n}} is “{{declaration}}”. You may lie.",
    modifierHeading: "Make the sum exact?",
    modify: "Play {{modifier}} (from your {{card}}) on {{target}}: sum {{sum}}",
    targetYours: "your {{value}}",
    targetTheirs: "{{name}}'s {{value}}",
    noModifier:
      "None of your cards makes the sum exact. You are asked anyway — every player is, whatever they hold — so that passing tells the other player nothing about your hand.",
    pass: "Pass",
    accuse: "Accuse with the skull",
    accuseHint:
      "You are a Dreamer with the skull: accuse {{name}} of being the Master. Right, you score 2; wrong, you lose 1.",
    endTurn: "End turn",
    chooseHeading: "You were wrongly accused last round: pick your identity for this one.",
    choose: {
      dreamer: "Choose Dreamer",
      master: "Choose Master of Nightmares",
    },
    ready: "Ready for the next round",
    playAgain: "Play again",
    waitPlayAgain: "Waiting for the host to start another game…",
  },
  hand: {
    heading: "Your hand",
    empty: "No cards in hand.",
  },
  shortcuts: {
    region_hand: "Your hand and your next move",
    region_table: "This turn: the Nightmare, both cards, the gates",
    region_players: "Players",
    region_score: "Score",
    region_turns: "Turns this round",
    region_chat: "Chat",
    movesHeading: "Making your moves",
    tab: "Go to the next or the previous control",
    press: "Press the focused button",
    afterMove: "After each move the focus waits where your next decision will be.",
  },
  players: {
    heading: "Players",
    yourMove: "your move",
    score_one: "{{count}} point",
    score_other: "{{count}} points",
  },
  scoreboard: {
    heading: "Score",
    caption: "Points per round, {{rounds}} rounds",
    roundColumn: "Round",
    total: "Total",
    tiebreak: "{{round}} (tiebreak)",
  },
  history: {
    heading: "Turns this round",
    none: "No turn finished yet.",
    led: "Turn {{turn}}: {{name}} led against {{n}}, declared “{{declaration}}”.",
    plays: "Cards {{a}} and {{b}}.",
    modifier: "{{name}} played {{modifier}} on {{target}}.",
    gate: "Sum {{sum}}: a gate opened.",
    noGate: "Sum {{sum}}: no gate.",
  },
  end: {
    heading: "Round {{round}} is over",
    gates: "All three gates are open.",
    accusation: "{{accuser}} accused {{accused}} with the skull.",
    exhausted: "A hand could not be refilled: the round ends with {{gates}} of 3 gates open.",
    was: {
      dreamer: "{{name}} was a Dreamer.",
      master: "{{name}} was the Master of Nightmares.",
    },
    unused: {
      dreamer: "The unused identity card: a Dreamer.",
      master: "The unused identity card: the Master of Nightmares.",
    },
    identities: "Identities",
    scoring: "Points this round",
    player: "Player",
    points: "Points",
    total: "Total",
    reason: {
      dreamers_opened_gates: "two Dreamers opened all three gates",
      dreamer_beat_master: "opened all three gates despite the Master",
      accused_master: "unmasked the Master",
      false_accusation: "accused a fellow Dreamer",
      master_kept_gates: "as the Master, kept a gate closed",
    },
    nothing: "nothing",
    nobody: "Two Dreamers left a gate closed: nobody scores.",
    chooserNext: "{{name}} was wrongly accused and picks their identity next round.",
    verified: "Fair play: the identities match the fingerprint published when they were dealt.",
    notVerified: "Fair play: the identities do NOT match the fingerprint published when they were dealt!",
  },
  over: {
    heading: "Game over",
    ranking: "Final ranking",
    winner_one: "{{name}} wins with {{count}} point!",
    winner_other: "{{name}} wins with {{count}} points!",
    tie_one: "A tie: both win with {{count}} point!",
    tie_other: "A tie: both win with {{count}} points!",
    tiebreak: "The scores were tied after five rounds, so a sixth round was played.",
    place: "{{place}}. {{name}}",
  },
  announce: {
    roundStarted: "Round {{round}} begins.",
    turnStarted: "Turn {{turn}}: the Nightmare is {{n}}. {{name}} leads.",
    chose: "{{name}} has chosen an identity.",
    playedFirst: "{{name}} played a card face down and declares “{{declaration}}”.",
    playedSecond: "{{name}} played a card face down.",
    turned: "Turned up: {{a}} and {{b}}, sum {{sum}}. The Nightmare is {{n}}.",
    modified: "{{name}} played {{modifier}} on {{target}}: the sum is {{sum}}.",
    gate: "A gate opens! {{gates}} of 3 open.",
    passed: "{{name}} passes.",
    accused: "{{name}} accuses {{accused}} with the skull!",
    turnEnded: "{{name}} ends the turn.",
    roundEnded: "Round {{round}} is over.",
    gameEnded: "The game is over.",
  },
  beliefs: {
    heading: "What the Dreamer bot concluded",
    intro:
      "After each turn, from the cards everyone saw: if this player were a Dreamer, how sure would the bot be that the other player is the Master of Nightmares?",
    group: "{{name}}, if a Dreamer: the other is the Master of Nightmares",
    latest: "Yellow: the last turn shown, the bot's latest belief.",
  },
  howto: {
    title: "How to play Dreamers",
    figures: {
      identities:
        "The three identity cards: two Dreamers and one Master of Nightmares. Each round deals one to each player; the third stays hidden.",
      turn: "A turn: the Nightmare asks for 15. The turned-up cards make 9 + 3 = 12 — a miss; a +3 laid on either card makes it exactly 15, and a gate opens.",
      skull:
        "The skull: the 5 that carries it. Led by a Dreamer, it can unmask the Master at the end of a turn.",
    },
    lead: "A game for two, played in five rounds. Each round, you and the other player may be on the same side — or not.",
    sections: {
      idea: {
        heading: "The idea",
        body: [
          "At the start of every round each player secretly gets an identity. There are three identity cards: two Dreamers and one Master of Nightmares. One card stays unused, so you are both Dreamers one round in three.",
          "Dreamers want to open three gates together. The Master pretends to help, but wants at least one gate to stay shut.",
        ],
      },
      turn: {
        heading: "A turn",
        body: [
          "Both players refill their hands to three Dream cards (values 1 to 10). A Nightmare card is turned up: its number is the exact sum to reach.",
          "The first player plays a card face down and says whether its value is close to the Nightmare, far from it, or in between — truthfully or not. The second player plays a card face down without a word. Both cards are turned up: if they add up to exactly the Nightmare, a gate opens.",
          "If the sum misses, the first player and then the second may lay one more card on either face-up card to apply its modifier (+1, +2, +3, −1, −2, −3 or ×2) — but only if that makes the sum exact. That opens a gate too. Then the other player leads the next turn.",
        ],
      },
      skull: {
        heading: "The skull",
        body: [
          "One Dream card carries a skull instead of a modifier. A Dreamer who leads the turn and holds it may, at the end of the turn, accuse the other player of being the Master. The round ends at once and both identities are shown.",
        ],
      },
      scoring: {
        heading: "Points",
        body: [
          "Three gates opened by two Dreamers: 2 points each. Three gates opened by a Dreamer playing with the Master: 3 points for the Dreamer. The Master is unmasked by the skull: 2 points for the accuser. A Dreamer accused wrongly: the accuser loses 1 point, and the wrongly accused picks their identity next round. The round ends without three gates and without an accusation: 2 points for the Master, if there was one.",
          "A round also ends when the Dream deck can no longer refill a hand. After five rounds the higher score wins; a tie is broken by a sixth round, and if that still ties, both win.",
        ],
      },
      here: {
        heading: "Playing here",
        body: [
          "Your identity, your hand and the turn's cards are on screen as text, so every card can be read without its picture. To lead, pick a card, then press one of the three declarations; a tag shows the honest word. When the sum misses, only the modifiers that make it exact are offered, with the sum they give. Everything that happens is announced to screen readers, and the chat is open throughout.",
          "At the table, press ? for its keyboard shortcuts (H for your hand, C for the chat …). After each move the focus waits where your next decision will be.",
        ],
      },
    },
  },
  guide: {
    identityDreamer: {
      title: "You are a Dreamer",
      text: "Your identity card says Dreamer. The other player is a Dreamer too — or the Master of Nightmares, who wants the gates to stay shut. You cannot see their card.",
    },
    identityMaster: {
      title: "You are the Master of Nightmares",
      text: "Your identity card says Master. You score if the round ends without 3 open gates and without you being accused: look helpful, and miss.",
    },
    nightmare: {
      title: "The Nightmare: {{value}}",
      text: "This turn's Nightmare card shows {{value}}. If the two Dream cards played this turn add up to exactly {{value}}, a gate opens. Three open gates end the round.",
    },
    declare: {
      title: "Play and declare",
      text: "You lead this turn: play a Dream card face down and say how near its value is to the Nightmare — close, far or between. You may lie; nothing checks it.",
    },
    answer: {
      title: "Answer with a card",
      text: "Play a Dream card face down. Both cards are then turned up: if they add up to exactly the Nightmare, a gate opens.",
    },
    modifiers: {
      title: "Modifiers",
      text: "The sum missed {{value}}. A card in your hand can lend its modifier (+1, −2, ×2 …) to either card on the table — only if that makes the sum exactly {{value}}. Play one, or pass.",
    },
    noModifier: {
      title: "Modifiers",
      text: "The sum missed {{value}}. A card's modifier (+1, −2, ×2 …) may fix a sum, but only if it makes it exactly {{value}}: none of yours does now, so pass.",
    },
    accuse: {
      title: "Accuse with the skull",
      text: "You lead, you are a Dreamer and you hold the skull: if you think the other player is the Master, accuse now. Right: +2 for you and the round ends. Wrong: −1, and they choose their identity next round. Or just end the turn.",
    },
    roundEnd: {
      title: "The round is over",
      text: "Both identities and the unused card are shown. Dreamers who open 3 gates together get 2 each; a Dreamer gets 3 for opening them against the Master, 2 for accusing the Master; the Master gets 2 if the gates stay shut.",
    },
    finish: {
      title: "You know the game",
      text: "That is all of Dreamers: 5 rounds, then the higher score wins. Play on, or leave whenever you like.",
    },
  },
  replay: {
    identity: "{{name}}: {{identity}}",
    unused: "Unused identity card: {{identity}}",
    faceDown: "{{name}}'s face-down card: {{value}} ({{effect}})",
    dreamer: "Dreamer",
    master: "Master of Nightmares",
    chose: "{{name}} chose to be {{identity}}",
  },
} as const;

type Strings<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends readonly string[]
      ? readonly string[]
      : Strings<T[K]>;
};
export type DreamersCatalogue = Strings<typeof en>;
