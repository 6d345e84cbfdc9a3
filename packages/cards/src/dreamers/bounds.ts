/** Measures the outlines of the icons the Dreamers faces draw, as the dream deck's build does for its own. */
import { measureIcon } from "../gen/icon-bounds";
import type { Bounds } from "./icon";

export async function measureIcons(names: readonly string[]): Promise<Record<string, Bounds>> {
  const out: Record<string, Bounds> = {};
  for (const n of [...new Set(names)].sort()) out[n] = await measureIcon(n);
  return out;
}
