import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { BELIEF_STRINGS, ensureBeliefStrings } from ".";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: { app: { title: "Firmament" } } } },
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
  });
});

describe("belief bars", () => {
  it("adds their strings to loaded languages only, so a language's own catalogue still loads later", () => {
    ensureBeliefStrings();
    expect(i18next.t("beliefs.heading")).toBe(BELIEF_STRINGS.en?.heading);
    expect(i18next.hasResourceBundle("de", "translation")).toBe(false);
    expect(Object.keys(BELIEF_STRINGS).sort()).toEqual(["de", "en", "fr", "it"]);
    // Once German's catalogue is loaded, the bars speak German too.
    i18next.addResourceBundle("de", "translation", { app: { title: "Firmament" } });
    ensureBeliefStrings();
    expect(i18next.t("beliefs.heading", { lng: "de" })).toBe("Was der stärkste Bot folgerte");
    expect(i18next.t("app.title", { lng: "de" })).toBe("Firmament");
  });
});
