import { type GameRecord, parseRecord, writeRecord } from "@firmament/game-kit";
import { testRecord } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { randomGame } from "../test/helpers";
import { auditRecord, recordRounds } from "./record";
import type { HighLowState } from "./types";

/** The record of a random game, stopped after `stopAfter` actions if given. */
function recordOf(
  seed: number,
  stopAfter = Number.POSITIVE_INFINITY,
): { record: GameRecord; game: ReturnType<typeof randomGame> } {
  const game = randomGame(seed);
  const count = Math.min(stopAfter, game.actions.length);
  const steps = game.actions.slice(0, count).map((action, i) => ({ action, events: game.events[i] ?? [] }));
  const seats = [
    { seat: 0, name: "Ada", colour: "red", bot: null },
    { seat: 1, name: 'Bot "B"', colour: "blue", bot: "easy" },
  ];
  const header = { game: "highlow", match: 1, date: "2026-11-27T10:00:00.000Z", seats, tags: {} };
  const record = testRecord(
    header,
    recordRounds(game.states[0] as never, steps),
    game.states[count] as HighLowState,
  );
  return {
    record,
    game: { ...game, states: game.states.slice(0, count + 1), actions: game.actions.slice(0, count) },
  };
}

const audited = (text: string) => {
  const parsed = parseRecord(text);
  return parsed.ok ? auditRecord(parsed.value) : parsed;
};
const codeOf = (text: string) => {
  const result = audited(text);
  return result.ok ? "ok" : result.error.code;
};

describe("High-Low records", () => {
  it("read back as written and replay finished games to the same result through the rules", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { record, game } = recordOf(seed);
      const text = writeRecord(record);
      const parsed = parseRecord(text);
      if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
      expect(parsed.value).toEqual(record);
      expect(writeRecord(parsed.value)).toBe(text);
      const audit = auditRecord(parsed.value);
      if (!audit.ok) throw new Error(`seed ${seed}: ${audit.error.code}: ${audit.error.message}\n${text}`);
      const final = game.states.at(-1);
      expect(audit.value).toEqual({
        rounds: [{ round: 1, points: final?.scores, scores: final?.scores }],
        scores: final?.scores,
        winners: final?.winners,
        actions: game.actions.length,
        unchecked: [],
      });
    }
  });

  it("never write a chosen number or the salt while the game goes on", () => {
    let checked = 0;
    for (let stop = 0; stop < 8; stop++) {
      const { record, game } = recordOf(21, stop);
      const state = game.states.at(-1);
      if (!state || state.phase === "over") continue;
      checked++;
      const text = writeRecord(record);
      expect(text).not.toContain(state.salt);
      expect(
        record.rounds[0]?.lines.filter((l) => l.word === "choose").every((l) => l.args.length === 1),
      ).toBe(true);
      for (const number of state.numbers)
        if (number !== null)
          expect(
            record.rounds[0]?.lines.some((l) => l.word === "choose" && l.args.includes(String(number))),
          ).toBe(false);
      const audit = auditRecord(record);
      expect(audit.ok && audit.value.unchecked).toEqual([1]);
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it("refuse a record the rules or the commitment contradict", () => {
    const text = writeRecord(recordOf(4).record);
    const firstGuess = /^guess (\d) (\d+) (higher|lower)$/m.exec(text);
    if (!firstGuess) throw new Error(`no miss in\n${text}`);
    const [whole, seat, number, answer] = firstGuess;
    const flipped = answer === "higher" ? "lower" : "higher";
    expect(codeOf(text.replace(whole, `guess ${seat} ${number} ${flipped}`))).toBe("record/answer_mismatch");
    expect(codeOf(text.replace(whole, `guess ${seat === "0" ? 1 : 0} ${number} ${answer}`))).toBe(
      "record/illegal_action",
    );
    expect(codeOf(text.replace(/^points (\d) (\d)$/m, "points $2 $1"))).toBe("record/score_mismatch");
    expect(codeOf(text.replace(/^choose 0 \d+$/m, "choose 0 51"))).toBe("record/bad_secret");
    expect(codeOf(text.replace(/^choose 1 (\d+)$/m, "choose 1 x$1"))).toBe("record/bad_move");
    expect(codeOf(text.replace(/^round 1 first (\d)$/m, "round 1 dealer $1"))).toBe("record/bad_round");
    expect(
      codeOf(text.replace(/^(reveal highlow\|1\|)(\d+)/m, (_, head, n) => `${head}${(Number(n) % 50) + 1}`)),
    ).toBe("record/commitment_mismatch");
    expect(codeOf(text.replace('[Game "highlow"]', '[Game "dreams"]'))).toBe("record/wrong_game");
    expect(
      codeOf(
        text.replace('[Status "finished"]', '[Status "playing"]').replace(/\[(Scores|Winners) .*\]\n/g, ""),
      ),
    ).toBe("record/bad_result");
  });
});
