import { type GameRecord, parseRecord, writeRecord } from "@firmament/game-kit";
import { playSteps, testRecord, unwrap } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { apply } from "./apply";
import { auditRecord, recordRounds } from "./record";
import { createGame } from "./setup";
import { mulberry32, randomLegalAction, testSeed } from "./testing";

function play(seed: number, stopAfter = Number.POSITIVE_INFINITY) {
  const random = mulberry32(seed);
  const created = createGame({}, testSeed(random));
  const initial = unwrap(created);
  return {
    initial,
    ...playSteps({ apply }, initial, (state) => randomLegalAction(state, random), stopAfter),
  };
}

function recordOf(game: ReturnType<typeof play>): GameRecord {
  const seats = [
    { seat: 0, name: "Ada", colour: "red", bot: null },
    { seat: 1, name: 'Bot "B"', colour: "blue", bot: "strong" },
  ];
  const header = { game: "dreamers", match: 1, seats, tags: { Deck: "dreamers-standard" } };
  return testRecord(header, recordRounds(game.initial, game.steps), game.state);
}

describe("Dreamers records", () => {
  it("replay finished games to the same scores and winners through the rules", () => {
    let chosen = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const game = play(seed);
      const text = writeRecord(recordOf(game));
      const parsed = parseRecord(text);
      if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
      expect(writeRecord(parsed.value)).toBe(text);
      const audit = auditRecord(parsed.value);
      if (!audit.ok) throw new Error(`seed ${seed}: ${audit.error.code}: ${audit.error.message}\n${text}`);
      expect(audit.value.scores).toEqual(game.state.scores);
      expect(audit.value.winners).toEqual(game.state.winners);
      expect(audit.value.actions).toBe(game.steps.length);
      expect(audit.value.rounds.length).toBe(game.state.results.length);
      if (/ chooser \d/.test(text)) chosen++;
    }
    // a falsely accused player's choice of identity is checked too
    expect(chosen).toBeGreaterThan(0);
  });

  it("never write a hand or a card still face down, nor a chosen identity before the reveal", () => {
    for (let stop = 1; stop < 60; stop += 3) {
      const game = play(11, stop);
      const rounds = recordOf(game).rounds;
      const last = rounds.at(-1);
      if (!last || last.secret !== null) continue;
      const hand = new Set([...game.state.round.hands[0], ...game.state.round.hands[1]]);
      for (const entry of last.lines) for (const arg of entry.args) expect(hand.has(arg)).toBe(false);
      const faceDown = game.state.round.plays[1] === null ? game.state.round.plays[0] : null;
      if (faceDown) expect(last.lines.some((l) => l.args.includes(faceDown))).toBe(false);
      expect(last.lines.every((l) => l.word !== "choose" || l.args.length === 1)).toBe(true);
      const audit = auditRecord(recordOf(game));
      expect(audit.ok && audit.value.unchecked).toEqual([last.round]);
    }
  });

  it("refuses a record whose plays the rules would refuse", () => {
    const game = play(4);
    const text = writeRecord(recordOf(game));
    // the first player's card of turn 1 played by the other seat: not in that hand
    const tampered = text.replace(/^play (\d) /m, (_, seat) => `play ${seat === "0" ? 1 : 0} `);
    const parsed = parseRecord(tampered);
    const audit = parsed.ok ? auditRecord(parsed.value) : parsed;
    expect(audit.ok).toBe(false);
    const points = parseRecord(text.replace(/^points (-?\d+) /m, (_, p) => `points ${Number(p) + 1} `));
    const refused = points.ok ? auditRecord(points.value) : points;
    expect(refused.ok ? "ok" : refused.error.code).toBe("record/score_mismatch");
  });
});
