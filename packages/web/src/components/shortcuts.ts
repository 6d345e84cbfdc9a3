/**
 * Single-key shortcuts to the regions of a game's table, game-neutral: each game names its regions and
 * their keys; the table's region `r` is the element with id `region-r`.
 */

/** A game's regions and the key of each (a letter of its English name; the help shows it in every language). */
export type RegionKeys<R extends string = string> = Readonly<Record<R, string>>;

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
export function shortcutOf<R extends string>(
  press: KeyPress,
  target: FocusTarget | null,
  keys: RegionKeys<R>,
): R | "help" | null {
  if (press.ctrlKey || press.altKey || press.metaKey || isTyping(target)) return null;
  if (press.key === "?") return "help";
  const key = press.key.toLowerCase();
  return (Object.keys(keys) as R[]).find((region) => keys[region] === key) ?? null;
}
