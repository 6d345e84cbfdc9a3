/**
 * What text a person may give the server (names, chat, deck names): characters every reader sees the
 * same way. Refused are strings that are not well-formed UTF-16 (a lone surrogate would be stored as
 * U+FFFD and come back changed), every control and format character (`\p{Cc}`, `\p{Cf}`: zero-width
 * spaces and joiners, bidi marks and overrides, the soft hyphen, tag characters, interlinear
 * annotations…), every other character Unicode says to render as nothing (`Default_Ignorable_Code_Point`:
 * the Hangul fillers, the combining grapheme joiner…) and the line and paragraph separators — so one
 * player cannot pass for another, or reorder what others read — and text with nothing visible in it
 * (only spaces, marks, ignorables or the blank Braille pattern U+2800).
 *
 * Two exceptions keep emoji whole: U+200D ZERO WIDTH JOINER between two pictographs (an emoji before it,
 * possibly with a skin tone or the emoji presentation selector, and a pictograph after it: 👩‍🚀, 🏳️‍🌈,
 * 👩🏽‍🚀), where it joins them into one emoji and hides nothing; and the variation selectors U+FE0E/U+FE0F
 * right after a pictograph (❤️) or in a keycap (1️⃣), which choose how it is drawn. Chat may also hold line
 * breaks (`\n`). Emoji tag sequences (subdivision flags such as England's) are refused with the tag
 * characters.
 *
 * Plain functions without zod, so the browser client can check a form field with the server's rules.
 */

/** Characters refused anywhere: controls, formats, ignorables, line/paragraph separators. */
const REFUSED = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
/** A joiner between two pictographs: the only place U+200D is allowed. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;
/** A text or emoji presentation selector right after a pictograph, or in a keycap (1️⃣: 1, U+FE0F, U+20E3). */
const EMOJI_SELECTOR = /(?<=\p{Extended_Pictographic})[\uFE0E\uFE0F]|(?<=[0-9#*])\uFE0F(?=\u20E3)/gu;
/** A character that shows something: not a space, mark, control, ignorable, unassigned or blank. */
const VISIBLE = /[^\p{White_Space}\p{M}\p{C}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** A surrogate not part of a pair (in a `u` regex, a pair is one code point and does not match). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether `text` is well-formed UTF-16: no surrogate outside a pair. */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

export type TextProblem = "ill_formed" | "invisible_or_control" | "nothing_visible";

/**
 * Why `text` cannot be accepted as a name or chat line, or null if it can. `lineBreaks`: whether `\n`
 * is allowed (chat). Checks characters only; lengths are the schemas' business.
 */
export function textProblem(text: string, options: { lineBreaks?: boolean } = {}): TextProblem | null {
  if (!isWellFormed(text)) return "ill_formed";
  let rest = text.replace(EMOJI_JOINER, "").replace(EMOJI_SELECTOR, "");
  if (options.lineBreaks) rest = rest.replaceAll("\n", "");
  if (REFUSED.test(rest)) return "invisible_or_control";
  if (!VISIBLE.test(text)) return "nothing_visible";
  return null;
}

/** A readable sentence for a problem with a field called `what` ("A name", "A message"). */
export function textProblemMessage(problem: TextProblem, what: string): string {
  switch (problem) {
    case "ill_formed":
      return `${what} must be well-formed Unicode text (it holds a lone surrogate).`;
    case "invisible_or_control":
      return `${what} cannot contain control, invisible or direction-changing characters.`;
    case "nothing_visible":
      return `${what} needs at least one visible character.`;
  }
}

/**
 * Whether every string anywhere in a JSON-like value is well-formed (keys included). Walks without
 * recursion, so no nesting depth makes it throw; values other than arrays and plain objects are leaves.
 */
export function allStringsWellFormed(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (!isWellFormed(item)) return false;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        if (!isWellFormed(key)) return false;
        stack.push(element);
      }
    }
  }
  return true;
}
