import {
  apply,
  createGame,
  type DreamersAction,
  type DreamersPublicEvent,
  type DreamersState,
  type DreamersView,
  dreamCard,
  mulberry32,
  randomLegalAction,
  type Seat,
  testSeed,
  view,
  viewEvent,
} from "@firmament/dreamers";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "./i18n/en";
import {
  activity,
  announcements,
  cardName,
  chooserAfter,
  effectText,
  pointsByRound,
  ranking,
  type Translate,
} from "./text";

const NAMES = ["Ada", "Bruno"];
const nameOf = (seat: Seat) => NAMES[seat] ?? "?";
let t: Translate;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "en",
    resources: { en: { translation: { dreamers: en } } },
    interpolation: { escapeValue: false },
  });
  t = (key, options) => i18n.t(key, options ?? {}) as string;
});

interface Step {
  before: DreamersState;
  action: DreamersAction;
  after: DreamersState;
  events: ReturnType<typeof viewEvent>[][];
}

/** A whole random game (seeded), each step with the events as both seats see them. */
function playGame(seed: number): Step[] {
  const random = mulberry32(seed);
  const made = createGame({}, testSeed(random));
  if (!made.ok) throw new Error(made.error.message);
  let state = made.value;
  const steps: Step[] = [];
  for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(result.error.message);
    const events = [0, 1].map((seat) => result.value.events.map((e) => viewEvent(e, seat)));
    steps.push({ before: state, action, after: result.value.state, events });
    state = result.value.state;
  }
  return steps;
}

describe("card words", () => {
  it("prints modifiers with real minus and times signs, and names the skull", () => {
    expect(effectText("+3", t)).toBe("+3");
    expect(effectText("-2", t)).toBe("−2");
    expect(effectText("x2", t)).toBe("×2");
    expect(effectText("skull", t)).toBe("the skull");
  });

  it("tells the two cards of one value apart by their effect", () => {
    const a = dreamCard("dream-7a");
    const b = dreamCard("dream-7b");
    if (!a || !b) throw new Error("deck changed");
    expect(cardName(a, t)).toBe("Dream card 7 with −2");
    expect(cardName(b, t)).toBe("Dream card 7 with +3");
    const skull = dreamCard("dream-5a");
    if (!skull) throw new Error("deck changed");
    expect(cardName(skull, t)).toBe("Dream card 5 with the skull");
  });
});

