import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deckCredits } from "./credits";
import { EDITIONS, readDeckFile } from "./deck";
import { GENERATED_DIR } from "./paths";

describe("credits and notices", () => {
  it("state that the deck is original art and credit the icon set and the font with their licences", () => {
    const c = deckCredits();
    expect(c.deck).toMatch(/original art/);
    expect(c.items.map((i) => [i.name, i.licence])).toEqual([
      ["Fluent Emoji Flat icons", "MIT"],
      ["Nunito font", "OFL-1.1"],
    ]);
  });

  it("list every icon any edition's cards show in the third-party notices", () => {
    const notices = readFileSync(join(GENERATED_DIR, "THIRD_PARTY_NOTICES.md"), "utf8");
    expect(notices).toContain("Permission is hereby granted, free of charge");
    expect(notices).toContain("SIL OPEN FONT LICENSE Version 1.1");
    const used = new Set(
      EDITIONS.flatMap((e) =>
        readDeckFile(e).cards.flatMap((c) =>
          c.objects.filter((o) => o.icon.startsWith("fluent-emoji-flat:")).map((o) => o.icon.slice(18)),
        ),
      ),
    );
    // the notices name every icon drawn, also those the manifests leave out as mostly hidden
    const listed = new Set(notices.match(/Icons used in the deck: (.*)/)?.[1]?.split(", ") ?? []);
    expect([...used].filter((i) => !listed.has(i))).toEqual([]);
  });
});
