/** Build-time access to the Fluent Emoji Flat icon set (MIT). */
import { createRequire } from "node:module";
import { getIconData, iconToSVG } from "@iconify/utils";
import type { IconBounds, IconSource } from "./compose";

type IconifyJSON = Parameters<typeof getIconData>[0];

const require = createRequire(import.meta.url);
let set: IconifyJSON | null = null;

export function iconSet(): IconifyJSON {
  set ??= require("@iconify-json/fluent-emoji-flat/icons.json") as IconifyJSON;
  return set;
}

export function iconBody(name: string): { body: string; width: number; height: number } {
  const data = getIconData(iconSet(), name);
  if (!data) throw new Error(`icon not found: fluent-emoji-flat:${name}`);
  const svg = iconToSVG(data);
  return { body: svg.body, width: data.width ?? 32, height: data.height ?? 32 };
}

export function iconSource(bounds: Record<string, IconBounds>): IconSource {
  return (name: string) => {
    const b = bounds[name];
    if (!b) throw new Error(`no measured bounds for icon ${name}; run npm run deck:build`);
    return { body: iconBody(name).body, bounds: b };
  };
}
