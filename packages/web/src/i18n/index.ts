import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { listingsIn } from "../games/strings";
import type { Catalogue } from "./en";
import { en } from "./en";

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

/**
 * English ships in the main bundle; the other catalogues are loaded when chosen. Each comes with every
 * game's listing in that language (`<kind>.listing.*`); a game's other strings come with its code.
 */
const LOADERS: Record<Exclude<Language, "en">, () => Promise<Catalogue>> = {
  de: () => import("./de").then((m) => m.de),
  fr: () => import("./fr").then((m) => m.fr),
  it: () => import("./it").then((m) => m.it),
};

async function load(language: Language): Promise<void> {
  if (language === "en" || i18next.hasResourceBundle(language, "translation")) return;
  const catalogue = await LOADERS[language]();
  i18next.addResourceBundle(language, "translation", { ...catalogue, ...listingsIn(language) });
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE, language);
  } catch {
    // ignore
  }
  await load(language).catch(() => undefined);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = detectLanguage();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: { ...en, ...listingsIn("en") } } },
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (lng !== "en") await setLanguage(lng);
  document.documentElement.lang = lng;
  return i18next;
}
