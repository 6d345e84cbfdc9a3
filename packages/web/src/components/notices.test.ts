import { describe, expect, it } from "vitest";
import { de } from "../i18n/de";
import { en } from "../i18n/en";
import { fr } from "../i18n/fr";
import { it as italian } from "../i18n/it";
import { noticeText } from "./notices";

/** A `t` over one catalogue, filling `{{placeholders}}` as i18next does. */
const translator =
  (catalogue: Record<string, unknown>) =>
  (key: string, options: Record<string, unknown> = {}): string => {
    const text = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
    return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };

const notice = { code: "turn/played_for_you" as const, seat: 2, match: 1, version: 7, at: 0 };
const nameOf = (seat: number) => ["Ada", "Bo", "Cleo"][seat] ?? "?";

describe("a move made for a player whose time ran out", () => {
  it("is told to that player as made for them, and to everyone else with the player's name", () => {
    expect(noticeText(notice, 2, nameOf, translator(en))).toBe("Time ran out: a move was made for you.");
    expect(noticeText(notice, 0, nameOf, translator(en))).toBe(
      "Time ran out for Cleo: a move was made for them.",
    );
    expect(noticeText(notice, null, nameOf, translator(en))).toContain("Cleo");
  });

  it("is said in every language", () => {
    for (const catalogue of [de, fr, italian]) {
      const t = translator(catalogue);
      const mine = noticeText(notice, 2, nameOf, t) as string;
      const theirs = noticeText(notice, 1, nameOf, t) as string;
      expect(theirs).toContain("Cleo");
      expect(mine).not.toContain("Cleo");
      expect(mine).not.toBe(noticeText(notice, 2, nameOf, translator(en)));
    }
  });

  it("says nothing for a code this client does not know", () => {
    const unknown = { ...notice, code: "table/something_new" } as unknown as typeof notice;
    expect(noticeText(unknown, 2, nameOf, translator(en))).toBeNull();
  });
});
