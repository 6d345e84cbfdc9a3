import { describe, expect, it } from "vitest";
import { actionMessage, chatMessage, helloMessage, nameSchema } from "./protocol";
import { parseWith, RateLimiter } from "./validate";

describe("RateLimiter", () => {
  it("allows a burst, then refills at the given rate", () => {
    let now = 0;
    const limiter = new RateLimiter(10, 3, () => now);
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now += 100; // one token back
    expect([limiter.take(), limiter.take()]).toEqual([true, false]);
    now += 10_000; // never more than the burst
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe("inbound schemas", () => {
  it("turn zod issues into stable codes with a readable message", () => {
    const malformed = parseWith(actionMessage, { action: { type: 7 }, round: 1 });
    expect(malformed.ok).toBe(false);
    if (!malformed.ok) expect(malformed.error.code).toBe("input/malformed");
    // the acting seat goes inside the action; beside it, it is an unknown key
    const seatOutside = parseWith(actionMessage, { action: { type: "ready" }, round: 1, seat: 0 });
    expect(seatOutside.ok ? null : seatOutside.error.code).toBe("input/malformed");
    expect(parseWith(actionMessage, { action: { type: "ready", seat: 0 }, round: 1 }).ok).toBe(true);
    const tooLong = parseWith(chatMessage, { text: "a".repeat(301) });
    expect(tooLong.ok ? null : tooLong.error).toEqual({
      code: "input/invalid",
      message: expect.stringContaining("300"),
    });
  });

  it("normalise table codes and keep names as typed (trimmed)", () => {
    expect(parseWith(helloMessage, { code: " k7mwq2 " })).toEqual({ ok: true, value: { code: "K7MWQ2" } });
    expect(parseWith(helloMessage, { code: "K7MWQ0" }).ok).toBe(false); // 0 is not in the alphabet
    expect(parseWith(nameSchema, "  <b>Ann</b> ")).toEqual({ ok: true, value: "<b>Ann</b>" });
    expect(parseWith(nameSchema, "tab\there").ok).toBe(false);
  });

  it("refuse invisible and direction-changing characters, which would let one player pass for another", () => {
    for (const sneaky of ["Bob\u202Eevil", "Ann\u200B", "\u2066Ann", "A\uFEFFnn", "Ann\u200F"]) {
      expect(parseWith(nameSchema, sneaky).ok).toBe(false);
      expect(parseWith(chatMessage, { text: `hi ${sneaky}` }).ok).toBe(false);
    }
    expect(parseWith(chatMessage, { text: "bell\u0085" }).ok).toBe(false);
    // Emoji sequences joined by ZWJ stay fine, and so do line breaks in chat.
    expect(parseWith(nameSchema, "Nina \u{1F469}\u200D\u{1F680}").ok).toBe(true);
    expect(parseWith(chatMessage, { text: "line one\nline two \u{1F469}\u200D\u{1F680}" }).ok).toBe(true);
  });

  // The action inside is read once, by its table's game (games/parse-action.test.ts): the envelope
  // checks only what every game's action has.
  it("accept actions without a seat and refuse envelopes that are not one", () => {
    expect(parseWith(actionMessage, { action: { type: "ready" }, round: 2 }).ok).toBe(true);
    expect(parseWith(actionMessage, { action: { type: "ready" }, round: 2, hack: 1 }).ok).toBe(false);
    expect(parseWith(actionMessage, { action: { seat: 1 }, round: 2 }).ok).toBe(false);
    expect(parseWith(actionMessage, { action: "ready", round: 2 }).ok).toBe(false);
    expect(parseWith(actionMessage, { action: { type: "ready", seat: 0.5 }, round: 2 }).ok).toBe(false);
    expect(parseWith(actionMessage, { action: { type: "ready" } }).ok).toBe(false);
  });
});
