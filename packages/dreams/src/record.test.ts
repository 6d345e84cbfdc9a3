import { type GameRecord, parseRecord, writeRecord } from "@firmament/game-kit";
import { playSteps, testRecord, unwrap } from "@firmament/game-kit/testing";
import { describe, expect, it } from "vitest";
import { apply } from "./apply";
import { auditRecord, recordRounds } from "./record";
import { createGame } from "./setup";
import { mulberry32, randomLegalAction, testSeed } from "./testing";
import type { Colour } from "./types";

const COLOURS: Colour[] = ["red", "blue", "green", "yellow"];
const DECK = Array.from({ length: 96 }, (_, i) => `card-${i}`);

function play(seed: number, players = 4, stopAfter = Number.POSITIVE_INFINITY) {
  const random = mulberry32(seed);
  const created = createGame({ colours: COLOURS.slice(0, players), deck: DECK, seed: testSeed(random) });
  const initial = unwrap(created);
  return {
    initial,
    ...playSteps({ apply }, initial, (state) => randomLegalAction(state, random), stopAfter),
  };
}

function recordOf(game: ReturnType<typeof play>): GameRecord {
  const seats = game.state.colours.map((colour, seat) => ({
    seat,
    name: `P${seat}`,
    colour,
    bot: seat ? "easy" : null,
  }));
  const header = { game: "dreams", match: 2, seats, tags: { Deck: "standard@test", Cards: DECK.join(" ") } };
  return testRecord(header, recordRounds(game.initial, game.steps), game.state);
}

describe("Dreams records", () => {
  it("replay finished games to the same scores through the rules, from public and revealed facts", () => {
    for (const [seed, players] of [
      [1, 3],
      [2, 4],
      [3, 5],
      [4, 6],
    ] as const) {
      const game = play(seed, players);
      const text = writeRecord(recordOf(game));
      expect(text).not.toContain(game.initial.rng.key);
      const parsed = parseRecord(text);
      if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
      expect(writeRecord(parsed.value)).toBe(text);
      const audit = auditRecord(parsed.value);
      if (!audit.ok) throw new Error(`${audit.error.code}: ${audit.error.message}`);
      expect(audit.value.scores).toEqual(game.state.scores);
      expect(audit.value.winners).toEqual(game.state.winners);
      expect(audit.value.actions).toBe(game.steps.length);
    }
  });

  it("keep the current round's guesses and secret out of an unfinished game's record", () => {
    for (let stop = 1; stop < 80; stop += 7) {
      const game = play(9, 4, stop);
      const rounds = recordOf(game).rounds;
      const last = rounds.at(-1);
      if (!last || last.secret !== null) continue;
      expect(last.lines.some((l) => l.word === "reveal")).toBe(false);
      expect(last.lines.filter((l) => l.word === "guess").every((l) => l.args.length === 1)).toBe(true);
      const audit = auditRecord(recordOf(game));
      expect(audit.ok && audit.value.unchecked).toEqual([last.round]);
    }
  });

  it("refuse a star the rules refuse, a wrong score and a forged secret", () => {
    const text = writeRecord(recordOf(play(5)));
    const star = /^star (\d) (\w+) ([\d.e-]+) ([\d.e-]+)$/m.exec(text);
    if (!star) throw new Error("no star");
    const outside = parseRecord(text.replace(star[0], `star ${star[1]} ${star[2]} 1.5 ${star[4]}`));
    const refused = outside.ok ? auditRecord(outside.value) : outside;
    expect(refused.ok ? "ok" : refused.error.code).toBe("record/illegal_action");
    const wrong = parseRecord(text.replace(/^points (\d+)/m, (_, p) => `points ${Number(p) + 1}`));
    const scored = wrong.ok ? auditRecord(wrong.value) : wrong;
    expect(scored.ok ? "ok" : scored.error.code).toBe("record/score_mismatch");
    const forged = parseRecord(
      text.replace(/^reveal dreams\|1\|(\d)/m, (_, v) => `reveal dreams|1|${(Number(v) % 4) + 1}`),
    );
    expect(forged.ok ? "ok" : forged.error.code).toBe("record/commitment_mismatch");
  });
});