describe("announcements", () => {
  const steps = [1, 2, 3].flatMap(playGame);

  it("read every turn-up with both values, the sum and the Nightmare, to both players", () => {
    let turned = 0;
    for (const step of steps)
      step.events.forEach((events, seat) => {
        const turnUp = events.find((e) => e.type === "cards_turned");
        if (turnUp?.type !== "cards_turned") return;
        turned++;
        const [a, b] = turnUp.cards.map((id) => dreamCard(id)?.value);
        const n = step.before.round.nightmare ? Number(/\d+/.exec(step.before.round.nightmare)?.[0]) : NaN;
        const lines = announcements(events, view(step.after, seat), nameOf, t);
        expect(lines).toContain(`Turned up: ${a} and ${b}, sum ${turnUp.sum}. The Nightmare is ${n}.`);
      });
    expect(turned).toBeGreaterThan(50);
  });

  it("announce every gate opening with the count, and never leave a placeholder", () => {
    let gates = 0;
    for (const step of steps)
      step.events.forEach((events, seat) => {
        const lines = announcements(events, view(step.after, seat), nameOf, t);
        for (const line of lines) expect(line).not.toMatch(/\{\{|undefined|NaN/);
        for (const event of events)
          if (event.type === "gate_opened") {
            gates++;
            expect(lines).toContain(`A gate opens! ${event.gates} of 3 open.`);
          }
      });
    expect(gates).toBeGreaterThan(10);
  });

  it("tell the other player's moves, not the viewer's own", () => {
    for (const step of steps) {
      const actor = step.action.seat;
      const watcher = actor === 0 ? 1 : 0;
      if (step.action.type === "pass") {
        expect(announcements(step.events[watcher] ?? [], view(step.after, watcher), nameOf, t)).toContain(
          `${nameOf(actor)} passes.`,
        );
        expect(announcements(step.events[actor] ?? [], view(step.after, actor), nameOf, t)).not.toContain(
          `${nameOf(actor)} passes.`,
        );
      }
      if (step.action.type === "play_dream" && step.action.declaration) {
        const line = `${nameOf(actor)} played a card face down and declares “${step.action.declaration}”.`;
        expect(announcements(step.events[watcher] ?? [], view(step.after, watcher), nameOf, t)).toContain(
          line,
        );
      }
    }
  });

  it("name a modifier's target by the turn it was played in, even when the push also starts the next", () => {
    const base = view(playGame(4)[0]?.after as DreamersState, 0);
    const record = {
      turn: 2,
      first: 1 as Seat,
      nightmare: { id: "nightmare-12", value: 12 },
      declaration: "close" as const,
      plays: [dreamCard("dream-7b"), dreamCard("dream-3a")] as [never, never],
      modifier: null,
      sum: 12,
      gateOpened: true,
    };
    const events: DreamersPublicEvent[] = [
      { type: "modifier_played", seat: 0, card: "dream-2a", target: "first", sum: 12 },
      { type: "gate_opened", gates: 2 },
      { type: "turn_ended", record },
      {
        type: "turn_started",
        turn: 3,
        first: 0,
        drawn: [1, 1],
        reshuffled: false,
        nightmare: "nightmare-9",
      },
    ];
    // After the push seat 0 leads; the modifier went onto the card of turn 2's leader, seat 1.
    const lines = announcements(events, { ...base, first: 0 } as DreamersView, nameOf, t);
    expect(lines).toContain("Ada played +1 on Bruno's card: the sum is 12.");
    expect(lines).toContain("Turn 3: the Nightmare is 9. Ada leads.");
  });
});

describe("the prompt", () => {
  const steps = [5, 6].flatMap(playGame);

  it("says what the viewer must do, or what the other player is doing, in every state", () => {
    for (const { after } of steps)
      for (const seat of [0, 1] as Seat[]) {
        const mine = view(after, seat);
        const text = activity(mine, nameOf, t, false);
        expect(text).not.toMatch(/\{\{|undefined/);
        const others = mine.awaiting.filter((s) => s !== seat);
        if (others.length > 0 && !mine.awaiting.includes(seat) && mine.phase !== "over")
          expect(text).toContain(nameOf(others[0] as Seat));
      }
  });

  it("in a replay waits for nobody: a round's end is only that", () => {
    const ends = steps.filter(({ after }) => after.phase === "round_over");
    expect(ends.length).toBeGreaterThan(0);
    for (const { after } of ends) {
      const watched = view(after, "spectator");
      expect(activity(watched, nameOf, t, false, false)).toBe("The round is over.");
      expect(activity(watched, nameOf, t, false)).toMatch(/^Waiting for |^The round is over\. Ready/);
    }
  });

  it("shows a waiting player the same words whatever the other one holds", () => {
    for (const { after } of steps) {
      if (after.phase !== "closing") continue;
      const watcher: Seat = after.round.first === 0 ? 1 : 0;
      expect(activity(view(after, watcher), nameOf, t, false)).toBe(
        `${nameOf(after.round.first)} is ending the turn…`,
      );
    }
  });
});

describe("scores", () => {
  it("ranks the higher score first and lets a tie share first place", () => {
    expect(ranking([3, 5])).toEqual([
      { seat: 1, place: 1, score: 5 },
      { seat: 0, place: 2, score: 3 },
    ]);
    expect(ranking([-1, -1]).map((r) => r.place)).toEqual([1, 1]);
  });

  it("fills in each finished round's points and leaves the rest empty", () => {
    const steps = playGame(7);
    const mid = steps.find((s) => s.after.results.length === 2 && s.after.phase !== "round_over");
    if (!mid) throw new Error("the game never reached round 3");
    const rows = pointsByRound(view(mid.after, 0));
    expect(rows).toHaveLength(5);
    expect(rows.slice(2).every((r) => r.points === null)).toBe(true);
    for (const [i, result] of mid.after.results.entries())
      expect(rows[i]?.points).toEqual([result.scoring[0].points, result.scoring[1].points]);
  });

  it("knows who chooses after a false accusation", () => {
    const falseOne = [8, 9, 10, 11, 12, 13, 14, 15]
      .flatMap(playGame)
      .flatMap((s) => s.after.results)
      .find((r) => r.scoring.some((row) => row.reasons.includes("false_accusation")));
    if (!falseOne) throw new Error("no false accusation in these games");
    const accused = falseOne.accuser === 0 ? 1 : 0;
    expect(chooserAfter(falseOne)).toBe(accused);
  });
});
