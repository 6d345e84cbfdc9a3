/** The table's regions a single key jumps to, in the order the help lists them. */
export const REGIONS = [
  "firmament",
  "images",
  "stars",
  "guess",
  "reveal",
  "marker",
  "players",
  "chat",
] as const;
export type Region = (typeof REGIONS)[number];

/** The key of each region (a letter of its English name; the help shows them in every language). */
export const REGION_KEYS: Record<Region, string> = {
  firmament: "f",
  images: "i",
  stars: "s",
  guess: "g",
  reveal: "r",
  marker: "m",
  players: "p",
  chat: "c",
};

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** What has the focus when the key is pressed. */
export interface FocusTarget {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}

const TYPING_INPUTS = new Set(["text", "search", "email", "url", "tel", "password", "number"]);

/** True where a letter is typed rather than a command: text fields, selects (type to choose), editors. */
export function isTyping(target: FocusTarget | null): boolean {
  if (!target) return false;
  const tag = target.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) return true;
  return tag === "INPUT" && TYPING_INPUTS.has((target.type ?? "text").toLowerCase());
}

/**
 * The region a key press jumps to, "help" for "?", or null: never with Ctrl, Alt or Meta (the
 * browser's and screen readers' own keys), never while typing.
 */
export function shortcutOf(press: KeyPress, target: FocusTarget | null): Region | "help" | null {
  if (press.ctrlKey || press.altKey || press.metaKey || isTyping(target)) return null;
  if (press.key === "?") return "help";
  const key = press.key.toLowerCase();
  return REGIONS.find((region) => REGION_KEYS[region] === key) ?? null;
}
