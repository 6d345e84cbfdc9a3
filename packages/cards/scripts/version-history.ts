/**
 * A versions file maps each version to the one hash of its art, and a version names one set of images
 * forever: the builds of the dream deck and of the Dreamers faces record their art through this.
 */
import { existsSync, readFileSync } from "node:fs";

/**
 * The history in `file` with `art` recorded under `version`. Throws `refusal` when the version already
 * names other art, unless `replace` (a deliberate re-recording) is set.
 */
export function historyWith(
  file: string,
  version: string,
  art: string,
  { replace, refusal }: { replace: boolean; refusal: string },
): Record<string, string> {
  const history: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const known = history[version];
  if (known && known !== art && !replace) throw new Error(refusal);
  history[version] = art;
  return history;
}
