import type { DreamersCatalogue } from "./en";

export const fr: DreamersCatalogue = {
  name: "Dreamers",
  round: "Manche {{round}} sur {{rounds}}",
  turn: "Tour {{turn}}",
  seatName: "Joueur {{n}}",
  you: "vous",
  identity: {
    dreamer: "Rêveur",
    master: "Maître des Cauchemars",
  },
  youAre: {
    dreamer: "Vous êtes un Rêveur.",
    master: "Vous êtes le Maître des Cauchemars.",
  },
  goal: {
    dreamer: "Ouvrez les trois portes. Si vous soupçonnez l'autre joueur, accusez-le avec le crâne.",
    master: "Gardez la troisième porte fermée sans vous trahir.",
  },
  yourIdentity: "Votre identité",
  notDealt: "Pas encore distribuée.",
  status: {
    chooseIdentity: "Vous avez été accusé à tort : choisissez votre identité.",
    choosingIdentity: "{{name}} choisit une identité…",
    dealing: "Les identités sont distribuées…",
    yourLead: "Vous menez : jouez une carte face cachée et annoncez-la.",
    yourPlay: "Jouez une carte face cachée.",
    choosingCard: "{{name}} choisit une carte…",
    yourModifier: "La somme est manquée : jouez un modificateur ou passez.",
    mayModify: "{{name}} peut jouer un modificateur…",
    yourClosingAccuse: "Accusez avec le crâne, ou terminez le tour.",
    yourClosing: "Terminez le tour.",
    closing: "{{name}} termine le tour…",
    ready: "La manche est finie. À vous quand vous êtes prêt.",
    waitingFor: "En attente de {{name}}…",
    over: "Partie terminée.",
  },
  card: {
    dream: "Carte Rêve {{value}}",
    dreamWith: "Carte Rêve {{value}} avec {{effect}}",
    skull: "le crâne",
    skullShort: "crâne",
    faceDown: "Une carte face cachée",
    faceDownShort: "face cachée",
    back: "dos de carte",
  },
  nightmare: {
    heading: "Cauchemar",
    target: "Somme à atteindre",
    value: "Cauchemar {{value}}",
    toReach: "La somme à atteindre : {{value}}",
    none: "Aucun Cauchemar révélé pour l'instant.",
  },
  gates: {
    heading: "Portes",
    open: "Porte {{n}} : ouverte",
    closed: "Porte {{n}} : fermée",
    openShort: "ouverte",
    closedShort: "fermée",
    summary: "{{open}} porte(s) ouverte(s) sur 3",
  },
  firstPlayer: "Premier joueur",
  firstPlayerIs: "{{name}} mène ce tour.",
  decks: "Pioche Rêve {{dreamDeck}} · défausse {{dreamDiscard}} · Cauchemars restants {{nightmareDeck}}",
  table: {
    heading: "Ce tour",
    cardOf: "Carte de {{name}}",
    yourCard: "Votre carte",
    yourCardInline: "votre carte",
    waiting: "en attente",
    declared: "Annonce : {{declaration}}",
    modifiedBy: "{{modifier}} posé dessus : {{value}}",
    sum: "Somme {{sum}}",
    exact: "Exactement le Cauchemar : une porte s'ouvre !",
    missed: "Cauchemar ({{n}}) manqué de {{diff}}.",
  },
  declaration: {
    close: "proche",
    between: "entre les deux",
    far: "loin",
  },
  actions: {
    heading: "À vous de jouer",
    playCard: "Jouer la carte Rêve {{card}}",
    pickCard: "Choisissez la carte à jouer face cachée.",
    declareHeading: "Puis annoncez votre {{value}} :",
    declare: "Annoncer « {{declaration}} »",
    honest: "honnête",
    honestHint: "Le mot honnête pour un {{value}} contre {{n}} est « {{declaration}} ». Vous pouvez mentir.",
    modifierHeading: "Rendre la somme exacte ?",
    modify: "Jouer {{modifier}} (de votre {{card}}) sur {{target}} : somme {{sum}}",
    targetYours: "votre {{value}}",
    targetTheirs: "le {{value}} de {{name}}",
    noModifier:
      "Aucune de vos cartes ne rend la somme exacte. On vous le demande quand même — comme à chacun, quelle que soit sa main — pour que passer ne dise rien de votre main à l'autre joueur.",
    pass: "Passer",
    accuse: "Accuser avec le crâne",
    accuseHint:
      "Vous êtes un Rêveur avec le crâne : accusez {{name}} d'être le Maître. Juste, vous marquez 2 ; faux, vous perdez 1.",
    endTurn: "Terminer le tour",
    chooseHeading:
      "Vous avez été accusé à tort à la manche précédente : choisissez votre identité pour celle-ci.",
    choose: {
      dreamer: "Choisir Rêveur",
      master: "Choisir Maître des Cauchemars",
    },
    ready: "Prêt pour la manche suivante",
    playAgain: "Rejouer",
    waitPlayAgain: "En attente que l'hôte lance une nouvelle partie…",
  },
  hand: {
    heading: "Votre main",
    empty: "Aucune carte en main.",
  },
  players: {
    heading: "Joueurs",
    yourMove: "à vous",
    score_one: "{{count}} point",
    score_other: "{{count}} points",
  },
  scoreboard: {
    heading: "Score",
    caption: "Points par manche, {{rounds}} manches",
    roundColumn: "Manche",
    total: "Total",
    tiebreak: "{{round}} (départage)",
  },
  history: {
    heading: "Tours de cette manche",
    none: "Aucun tour terminé pour l'instant.",
    led: "Tour {{turn}} : {{name}} a mené contre {{n}}, annonce « {{declaration}} ».",
    plays: "Cartes {{a}} et {{b}}.",
    modifier: "{{name}} a joué {{modifier}} sur {{target}}.",
    gate: "Somme {{sum}} : une porte s'est ouverte.",
    noGate: "Somme {{sum}} : pas de porte.",
  },
  end: {
    heading: "La manche {{round}} est finie",
    gates: "Les trois portes sont ouvertes.",
    accusation: "{{accuser}} a accusé {{accused}} avec le crâne.",
    exhausted:
      "Une main n'a pas pu être complétée : la manche se termine avec {{gates}} porte(s) ouverte(s) sur 3.",
    was: {
      dreamer: "{{name}} était un Rêveur.",
      master: "{{name}} était le Maître des Cauchemars.",
    },
    unused: {
      dreamer: "La carte identité inutilisée : un Rêveur.",
      master: "La carte identité inutilisée : le Maître des Cauchemars.",
    },
    identities: "Identités",
    scoring: "Points de la manche",
    player: "Joueur",
    points: "Points",
    total: "Total",
    reason: {
      dreamers_opened_gates: "deux Rêveurs ont ouvert les trois portes",
      dreamer_beat_master: "a ouvert les trois portes malgré le Maître",
      accused_master: "a démasqué le Maître",
      false_accusation: "a accusé un autre Rêveur",
      master_kept_gates: "en Maître, a gardé une porte fermée",
    },
    nothing: "rien",
    nobody: "Deux Rêveurs ont laissé une porte fermée : personne ne marque.",
    chooserNext: "{{name}} a été accusé à tort et choisira son identité à la prochaine manche.",
    verified: "Jeu loyal : les identités correspondent à l'empreinte publiée lors de la distribution.",
    notVerified:
      "Jeu loyal : les identités NE correspondent PAS à l'empreinte publiée lors de la distribution !",
  },
  over: {
    heading: "Partie terminée",
    ranking: "Classement final",
    winner_one: "{{name}} gagne avec {{count}} point !",
    winner_other: "{{name}} gagne avec {{count}} points !",
    tie_one: "Égalité : les deux gagnent avec {{count}} point !",
    tie_other: "Égalité : les deux gagnent avec {{count}} points !",
    tiebreak: "Les scores étaient à égalité après cinq manches : une sixième manche a été jouée.",
    place: "{{place}}. {{name}}",
  },
  announce: {
    roundStarted: "La manche {{round}} commence.",
    turnStarted: "Tour {{turn}} : le Cauchemar est {{n}}. {{name}} mène.",
    chose: "{{name}} a choisi une identité.",
    playedFirst: "{{name}} a joué une carte face cachée et annonce « {{declaration}} ».",
    playedSecond: "{{name}} a joué une carte face cachée.",
    turned: "Révélées : {{a}} et {{b}}, somme {{sum}}. Le Cauchemar est {{n}}.",
    modified: "{{name}} a joué {{modifier}} sur {{target}} : la somme est {{sum}}.",
    gate: "Une porte s'ouvre ! {{gates}} sur 3 ouvertes.",
    passed: "{{name}} passe.",
    accused: "{{name}} accuse {{accused}} avec le crâne !",
    turnEnded: "{{name}} termine le tour.",
    roundEnded: "La manche {{round}} est finie.",
    gameEnded: "La partie est terminée.",
  },
  beliefs: {
    heading: "Ce que le bot Rêveur en a conclu",
    intro:
      "Tour après tour, d'après les cartes que tous ont vues : si ce joueur avait été un Rêveur, à quel point le bot croirait que l'autre était le Maître des Cauchemars.",
    group: "{{name}}, en Rêveur : l'autre est le Maître des Cauchemars",
  },
  howto: {
    title: "Comment jouer à Dreamers",
    figures: {
      identities:
        "Les trois cartes d'identité : deux Rêveurs et un Maître des Cauchemars. À chaque manche, chaque joueur en reçoit une ; la troisième reste cachée.",
      turn: "Un tour : le Cauchemar demande 15. Les cartes retournées font 9 + 3 = 12 — c'est raté ; un +3 posé sur l'une des deux donne exactement 15, et une porte s'ouvre.",
      skull:
        "Le crâne : le 5 qui le porte. Mené par un Rêveur, il peut démasquer le Maître à la fin d'un tour.",
    },
    lead: "Un jeu à deux, en cinq manches. À chaque manche, vous êtes peut-être dans le même camp — ou pas.",
    sections: {
      idea: {
        heading: "Le principe",
        body: [
          "Au début de chaque manche, chaque joueur reçoit en secret une identité. Il y a trois cartes identité : deux Rêveurs et un Maître des Cauchemars. Une carte reste inutilisée : vous êtes donc tous deux Rêveurs une manche sur trois.",
          "Les Rêveurs veulent ouvrir trois portes ensemble. Le Maître fait semblant d'aider, mais veut qu'au moins une porte reste fermée.",
        ],
      },
      turn: {
        heading: "Un tour",
        body: [
          "Les deux joueurs complètent leur main à trois cartes Rêve (valeurs 1 à 10). Une carte Cauchemar est révélée : son nombre est la somme exacte à atteindre.",
          "Le premier joueur pose une carte face cachée et dit si sa valeur est proche du Cauchemar, loin, ou entre les deux — sincèrement ou non. L'autre joueur pose une carte face cachée sans rien dire. Les deux cartes sont révélées : si elles font exactement le Cauchemar, une porte s'ouvre.",
          "Si la somme est manquée, le premier joueur puis l'autre peuvent poser une carte de plus sur l'une des cartes révélées pour appliquer son modificateur (+1, +2, +3, −1, −2, −3 ou ×2) — seulement si la somme devient exacte. Cela ouvre aussi une porte. Ensuite, l'autre joueur mène le tour suivant.",
        ],
      },
      skull: {
        heading: "Le crâne",
        body: [
          "Une carte Rêve porte un crâne au lieu d'un modificateur. Un Rêveur qui mène le tour et la tient en main peut, à la fin du tour, accuser l'autre joueur d'être le Maître. La manche s'arrête aussitôt et les deux identités sont montrées.",
        ],
      },
      scoring: {
        heading: "Les points",
        body: [
          "Trois portes ouvertes par deux Rêveurs : 2 points chacun. Trois portes ouvertes par un Rêveur jouant avec le Maître : 3 points pour le Rêveur. Le Maître démasqué par le crâne : 2 points pour l'accusateur. Un Rêveur accusé à tort : l'accusateur perd 1 point, et l'accusé choisit son identité à la manche suivante. La manche se termine sans trois portes et sans accusation : 2 points pour le Maître, s'il y en avait un.",
          "Une manche se termine aussi quand la pioche Rêve ne peut plus compléter une main. Après cinq manches, le meilleur score gagne ; une égalité se départage par une sixième manche, et si l'égalité persiste, les deux gagnent.",
        ],
      },
      here: {
        heading: "Jouer ici",
        body: [
          "Votre identité, votre main et les cartes du tour sont écrites à l'écran : chaque carte se lit même sans son image. Pour mener, choisissez une carte puis appuyez sur l'une des trois annonces ; une étiquette indique le mot honnête. Quand la somme est manquée, seuls les modificateurs qui la rendent exacte sont proposés, avec la somme obtenue. Tout ce qui se passe est annoncé aux lecteurs d'écran, et le chat reste ouvert pendant toute la partie.",
        ],
      },
    },
  },
  guide: {
    identityDreamer: {
      title: "Vous êtes Rêveur",
      text: "Votre carte d'identité dit Rêveur. L'autre joueur est Rêveur aussi — ou le Maître des Cauchemars, qui veut garder les portes fermées. Vous ne voyez pas sa carte.",
    },
    identityMaster: {
      title: "Vous êtes le Maître des Cauchemars",
      text: "Votre carte d'identité dit Maître. Vous marquez si la manche finit sans 3 portes ouvertes et sans qu'on vous accuse : ayez l'air d'aider, et ratez.",
    },
    nightmare: {
      title: "Le Cauchemar : {{value}}",
      text: "La carte Cauchemar de ce tour montre {{value}}. Si les deux cartes Rêve jouées ce tour font exactement {{value}}, une porte s'ouvre. Trois portes ouvertes finissent la manche.",
    },
    declare: {
      title: "Jouer et annoncer",
      text: "Vous menez ce tour : jouez une carte Rêve face cachée et dites à quel point sa valeur est proche du Cauchemar — proche, loin ou entre les deux. Vous pouvez mentir ; rien ne le vérifie.",
    },
    answer: {
      title: "Répondre par une carte",
      text: "Jouez une carte Rêve face cachée. Les deux cartes sont ensuite retournées : si elles font exactement le Cauchemar, une porte s'ouvre.",
    },
    modifiers: {
      title: "Modificateurs",
      text: "La somme a manqué {{value}}. Une carte de votre main peut prêter son modificateur (+1, −2, ×2 …) à l'une des cartes en jeu — seulement si la somme devient exactement {{value}}. Jouez-en une, ou passez.",
    },
    noModifier: {
      title: "Modificateurs",
      text: "La somme a manqué {{value}}. Un modificateur (+1, −2, ×2 …) peut rattraper une somme, mais seulement s'il la rend exactement égale à {{value}} : aucune de vos cartes ne le peut, alors passez.",
    },
    accuse: {
      title: "Accuser avec le crâne",
      text: "Vous menez, vous êtes Rêveur et vous avez le crâne : si vous pensez que l'autre est le Maître, accusez maintenant. Juste : +2 pour vous et la manche finit. Faux : −1, et il choisira son identité la manche suivante. Ou terminez simplement le tour.",
    },
    roundEnd: {
      title: "La manche est finie",
      text: "Les deux identités et la carte inutilisée sont montrées. Des Rêveurs qui ouvrent 3 portes ensemble gagnent 2 chacun ; un Rêveur gagne 3 s'il les ouvre face au Maître, 2 s'il accuse le Maître ; le Maître gagne 2 si les portes restent fermées.",
    },
    finish: {
      title: "Vous connaissez le jeu",
      text: "C'est tout Dreamers : 5 manches, puis le meilleur score gagne. Continuez, ou partez quand vous voulez.",
    },
  },
  replay: {
    identity: "{{name}} : {{identity}}",
    unused: "Carte d’identité inutilisée : {{identity}}",
    faceDown: "Carte face cachée de {{name}} : {{value}} ({{effect}})",
    dreamer: "Rêveur",
    master: "Maître des Cauchemars",
    chose: "{{name}} a choisi d’être {{identity}}",
  },
};
