import { describe, expect, it } from "vitest";
import { shortcutOf } from "./shortcuts";

const press = (key: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});
const onPage = { tagName: "BODY" };
const keys = { sky: "s", hand: "h", chat: "c" } as const;

describe("table keyboard shortcuts", () => {
  it("jumps to each region by its own key, in either case; ? opens the help", () => {
    for (const [region, key] of Object.entries(keys)) {
      expect(shortcutOf(press(key), onPage, keys)).toBe(region);
      expect(shortcutOf(press(key.toUpperCase()), onPage, keys)).toBe(region);
    }
    expect(shortcutOf(press("?"), onPage, keys)).toBe("help");
    expect(shortcutOf(press("x"), onPage, keys)).toBeNull();
  });

  it("leaves a table's own keys alone (arrows, Enter, Space, digits, Escape)", () => {
    for (const key of ["ArrowLeft", "Enter", " ", "1", "2", "3", "Escape"])
      expect(shortcutOf(press(key), { tagName: "DIV" }, keys)).toBeNull();
  });

  it("works from buttons, radios and boxes, but not while typing", () => {
    expect(shortcutOf(press("s"), { tagName: "BUTTON" }, keys)).toBe("sky");
    expect(shortcutOf(press("c"), { tagName: "INPUT", type: "radio" }, keys)).toBe("chat");
    expect(shortcutOf(press("c"), { tagName: "INPUT", type: "checkbox" }, keys)).toBe("chat");
    expect(shortcutOf(press("s"), { tagName: "INPUT", type: "text" }, keys)).toBeNull();
    expect(shortcutOf(press("s"), { tagName: "INPUT" }, keys)).toBeNull();
    expect(shortcutOf(press("?"), { tagName: "TEXTAREA" }, keys)).toBeNull();
    expect(shortcutOf(press("h"), { tagName: "SELECT" }, keys)).toBeNull();
    expect(shortcutOf(press("h"), { tagName: "DIV", isContentEditable: true }, keys)).toBeNull();
  });

  it("never takes a key with Ctrl, Alt or Meta", () => {
    expect(shortcutOf(press("s", { ctrlKey: true }), onPage, keys)).toBeNull();
    expect(shortcutOf(press("s", { altKey: true }), onPage, keys)).toBeNull();
    expect(shortcutOf(press("c", { metaKey: true }), onPage, keys)).toBeNull();
  });
});
