/**
 * Every word a call says, in every language the web app has: the one source of the calls' text. A call
 * names the game, the other players and the time left — never anything a player may not see.
 */
export const CALL_LANGUAGES = ["en", "de", "fr", "it"] as const;
export type CallLanguage = (typeof CALL_LANGUAGES)[number];

interface CallTexts {
  move: (game: string, others: string) => string;
  reminder: (game: string, others: string) => string;
  left: (time: string) => string;
  open: string;
  and: string;
  units: { days: string; hours: string; minutes: string };
}

const TEXTS: Record<CallLanguage, CallTexts> = {
  en: {
    move: (game, others) => `Your move in ${game}${others ? ` with ${others}` : ""}`,
    reminder: (game, others) => `Still your move in ${game}${others ? ` with ${others}` : ""}`,
    left: (time) => ` — ${time} left`,
    open: "Open the table to play.",
    and: "and",
    units: { days: "d", hours: "h", minutes: "min" },
  },
  de: {
    move: (game, others) => `Du bist am Zug in ${game}${others ? ` mit ${others}` : ""}`,
    reminder: (game, others) => `Du bist noch am Zug in ${game}${others ? ` mit ${others}` : ""}`,
    left: (time) => ` — noch ${time}`,
    open: "Öffne den Tisch, um zu spielen.",
    and: "und",
    units: { days: "Tg.", hours: "Std.", minutes: "Min." },
  },
  fr: {
    move: (game, others) => `À vous de jouer à ${game}${others ? ` avec ${others}` : ""}`,
    reminder: (game, others) => `Toujours à vous de jouer à ${game}${others ? ` avec ${others}` : ""}`,
    left: (time) => ` — encore ${time}`,
    open: "Ouvrez la table pour jouer.",
    and: "et",
    units: { days: "j", hours: "h", minutes: "min" },
  },
  it: {
    move: (game, others) => `Tocca a te in ${game}${others ? ` con ${others}` : ""}`,
    reminder: (game, others) => `Tocca ancora a te in ${game}${others ? ` con ${others}` : ""}`,
    left: (time) => ` — restano ${time}`,
    open: "Apri il tavolo per giocare.",
    and: "e",
    units: { days: "g", hours: "h", minutes: "min" },
  },
};

export function callLanguage(lang: string): CallLanguage {
  return (CALL_LANGUAGES as readonly string[]).includes(lang) ? (lang as CallLanguage) : "en";
}

const HOUR = 3_600_000;

/** "3 d" from two days on, "23 h" from an hour on, else "45 min" (at least 1). */
export function timeLeft(ms: number, lang: CallLanguage): string {
  const { units } = TEXTS[lang];
  if (ms >= 48 * HOUR) return `${Math.floor(ms / (24 * HOUR))} ${units.days}`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)} ${units.hours}`;
  return `${Math.max(1, Math.ceil(ms / 60_000))} ${units.minutes}`;
}

/** "Bruno", "Bruno and Ada", "Bruno, Ada and Cy". */
export function namesList(names: readonly string[], lang: CallLanguage): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${TEXTS[lang].and} ${names.at(-1)}`;
}

/** What a call says: "Your move in Dreamers with Bruno — 23 h left", and a line to open the table. */
export function callText(
  call: { kind: "move" | "reminder"; game: string; others: readonly string[]; leftMs: number | null },
  lang: CallLanguage,
): { title: string; body: string } {
  const t = TEXTS[lang];
  const others = namesList(call.others, lang);
  const head = call.kind === "move" ? t.move(call.game, others) : t.reminder(call.game, others);
  const left = call.leftMs === null ? "" : t.left(timeLeft(call.leftMs, lang));
  return { title: `${head}${left}`, body: t.open };
}
