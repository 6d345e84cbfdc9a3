import { highlow as rules } from "@firmament/highlow";
import { describe, expect, it } from "vitest";
import { leaves, placeholders } from "../../i18n/leaves";
import { FIXTURE_GAMES, findGame, GAMES } from "../registry";
import { highlow } from "./game";
import { de } from "./i18n/de";
import { en } from "./i18n/en";
import { fr } from "./i18n/fr";
import { it as italian } from "./i18n/it";

describe("High-Low's record", () => {
  it("has the seats of the game's rules and, like them, no turn timer", () => {
    expect({ min: highlow.seats.min, max: highlow.seats.max }).toEqual(rules.seats);
    expect(rules.timers).toBeUndefined();
    expect(Object.values(highlow.timers).flatMap((phases) => Object.keys(phases))).toEqual([]);
  });

  it("is a fixture: known to the client, never among the games offered to players", () => {
    expect(highlow.fixture).toBe(true);
    expect(findGame("highlow")).toBe(highlow);
    expect(FIXTURE_GAMES).toEqual([highlow]);
    expect(GAMES.map((game) => game.kind)).toEqual(["dreams", "dreamers"]);
  });

  it("has every string in every language, translated, with the same placeholders", () => {
    const source = leaves(en);
    for (const catalogue of [de, fr, italian]) {
      const mine = leaves(catalogue);
      expect([...mine.keys()].sort()).toEqual([...source.keys()].sort());
      for (const [key, text] of source) {
        expect(placeholders(mine.get(key) ?? ""), key).toEqual(placeholders(text));
        if (/\s\p{L}{4,}\s/u.test(text)) expect(mine.get(key), key).not.toBe(text);
      }
    }
  });
});
