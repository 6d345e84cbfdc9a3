import { describe, expect, it } from "vitest";
import { REGION_KEYS, REGIONS, shortcutOf } from "./shortcuts";

const press = (key: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});
const onPage = { tagName: "BODY" };

describe("table keyboard shortcuts", () => {
  it("jumps to each region by its own key, in either case; ? opens the help", () => {
    const keys = Object.values(REGION_KEYS);
    expect(new Set(keys).size).toBe(REGIONS.length);
    for (const region of REGIONS) {
      expect(shortcutOf(press(REGION_KEYS[region]), onPage)).toBe(region);
      expect(shortcutOf(press(REGION_KEYS[region].toUpperCase()), onPage)).toBe(region);
    }
    expect(shortcutOf(press("?"), onPage)).toBe("help");
    expect(shortcutOf(press("x"), onPage)).toBeNull();
  });

  it("leaves the firmament's own keys alone (arrows, Enter, 1 2 3, Escape)", () => {
    for (const key of ["ArrowLeft", "Enter", " ", "1", "2", "3", "Escape"])
      expect(shortcutOf(press(key), { tagName: "DIV" })).toBeNull();
  });

  it("works from buttons, radios and the firmament, but not while typing", () => {
    expect(shortcutOf(press("f"), { tagName: "BUTTON" })).toBe("firmament");
    expect(shortcutOf(press("c"), { tagName: "INPUT", type: "radio" })).toBe("chat");
    expect(shortcutOf(press("c"), { tagName: "INPUT", type: "checkbox" })).toBe("chat");
    expect(shortcutOf(press("f"), { tagName: "INPUT", type: "text" })).toBeNull();
    expect(shortcutOf(press("f"), { tagName: "INPUT" })).toBeNull();
    expect(shortcutOf(press("?"), { tagName: "TEXTAREA" })).toBeNull();
    expect(shortcutOf(press("g"), { tagName: "SELECT" })).toBeNull();
    expect(shortcutOf(press("g"), { tagName: "DIV", isContentEditable: true })).toBeNull();
  });

  it("never takes a key with Ctrl, Alt or Meta", () => {
    expect(shortcutOf(press("f", { ctrlKey: true }), onPage)).toBeNull();
    expect(shortcutOf(press("f", { altKey: true }), onPage)).toBeNull();
    expect(shortcutOf(press("c", { metaKey: true }), onPage)).toBeNull();
  });
});
