import { describe, expect, it } from "vitest";
import { createTableBody, gameOf, hostedGames } from "./index";
import { parseClientAction } from "./parse-action";

const dreams = gameOf("dreams");
const dreamers = gameOf("dreamers");
if (!dreams || !dreamers) throw new Error("both games are hosted");

describe("an action read once, by its table's game", () => {
  it("fills in the acting seat and returns the game's own copy of the action", () => {
    expect(parseClientAction(dreams, { type: "place_star", kind: "gray", x: 0.5, y: -0 }, 2)).toEqual({
      ok: true,
      value: { type: "place_star", seat: 2, kind: "gray", x: 0.5, y: 0 },
    });
    expect(parseClientAction(dreamers, { type: "pass", seat: 1 }, 1)).toEqual({
      ok: true,
      value: { type: "pass", seat: 1 },
    });
  });

  it("answers input/malformed for an action of another game, or of none, or with a field the game does not read", () => {
    for (const [game, action] of [
      [dreamers, { type: "place_star", kind: "gray", x: 0.5, y: 0.5 }],
      [dreams, { type: "fly" }],
      [dreams, { type: "place_star", kind: "gray", x: "0.5", y: 0.5 }],
      [dreams, { type: "ready", extra: true }],
      [dreamers, { type: "ready", extra: true }],
    ] as const) {
      const read = parseClientAction(game, action, 0);
      expect(read.ok ? null : read.error.code, JSON.stringify(action)).toBe("input/malformed");
    }
  });

  it("answers input/invalid for a value outside the game's vocabulary, and passes the game's other codes on", () => {
    const kind = parseClientAction(dreams, { type: "place_star", kind: "blue", x: 0.5, y: 0.5 }, 0);
    expect(kind.ok ? null : kind.error).toEqual({ code: "input/invalid", message: expect.any(String) });
    const image = parseClientAction(dreams, { type: "guess", guess: { image: 5 } }, 0);
    expect(image.ok ? null : image.error.code).toBe("input/invalid");
    const declaration = parseClientAction(
      dreamers,
      { type: "play_dream", card: "dream-1a", declaration: "nearby" },
      0,
    );
    expect(declaration.ok ? null : declaration.error.code).toBe("input/invalid");
    const card = parseClientAction(dreamers, { type: "play_dream", card: "dream-99z" }, 0);
    expect(card.ok ? null : card.error.code).toBe("card/unknown");
  });
});

describe("the registry", () => {
  it("hosts each game once, under its rules' kind", () => {
    const kinds = hostedGames().map((game) => game.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const game of hostedGames()) expect(game.kind).toBe(game.rules.kind);
    expect(gameOf("chess")).toBeNull();
    expect(gameOf("toString")).toBeNull();
  });

  it("reads POST /api/tables with the named game's own options", () => {
    const settings = { visibility: "private", timer: "off" };
    expect(createTableBody.safeParse({ game: "dreamers", ...settings }).data).toEqual({
      game: "dreamers",
      seats: 2,
      ...settings,
    });
    const dreamsBody = { game: "dreams", seats: 4, ...settings, deck: "standard" };
    expect(createTableBody.safeParse(dreamsBody).data).toEqual(dreamsBody);
    for (const body of [
      { game: "dreams", seats: 4, ...settings },
      { game: "dreams", seats: 7, ...settings, deck: "standard" },
      { game: "dreamers", seats: 3, ...settings },
      { game: "dreamers", ...settings, deck: "standard" },
      { game: "chess", seats: 2, ...settings },
    ])
      expect(createTableBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
