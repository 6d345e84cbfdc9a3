import { describe, expect, it } from "vitest";
import { defaultSettings, parseSettings } from "./settings";

describe("table settings", () => {
  it("confirm star placement by default on touch screens only; the role hides after Peek by default", () => {
    const alerts = { turnAlerts: true, turnSound: false };
    expect(defaultSettings(true)).toEqual({
      keepRole: false,
      confirmPlacement: true,
      shortcuts: true,
      ...alerts,
    });
    expect(defaultSettings(false)).toEqual({
      keepRole: false,
      confirmPlacement: false,
      shortcuts: true,
      ...alerts,
    });
  });

  it("takes the stored choices over the defaults", () => {
    const stored = JSON.stringify({ keepRole: true, confirmPlacement: false });
    expect(parseSettings(stored, defaultSettings(true))).toEqual({
      keepRole: true,
      confirmPlacement: false,
      shortcuts: true,
      turnAlerts: true,
      turnSound: false,
    });
  });

  it("remembers turn alerts turned off with the one setting", () => {
    const stored = JSON.stringify({ turnAlerts: false });
    expect(parseSettings(stored, defaultSettings(false)).turnAlerts).toBe(false);
  });

  it("ignores what is not a stored boolean setting", () => {
    const defaults = defaultSettings(false);
    expect(parseSettings(null, defaults)).toEqual(defaults);
    expect(parseSettings("{not json", defaults)).toEqual(defaults);
    expect(parseSettings("[true]", defaults)).toEqual(defaults);
    expect(parseSettings('"keepRole"', defaults)).toEqual(defaults);
    expect(parseSettings(JSON.stringify({ keepRole: "yes", shortcuts: 0, evil: true }), defaults)).toEqual(
      defaults,
    );
  });
});
