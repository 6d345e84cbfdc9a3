import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { de } from "./de";
import { en } from "./en";
import { fr } from "./fr";
import { it } from "./it";

export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "de", label: "Deutsch" },
  { code: "fr", label: "Français" },
  { code: "it", label: "Italiano" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"];

const STORAGE = "firmament.lang";

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/** The stored choice, else the browser's first supported language, else English. */
export function detectLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE);
    if (isLanguage(stored)) return stored;
  } catch {
    // ignore
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE, language);
  } catch {
    // ignore
  }
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export function initI18n(): typeof i18next {
  const lng = detectLanguage();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources: {
      en: { translation: en },
      de: { translation: de },
      fr: { translation: fr },
      it: { translation: it },
    },
    lng,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
