/** Every string of a message catalogue by its dotted key (for the catalogues' tests). */
export function leaves(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out.set(path, child);
    else for (const [k, v] of leaves(child, path)) out.set(k, v);
  }
  return out;
}

/** The `{{name}}` placeholders of a message, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * Where a catalogue falls short of the English one (for the catalogues' tests): keys it lacks or adds,
 * empty messages, and messages whose placeholders differ from the English. Empty when it matches.
 */
export function translationProblems(english: unknown, catalogue: unknown): string[] {
  const source = leaves(english);
  const mine = leaves(catalogue);
  const problems = [...mine.keys()].filter((key) => !source.has(key)).map((key) => `${key}: not in English`);
  for (const [key, text] of source) {
    const translated = mine.get(key);
    if (translated === undefined) problems.push(`${key}: missing`);
    else if (translated.trim().length === 0) problems.push(`${key}: empty`);
    else if (placeholders(translated).join(" ") !== placeholders(text).join(" "))
      problems.push(`${key}: placeholders ${placeholders(translated)} instead of ${placeholders(text)}`);
  }
  return problems;
}
