import { describe, expect, it } from "vitest";
import { chatMessage, deckNameSchema, joinTableBody, nameSchema } from "./schemas";
import { allStringsWellFormed, isWellFormed, textProblem } from "./text";

/** Every format character the issue found accepted, and their relatives. */
const FORMAT = [
  "\u061C", // Arabic letter mark
  "\u200B", // zero-width space
  "\u200C", // zero-width non-joiner
  "\u200D", // zero-width joiner (outside an emoji)
  "\u200E", // left-to-right mark
  "\u202E", // right-to-left override
  "\u2066", // left-to-right isolate
  "\u00AD", // soft hyphen
  "\u180E", // Mongolian vowel separator
  "\u2060", // word joiner
  "\uFEFF", // byte order mark
  "\uFFF9", // interlinear annotation anchor
  "\uFFFA",
  "\uFFFB",
  "\u{E0041}", // tag latin capital A
  "\u{E0001}", // language tag
  "\u{1D173}", // musical symbol begin beam
];
/** Characters that render as nothing without being format characters. */
const BLANK = ["\u3164", "\u115F", "\u1160", "\uFFA0", "\u034F", "\u2800", "\uFE0F", "\u0301"];

describe("names and chat", () => {
  it("refuse every control and format character, anywhere", () => {
    for (const c of FORMAT) {
      expect(textProblem(`Ann${c}`), JSON.stringify(c)).toBe("invisible_or_control");
      expect(textProblem(`${c}Ann`), JSON.stringify(c)).toBe("invisible_or_control");
      expect(nameSchema.safeParse(`Bo${c}b`).success, JSON.stringify(c)).toBe(false);
      expect(chatMessage.safeParse({ text: `hi${c} there` }).success, JSON.stringify(c)).toBe(false);
    }
    for (let code = 0; code < 0xa0; code++) {
      if (code >= 0x20 && code < 0x7f) continue;
      const c = String.fromCharCode(code);
      expect(nameSchema.safeParse(`A${c}b`).success).toBe(false);
      expect(chatMessage.safeParse({ text: `A${c}b` }).success).toBe(code === 0x0a);
    }
    expect(chatMessage.safeParse({ text: "a\u2028b" }).success).toBe(false);
  });

  it("refuse invisible characters that are not format characters (Hangul fillers, the grapheme joiner)", () => {
    for (const c of ["\u3164", "\u115F", "\u1160", "\uFFA0", "\u034F"]) {
      expect(nameSchema.safeParse(`Ann${c}`).success, JSON.stringify(c)).toBe(false);
      expect(nameSchema.safeParse(c).success, JSON.stringify(c)).toBe(false);
    }
  });

  it("require something visible: names that would render blank are refused", () => {
    for (const c of BLANK) {
      expect(nameSchema.safeParse(c).success, JSON.stringify(c)).toBe(false);
      expect(nameSchema.safeParse(c.repeat(3)).success, JSON.stringify(c)).toBe(false);
      expect(chatMessage.safeParse({ text: `${c}\n${c}` }).success, JSON.stringify(c)).toBe(false);
    }
    expect(textProblem("\u2800\u2800")).toBe("nothing_visible");
    expect(textProblem("\u0301")).toBe("nothing_visible");
    const blank = nameSchema.safeParse("\u2800");
    expect(blank.success ? "" : blank.error.issues[0]?.message).toMatch(/visible/);
  });

  it("keep emoji whole: a joiner between two pictographs and presentation selectors are fine", () => {
    for (const emoji of [
      "Nina \u{1F469}\u200D\u{1F680}", // 👩‍🚀
      "\u{1F3F3}\uFE0F\u200D\u{1F308}", // 🏳️‍🌈
      "\u{1F469}\u{1F3FD}\u200D\u{1F680}", // 👩🏽‍🚀
      "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", // 👨‍👩‍👧
      "\u{1F469}\u200D\u2764\uFE0F\u200D\u{1F468}", // 👩‍❤️‍👨
      "I \u2764\uFE0F it", // ❤️
      "1\uFE0F\u20E3 first", // 1️⃣
      "\u{1F1E9}\u{1F1EA} Bea", // 🇩🇪
      "Zoë", // a precomposed letter
      "Zoe\u0308", // and the same with a combining mark
      "<b>Ann</b> & co",
      "李小龍",
      "مریم",
    ]) {
      expect(textProblem(emoji), emoji).toBeNull();
      expect(nameSchema.safeParse(emoji).success, emoji).toBe(true);
    }
    expect(chatMessage.safeParse({ text: "line one\nline two \u{1F469}\u200D\u{1F680}" }).success).toBe(true);
  });

  it("refuse a joiner or selector that joins nothing", () => {
    for (const text of [
      "Ann\u200D\u{1F680}", // a letter before it
      "\u{1F469}\u200DAnn", // a letter after it
      "\u{1F469}\u200D", // nothing after it
      "\u200D\u{1F680}",
      "\u{1F469}\u200D\u200D\u{1F680}",
      "Ann\uFE0F", // a selector after a letter
      "1\uFE0F", // a keycap without its keycap mark
    ])
      expect(textProblem(text), JSON.stringify(text)).toBe("invisible_or_control");
  });
});

describe("well-formed UTF-16", () => {
  it("refuses lone surrogates in names and chat, keeps pairs", () => {
    for (const text of ["Ada\uD800", "\uDC00Ada", "A\uDFFF\uD800da"]) {
      expect(isWellFormed(text)).toBe(false);
      expect(textProblem(text)).toBe("ill_formed");
      const name = nameSchema.safeParse(text);
      expect(name.success ? "" : name.error.issues[0]?.message).toMatch(/well-formed/);
      expect(chatMessage.safeParse({ text }).success).toBe(false);
      expect(joinTableBody.safeParse({ name: text, colour: "red" }).success).toBe(false);
      expect(deckNameSchema.safeParse(text).success).toBe(false);
    }
    expect(isWellFormed("\u{1F680}")).toBe(true);
    expect(isWellFormed("\uD83D\uDE80")).toBe(true);
  });

  it("finds a lone surrogate anywhere in a payload, keys included, however deep", () => {
    expect(allStringsWellFormed({ a: ["x", { b: "y" }], n: 1, z: null })).toBe(true);
    expect(allStringsWellFormed({ a: ["x", { b: "y\uD800" }] })).toBe(false);
    expect(allStringsWellFormed({ "k\uDC00": 1 })).toBe(false);
    let deep: unknown = "\uD800";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(allStringsWellFormed(deep)).toBe(false);
  });

  it("deck names: empty is the default name, anything else is held to the name rules", () => {
    expect(deckNameSchema.safeParse("").success).toBe(true);
    expect(deckNameSchema.safeParse("Summer \u{1F3D6}\uFE0F").success).toBe(true);
    expect(deckNameSchema.safeParse("Sum\u200Bmer").success).toBe(false);
    expect(deckNameSchema.safeParse("\u3164").success).toBe(false);
  });
});
