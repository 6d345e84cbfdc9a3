/**
 * Account names: the text rules of names at a table (`nameSchema`), chosen once, unique without regard to
 * case and to look-alike characters. Two names that look alike have the same skeleton (`nameKey`), and
 * the skeleton is the unique key in the store.
 */

/**
 * Characters that look like a Latin letter (or like each other), mapped to one representative: common
 * Cyrillic and Greek look-alikes, and digits and letters easily taken for each other (0/o, 1/l/i, 5/s).
 */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  һ: "h",
  і: "l",
  ї: "l",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  // Greek
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "l",
  κ: "k",
  μ: "m",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ζ: "z",
  // Latin and digits taken for each other
  "0": "o",
  "1": "l",
  i: "l",
  "|": "l",
  "5": "s",
  "2": "z",
  "8": "b",
  ı: "l",
};

/** Pairs of letters read as one. */
const DIGRAPHS: Array<[RegExp, string]> = [
  [/rn/g, "m"],
  [/vv/g, "w"],
  [/cl/g, "d"],
];

/** The skeleton of a name: what it looks like, without case, accents, spacing or look-alikes. */
export function nameKey(name: string): string {
  const folded = name.normalize("NFKC").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
  let key = "";
  for (const char of folded) {
    if (/[\s\p{P}\p{S}]/u.test(char) && char !== "|") continue;
    key += CONFUSABLES[char] ?? char;
  }
  for (const [pattern, replacement] of DIGRAPHS) key = key.replace(pattern, replacement);
  return key;
}

/** Names no one may take: the site's own, roles, the bots'. */
const RESERVED = [
  "admin",
  "administrator",
  "root",
  "system",
  "firmament",
  "moderator",
  "mod",
  "support",
  "help",
  "staff",
  "official",
  "server",
  "bot",
  "guest",
  "anonymous",
  "deleted player",
  "deleted",
  "null",
  "undefined",
  "you",
  "Orion",
  "Lyra",
  "Vega",
  "Altair",
  "Deneb",
  "Rigel",
];
const RESERVED_KEYS = new Set(RESERVED.map(nameKey));

export function isReservedName(name: string): boolean {
  return RESERVED_KEYS.has(nameKey(name));
}

/** What a deleted account's seats are called in the records of its finished games. */
export const DELETED_PLAYER = "Deleted player";
