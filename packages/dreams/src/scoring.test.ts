import { describe, expect, it } from "vitest";
import { newGame, playRound, readyAll } from "../test/helpers";
import { leaders, scoreRound } from "./scoring";
import type { Colour, DreamsState, Guess, ImageNumber, RoundSecret } from "./types";

const FOUR: Colour[] = ["blue", "yellow", "green", "red"]; // George, Peter, Andrea, Nina

function secret(mortal: number, vision: ImageNumber): RoundSecret {
  return { round: 1, vision, mortal, salt: "00" };
}

describe("scoreRound", () => {
  it("scores the rulebook's example: George undetected, guessed the wrong image; only Nina unsuspected", () => {
    // George (blue) is the mortal and guessed 2; the vision is 3; the gods named Peter and Andrea only.
    const guesses: Guess[] = [{ image: 2 }, { colour: "green" }, { colour: "yellow" }, { colour: "yellow" }];
    const scoring = scoreRound(FOUR, secret(0, 3), guesses);
    expect(scoring.map((s) => s.points)).toEqual([3, 0, 0, 1]);
    expect(scoring[0]?.reasons).toEqual(["mortal_undetected"]);
    expect(scoring[3]?.reasons).toEqual(["god_unsuspected"]);
  });

  const cases: {
    name: string;
    colours: Colour[];
    mortal: number;
    vision: ImageNumber;
    guesses: Guess[];
    points: number[];
  }[] = [
    {
      name: "3 players, nobody suspects the mortal, mortal finds the vision",
      colours: ["red", "blue", "green"],
      mortal: 2,
      vision: 4,
      guesses: [{ colour: "blue" }, { colour: "red" }, { image: 4 }],
      points: [0, 0, 5],
    },
    {
      name: "3 players, both gods find the mortal, who misses the vision",
      colours: ["red", "blue", "green"],
      mortal: 0,
      vision: 1,
      guesses: [{ image: 2 }, { colour: "red" }, { colour: "red" }],
      points: [0, 3, 3],
    },
    {
      name: "4 players, every god suspected, nobody suspects the mortal",
      colours: ["red", "blue", "green", "yellow"],
      mortal: 1,
      vision: 2,
      guesses: [{ colour: "green" }, { image: 2 }, { colour: "yellow" }, { colour: "red" }],
      points: [0, 5, 0, 0],
    },
    {
      name: "4 players, one god right and unsuspected, the mortal finds the vision",
      colours: ["red", "blue", "green", "yellow"],
      mortal: 1,
      vision: 2,
      guesses: [{ colour: "blue" }, { image: 2 }, { colour: "yellow" }, { colour: "green" }],
      points: [3, 2, 0, 0],
    },
    {
      name: "6 players, mortal found by all five gods and finds the vision",
      colours: ["red", "blue", "green", "yellow", "purple", "white"],
      mortal: 5,
      vision: 3,
      guesses: [
        { colour: "white" },
        { colour: "white" },
        { colour: "white" },
        { colour: "white" },
        { colour: "white" },
        { image: 3 },
      ],
      points: [3, 3, 3, 3, 3, 2],
    },
    {
      name: "6 players, nobody found, gods spread suspicion over two gods",
      colours: ["red", "blue", "green", "yellow", "purple", "white"],
      mortal: 3,
      vision: 1,
      guesses: [
        { colour: "blue" },
        { colour: "red" },
        { colour: "red" },
        { image: 2 },
        { colour: "blue" },
        { colour: "red" },
      ],
      points: [0, 0, 1, 3, 1, 1],
    },
    {
      name: "5 players, one god right, the accused god gets nothing extra",
      colours: ["red", "blue", "green", "yellow", "purple"],
      mortal: 4,
      vision: 2,
      guesses: [
        { colour: "purple" },
        { colour: "green" },
        { colour: "blue" },
        { colour: "green" },
        { image: 2 },
      ],
      points: [3, 0, 0, 1, 2],
    },
  ];

  it.each(cases)("$name", ({ colours, mortal, vision, guesses, points }) => {
    expect(scoreRound(colours, secret(mortal, vision), guesses).map((s) => s.points)).toEqual(points);
  });
});

describe("leaders", () => {
  it("returns every seat tied for the top", () => {
    expect(leaders([16, 12, 16, 3])).toEqual([0, 2]);
    expect(leaders([5, 17, 16])).toEqual([1]);
  });
});

describe("the end of the game", () => {
  it("plays the rulebook's ending: the mortal reaches 16 with +2 while a god reaches 17 and wins alone", () => {
    let state = newGame(4, 3);
    const peter = state.round.mortal;
    const nina = (peter + 1) % 4;
    state = { ...state, scores: state.scores.map((_, s) => (s === peter ? 14 : s === nina ? 15 : 10)) };
    const end = playRound(state, (seat, s) => {
      if (seat === peter) return { image: s.round.vision };
      if (seat === nina) return { colour: s.colours[peter] as Colour };
      return { colour: s.colours[nina] as Colour }; // the others suspect Nina, not Peter
    });
    expect(end.scores[peter]).toBe(16);
    expect(end.scores[nina]).toBe(17);
    expect(end.phase).toBe("over");
    expect(end.winners).toEqual([nina]);
  });

  it("gives several winners on a tie", () => {
    let state = newGame(3, 5);
    const mortal = state.round.mortal;
    const [a, b] = [0, 1, 2].filter((s) => s !== mortal) as [number, number];
    state = { ...state, scores: state.scores.map((_, s) => (s === mortal ? 0 : 14)) };
    // Both gods find the mortal: +2 each, and each names the mortal so neither is suspected: +1 each.
    const end = playRound(state, (seat, s) =>
      seat === mortal ? { image: 1 } : { colour: s.colours[mortal] as Colour },
    );
    expect(end.scores[a]).toBe(17);
    expect(end.scores[b]).toBe(17);
    expect(end.winners).toEqual([a, b].sort());
  });

  /** Gods name each other (never the mortal); the mortal names `image`. */
  function undetected(state: DreamsState, image: (vision: ImageNumber) => ImageNumber) {
    const mortal = state.round.mortal;
    const gods = [0, 1, 2].filter((s) => s !== mortal);
    return (seat: number, s: DreamsState): Guess =>
      seat === mortal
        ? { image: image(s.round.vision) }
        : { colour: s.colours[gods.find((g) => g !== seat) as number] as Colour };
  }

  it("ends the game at the round where someone reaches exactly 16", () => {
    const start = newGame(3, 9);
    const mortal = start.round.mortal;
    const state = { ...start, scores: [0, 0, 0].map((_, s) => (s === mortal ? 11 : 0)) };
    const end = playRound(
      state,
      undetected(state, (v) => v),
    );
    expect(end.scores[mortal]).toBe(16);
    expect(end.phase).toBe("over");
    expect(end.winners).toEqual([mortal]);
  });

  it("goes on at 15: a new round once everyone is ready, dealt by the next seat", () => {
    const start = newGame(3, 9);
    const mortal = start.round.mortal;
    const state = { ...start, scores: [0, 0, 0].map((_, s) => (s === mortal ? 12 : 0)) };
    const revealed = playRound(
      state,
      undetected(state, (v) => (v === 1 ? 2 : 1)),
    );
    expect(revealed.scores[mortal]).toBe(15);
    expect(revealed.phase).toBe("reveal");
    const next = readyAll(revealed);
    expect(next.phase).toBe("placing");
    expect(next.round.number).toBe(2);
    expect(next.round.dealer).toBe((start.round.dealer + 1) % 3);
  });
});
