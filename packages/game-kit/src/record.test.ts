import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./commitment";
import { type GameRecord, line, parseRecord, writeRecord } from "./record";

const secret = "demo|1|x";
const sample: GameRecord = {
  game: "demo",
  rules: 1,
  table: "ABCDEF",
  match: 3,
  date: "2026-11-26T10:00:00.000Z",
  finished: true,
  seats: [
    { seat: 0, name: 'Ann "the quick" \\o/', colour: "red", bot: null },
    { seat: 1, name: "Bot", colour: null, bot: "strong" },
  ],
  tags: { Deck: "standard@2.0.0" },
  rounds: [
    {
      round: 1,
      head: ["dealer", "0"],
      commitment: sha256Hex(secret),
      secret,
      lines: [
        line("commit", sha256Hex(secret)),
        line("move", 0, "a"),
        line("reveal", secret),
        line("points", 1, 0),
      ],
    },
  ],
  result: { scores: [1, 0], winners: [0] },
};
const text = writeRecord(sample);
const code = (input: string) => {
  const parsed = parseRecord(input);
  return parsed.ok ? "ok" : parsed.error.code;
};

describe("game records", () => {
  it("read back exactly what was written, whatever the names", () => {
    expect(parseRecord(text)).toEqual({ ok: true, value: sample });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => !/[\n\r]/.test(s)),
        (name) => {
          const record = {
            ...sample,
            seats: [
              { ...sample.seats[0], name } as GameRecord["seats"][0],
              sample.seats[1] as GameRecord["seats"][0],
            ],
          };
          const parsed = parseRecord(writeRecord(record));
          expect(parsed.ok && parsed.value.seats[0]?.name).toBe(name);
        },
      ),
    );
  });

  it("refuse bad records with namespaced codes and the line they stopped at", () => {
    expect(code("")).toBe("record/empty");
    expect(code(text.replace('[Record "1"]', '[Record "9"]'))).toBe("record/version");
    expect(code(text.replace('[Table "ABCDEF"]\n', ""))).toBe("record/missing_tag");
    expect(code(text.replace('[Match "3"]', '[Match "3"]\n[Match "4"]'))).toBe("record/duplicate_tag");
    expect(code(text.replace('[Match "3"]', "[Match 3]"))).toBe("record/bad_tag");
    expect(code(text.replace("round 1", "round 2"))).toBe("record/bad_round");
    expect(code(text.replace("move 0 a", "move  0 a"))).toBe("record/bad_line");
    expect(code(text.replace(`reveal ${secret}`, "reveal demo|1|y"))).toBe("record/commitment_mismatch");
    expect(code(text.replace(/commit \w+\n/, ""))).toBe("record/reveal_before_commit");
    expect(code(text.replace('[Scores "1 0"]', '[Scores "1"]'))).toBe("record/bad_result");
    expect(code(text.replace('[Seats "2"]', '[Seats "1"]'))).toBe("record/bad_seats");
    expect(code(text.replace("points 1 0", "points 1 0\nmove 1 b"))).toBe("record/after_reveal");
    expect(code(text.replace("round 1 dealer 0\n", ""))).toBe("record/outside_round");
    const refused = parseRecord(text.replace("move 0 a", "move\t0"));
    expect(refused.ok ? "" : refused.error.message).toMatch(/^Line \d+:/);
  });

  it("refuse a token that would not read back", () => {
    expect(() => line("move", "two words")).toThrow();
  });
});
